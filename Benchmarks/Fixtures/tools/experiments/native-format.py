#!/usr/bin/env python3
"""Does the embedded model choose tools better in its chat template's own format (Qwen2.5's
`<tool_call>` block) than in Guided's envelope (`{"tool": NAME, "arguments": ...}`)?

Runs the 18 dev requests of ../requests.jsonl against a llama-server started with --jinja on
the embedded default (Qwen2.5-Coder-1.5B-Instruct), greedy, the tools listed by the model's own
template (/apply-template with `tools`), in two variants:

  free    the grammar admits a `<tool_call>` block with a declared tool and arguments, or text
          that does not start with `<`: the model decides as its format intends.
  forced  the grammar admits only a `<tool_call>` block, whose name is a declared tool or
          "none" (arguments {}): the decision is forced into the format.

Prints each request's expected and chosen tool, then how many were right. Usage:
  llama-server -m qwen2.5-coder-1.5b-instruct-q4_k_m.gguf --port 18777 -c 4096 --jinja -np 1 &
  python3 native-format.py [port]
"""
import json
import os
import sys
import urllib.request

PORT = sys.argv[1] if len(sys.argv) > 1 else "18777"
HERE = os.path.dirname(os.path.abspath(__file__))
TOOLS = {
    "day_of_week": ("Gives the weekday of a date.", "date", "The date, as YYYY-MM-DD"),
    "phone_number": ("Gives the phone number of a contact, by full name.", "name", None),
    "weather": ("Gives the current weather in a city.", "city", None),
}


def post(path, body):
    request = urllib.request.Request(
        "http://localhost:" + PORT + path, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as reply:
        return json.loads(reply.read())


def definition(name):
    description, key, about = TOOLS[name]
    field = {"type": "string"} | ({"description": about} if about else {})
    parameters = {"type": "object", "properties": {key: field}, "required": [key]}
    return {"type": "function", "function": {"name": name, "description": description, "parameters": parameters}}


def call_rule(name):
    key = TOOLS[name][1]
    return '"{\\"name\\": \\"%s\\", \\"arguments\\": {\\"%s\\": \\"" [^"]+ "\\"}}"' % (name, key)


def grammar(variant, names):
    calls = " | ".join(call_rule(name) for name in names)
    if variant == "free":
        return 'root ::= "<tool_call>\\n" call "\\n</tool_call>" | answer\ncall ::= %s\nanswer ::= [^<] [^\\n]{0,30}' % calls
    return 'root ::= "<tool_call>\\n" call "\\n</tool_call>"\ncall ::= %s | "{\\"name\\": \\"none\\", \\"arguments\\": {}}"' % calls


def chosen(output):
    if not output.startswith("<tool_call>"):
        return "none"
    return json.loads(output.split("\n")[1])["name"]


for variant in ("free", "forced"):
    right = total = 0
    print("# " + variant)
    with open(os.path.join(HERE, "..", "requests.jsonl"), encoding="utf-8") as lines:
        for line in lines:
            request = json.loads(line)
            if request["split"] != "dev":
                continue
            messages = [{"role": "user", "content": request["prompt"]}]
            if variant == "forced":
                system = "Call a tool only when the question needs one of them; otherwise call none."
                messages.insert(0, {"role": "system", "content": system})
            tools = [definition(name) for name in request["tools"]]
            prompt = post("/apply-template", {"messages": messages, "tools": tools})["prompt"]
            body = {"prompt": prompt, "n_predict": 60, "temperature": 0, "grammar": grammar(variant, request["tools"])}
            output = post("/completion", body)["content"]
            total += 1
            right += chosen(output) == request["expect"]
            print("%-10s expected %-13s chose %-13s %r" % (request["id"], request["expect"], chosen(output), output[:48]))
    print("%s: the right tool (or none) in %d of %d dev requests\n" % (variant, right, total))
