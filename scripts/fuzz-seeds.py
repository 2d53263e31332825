#!/usr/bin/env python3
"""Writes libFuzzer seed corpora for Fuzz/ from the repository's conformance fixtures.

Usage: scripts/fuzz-seeds.py OUTPUT_DIR
One folder per fuzz target, one file per seed (JSONTestSuite texts, JSON-Schema-Test-Suite
schemas and instances, JSONSchemaBench schemas, llama.cpp's GBNF test grammars, the schemas'
patterns, configuration examples, SSE and NDJSON bodies in each backend's shape).
"""
import glob, hashlib, json, os, sys

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
out = sys.argv[1]
seeds = {name: set() for name in ["fuzz-json-reader", "fuzz-partial-json", "fuzz-gbnf", "fuzz-regex",
                                  "fuzz-schema-import", "fuzz-configuration", "fuzz-stream-lines",
                                  "fuzz-redaction"]}

def lines(path):
    with open(os.path.join(root, path), encoding="utf-8") as handle:
        for line in handle:
            if line.strip():
                yield json.loads(line)

def patterns(node):
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "pattern" and isinstance(value, str):
                yield value
            yield from patterns(value)
    elif isinstance(node, list):
        for value in node:
            yield from patterns(value)

for case in lines("Tests/GuidedSchemaTests/Fixtures/jsontestsuite.jsonl"):
    seeds["fuzz-json-reader"].add(case["text"])
    seeds["fuzz-partial-json"].add(case["text"])
for case in lines("Tests/GuidedSchemaTests/Fixtures/jsts-full.jsonl"):
    schema = json.dumps(case["schema"])
    seeds["fuzz-schema-import"].add(schema)
    seeds["fuzz-json-reader"].add(case.get("instance_text") or "")
    for pattern in patterns(case["schema"]):
        seeds["fuzz-regex"].add(pattern + "\0" + "abc-123")
for path in glob.glob(os.path.join(root, "Benchmarks/Fixtures/jsonschemabench/*/*.json"))[:300]:
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    seeds["fuzz-schema-import"].add(text)
    for pattern in patterns(json.loads(text)):
        seeds["fuzz-regex"].add(pattern + "\0" + "2024-01-31")
for case in lines("Tests/GuidedGrammarTests/Fixtures/gbnf-conformance.jsonl"):
    if "grammar" in case:
        seeds["fuzz-gbnf"].add(case["grammar"] + "\x01" + (case.get("instance_text") or ""))
for path in glob.glob(os.path.join(root, "schemas/*.json")):
    with open(path, encoding="utf-8") as handle:
        seeds["fuzz-schema-import"].add(handle.read())
seeds["fuzz-configuration"].update([
    '{"backends": [{"name": "local", "kind": "llama-server", "url": "http://127.0.0.1:8080"}, {"name": "embedded", "kind": "managed-llama-server"}], "route": ["local", "embedded"]}',
    '{"backends": [{"name": "o", "kind": "ollama", "url": "http://127.0.0.1:11434", "model": "gemma3:270m", "timeoutSeconds": 30, "idleTimeoutSeconds": 5}], "version": 1}',
    '{"backends": [{"name": "v1", "kind": "openai-compatible", "url": "http://u:p@127.0.0.1:8080/v1", "model": "x", "apiKeyEnv": "OPENAI_API_KEY", "maxTokens": 300}], "routes": {"StepSuggestions": ["v1"]}}',
])
seeds["fuzz-stream-lines"].update([
    '\x03data: {"content":"{\\"","stop":false}\n\ndata: {"content":"","stop":true,"stop_type":"eos"}\n\n',
    '\x07{"model":"m","response":"{","done":false}\n{"model":"m","response":"","done":true,"done_reason":"stop"}\n',
    '\x01: ping\r\nevent: done\r\ndata: {"choices":[{"delta":{"content":"x"}}]}\r\n\r\ndata: [DONE]\r\n\r\n',
])
seeds["fuzz-redaction"].update([
    '\x03hunter2-secret\x01reader:hunter2-secret\x02key hunter2-secret, pair reader:hunter2-secret end',
    '\x01aaaaaaaa\x02xaaaaaaaaaaaaaaaaaaay aaaaaaa',
    '\x05abcabcab\x01cabcabca\x02abcabcabcabcabcab abcab',
    '\x02sk-\u00e9t\u00e9-secret\x02un \u00e9t\u00e9 sk-\u00e9t\u00e9-secret fini',
    '\x03\\u0073k\\u002dsecret-key \\\\u0073 \\/ \\ud83d\\ude00 \\u00',
    '\x04boom \x1b]52;c;aGk=\x07\x1b[2J\rover\x00\ntrace: forged\u009b31m\x7fend',
])
for name, texts in seeds.items():
    folder = os.path.join(out, name)
    os.makedirs(folder, exist_ok=True)
    for text in filter(None, texts):
        data = text.encode("utf-8", "surrogatepass")
        with open(os.path.join(folder, hashlib.sha1(data).hexdigest()), "wb") as handle:
            handle.write(data)
    print(f"{name}: {len(texts)} seeds")
