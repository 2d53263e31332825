"""Cases, part 5b: server and configuration text reaching the terminal, plus two neighbours (a short
URL password echoed in an error, a model /v1/models does not list)."""

import json
import os
import re

from .common import HOSTILE, jq
from .servers import CTYPE, FaultServer, answer, error_body, events, send
from .runner import run
from .judge import excerpt, verdict
from .fixtures import ARCHIVE, backend, config, generate_args, server_config
from .registry import case, with_server


# --- server text reaching the terminal --------------------------------------------------------

def hostile_error_case(dialect, shape, flags=()):
    def gen(server, req, conn):
        if shape == "json-error":
            send(conn, 500 if dialect != "openai" else 400, error_body(dialect, 500, jq(HOSTILE)))
        elif shape == "plain-502":
            send(conn, 502, HOSTILE.encode(), ctype="text/plain")
        elif shape == "reason-phrase":
            conn.sendall(b"HTTP/1.1 500 " + HOSTILE.replace("\n", " ").replace("\r", " ").encode() +
                         b"\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}")
        elif shape == "reason-phrase-no-nul":
            conn.sendall(b"HTTP/1.1 500 " + HOSTILE.replace("\n", " ").replace("\r", " ").replace(
                "\x00", "").encode() +
                         b"\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}")
        elif shape == "stream-error-event":
            body = ('data: {"error":{"message":%s}}\n\n' % jq(HOSTILE)).encode() if dialect != "ollama" else \
                ('{"error":%s}\n' % jq(HOSTILE)).encode()
            send(conn, 200, body, ctype=CTYPE[dialect])
        elif shape == "partial":
            pieces = [jq('{"text":"'), jq(HOSTILE[:20]), jq(HOSTILE[20:]), jq('"}')]
            send(conn, 200, b"".join(events(dialect, None, raw_pieces=pieces)), ctype=CTYPE[dialect])
        elif shape == "retry-after":
            send(conn, 429, error_body(dialect, 429, jq("slow down")),
                 headers=[("Retry-After", "7\x1b[2J\x1b]52;c;eA==\x07")])
        elif shape == "invalid-value":
            send(conn, 200, b"".join(events(dialect, json.dumps({"text": HOSTILE * 3}))), ctype=CTYPE[dialect])
        elif shape == "valid-value":
            send(conn, 200, b"".join(events(dialect, json.dumps({"text": HOSTILE[:60]}))), ctype=CTYPE[dialect])

    @with_server(dialect, gen)
    def fn(env, fx, server):
        schema = fx.notif
        if shape == "invalid-value":
            schema = env.json("short.json", {"type": "object", "properties": {"text": {"type": "string",
                                                                                       "maxLength": 10}},
                                             "required": ["text"], "additionalProperties": False})
        r = run(env, "guided", generate_args(fx, server_config(env, server), *flags, schema=schema))
        return verdict(r, rc={0, 3}, max_traces=1)
    return fn


for _d, _shape, _flags in [
        ("llama", "json-error", []), ("ollama", "json-error", ["--json"]), ("openai", "json-error", []),
        ("llama", "plain-502", []), ("ollama", "plain-502", []), ("openai", "plain-502", ["--json"]),
        ("llama", "reason-phrase", []), ("openai", "reason-phrase-no-nul", []),
        ("ollama", "reason-phrase-no-nul", []),
        ("openai", "stream-error-event", []), ("llama", "stream-error-event", ["--stream"]),
        ("ollama", "stream-error-event", []),
        ("llama", "partial", ["--stream"]), ("ollama", "partial", ["--stream"]),
        ("openai", "retry-after", []), ("llama", "invalid-value", ["--json"]), ("ollama", "invalid-value", []),
        ("openai", "valid-value", []), ("llama", "valid-value", ["--json"])]:
    case("terminal", "hostile-%s-%s%s" % (_shape, _d, "".join(_flags)),
         "%s: terminal escapes, CR, NUL, C1 and a forged trace line in %s %s" % (_d, _shape, " ".join(_flags)))(
        hostile_error_case(_d, _shape, _flags))


def hostile_respond_case(dialect, flags):
    @with_server(dialect, answer(HOSTILE.replace("\n", " ") + " And a second sentence."))
    def fn(env, fx, server):
        r = run(env, "guided", ["respond", "--prompt", "Hi", "--config", server_config(env, server)] + flags)
        return verdict(r, rc={0, 3}, max_traces=1)
    return fn


for _d, _flags in [("llama", []), ("ollama", ["--stream"]), ("openai", ["--json"])]:
    case("terminal", "hostile-respond-%s%s" % (_d, "".join(_flags)),
         "`guided respond` answer with terminal escapes (%s %s)" % (_d, " ".join(_flags)))(
        hostile_respond_case(_d, _flags))


def hostile_listing_case(dialect):
    routes = {
        "ollama": {"/api/tags": lambda s, r, c: send(c, 200, json.dumps(
            {"models": [{"name": "other" + HOSTILE, "model": "x"}]}))},
        "openai": {"/v1/models": lambda s, r, c: send(c, 200, json.dumps(
            {"object": "list", "data": [{"id": HOSTILE}]}))},
        "llama": {"/health": lambda s, r, c: send(c, 503, error_body("llama", 503, jq(HOSTILE)))},
    }[dialect]

    @with_server(dialect, routes=routes)
    def fn(env, fx, server):
        r = run(env, "guided", ["backends", "--config", server_config(env, server)])
        return verdict(r, rc=0)
    return fn


for _d in ["ollama", "openai", "llama"]:
    case("terminal", "hostile-availability-%s" % _d,
         "`guided backends`: %s's availability answer holds terminal escapes" % _d)(hostile_listing_case(_d))


def hostile_example_tool_case(tool):
    def fn(env, fx):
        if tool == "step-suggester":
            value = {"steps": ["Feed the starter " + HOSTILE[:30], "Bake the loaf", "Shape the dough"]}
        else:
            value = {"text": "Back in March you fed the starter twice. " + HOSTILE[:40]}
        server = FaultServer("llama", answer(json.dumps(value)))
        try:
            cfg = server_config(env, server)
            req = {"copywriter": fx.copy, "step-suggester": fx.steps_request}.get(tool)
            if tool == "librarian":
                archive = json.loads(json.dumps(ARCHIVE))
                archive["entries"][0]["text"] = "Fed the starter " + HOSTILE
                args = [env.json("archive.json", archive), "--config", cfg]
            elif tool == "config-swap":
                args = ["--config", cfg]
            else:
                args = [req, "--config", cfg]
            r = run(env, tool, args + ["--json"] if tool == "copywriter" else args)
            return verdict(r, rc={0, 2})
        finally:
            server.stop()
    return fn


for _tool in ["copywriter", "step-suggester", "librarian", "config-swap"]:
    case("terminal", "hostile-report-%s" % _tool, "`%s` report of a model (or archive) text with escapes" % _tool)(
        hostile_example_tool_case(_tool))


@case("terminal", "hostile-config-path-name", "a configuration file whose name holds escapes, with an error in it")
def _(env, fx):
    directory = env.dir()
    path = os.path.join(directory, "cfg\x1b]52;c;eA==\x07\x1b[2J.json")
    with open(path, "w") as f:
        f.write('{"backends": 5}')
    r = run(env, "guided", ["backends", "--config", path])
    return verdict(r, rc=2, err=r"backends")


def hostile_config_case(label, document, expect_rc=(0, 2), bidi=False):
    def fn(env, fx):
        # LIVE: an Ollama without the configured model, so `backends` prints the model's name.
        server = FaultServer("ollama", routes={"/api/tags": lambda s, r, c: send(c, 200, '{"models":[]}')})
        try:
            text = document.replace("DEAD", fx.dead_url).replace("LIVE", server.url)
            r = run(env, "guided", ["backends", "--config", env.file("guided.json", text)])
            return verdict(r, rc=set(expect_rc))
        finally:
            server.stop()
    return fn


for _label, _doc, _rc, _bidi in [
        ("pool-member-bidi", '{"backends":[{"name":"p","kind":"pool","members":[{"name":"m\\u202egnp.exe",'
                             '"kind":"llama-server","url":"DEAD"}]}]}', (2,), True),
        ("backend-name-isolate", '{"backends":[{"name":"b\\u2066x\\u2069","kind":"llama-server","url":"DEAD"}]}',
         (2,), True),
        ("backend-name-rlm", '{"backends":[{"name":"b\\u200fx","kind":"llama-server","url":"DEAD"}]}', (2,), True),
        ("kind-c1", '{"backends":[{"name":"b","kind":"llama\\u009b2J\\u0085x"}]}', (2,), False),
        ("unknown-key-osc8", '{"backends":[{"name":"b","kind":"llama-server","url":"DEAD",'
                             '"\\u001b]8;;http://evil/\\u001b\\\\x":1}]}', (2,), False),
        ("route-newline", '{"backends":[{"name":"b","kind":"llama-server","url":"DEAD"}],'
                          '"route":["b\\ntrace: b: ok"]}', (2,), False),
        ("apiKeyEnv-bidi", '{"backends":[{"name":"b","kind":"openai-compatible","url":"DEAD/v1","model":"m",'
                           '"apiKeyEnv":"KEY\\u202eYEK"}]}', (0, 2), True),
        ("model-nel-bidi", '{"backends":[{"name":"b","kind":"ollama","url":"LIVE","model":"m\\u0085x\\u202ey"}]}',
         (0, 2), True),
        ("outputs-type-escape", '{"backends":[{"name":"b","kind":"llama-server","url":"DEAD"}],'
                                '"outputs":{"T\\u001b[2J":{"route":["nope\\u001b[1m"]}}}', (2,), False),
        ("dialect-escape", '{"backends":[{"name":"b","kind":"openai-compatible","url":"DEAD/v1","model":"m",'
                           '"dialect":"vllm\\u001b[31m"}]}', (2,), False),
        ("template-path-escape", '{"backends":[{"name":"b","kind":"llama-server","url":"DEAD"}],'
                                 '"outputs":{"T":{"fallback":{"template":"t\\u001b[2J\\r.json"}}}}', (2,), False),
        ("raw-newline-in-string", '{"backends":[{"name":"b","kind":"ollama","url":"LIVE","model":"m\n'
                                  'trace: forged"}]}', (0, 2), False)]:
    case("terminal", "config-string-" + _label, "a configuration string with control characters: " + _label)(
        hostile_config_case(_label, _doc, _rc, _bidi))


@case("secret", "short-password-echoed-in-error", "a 7-character URL password the server echoes in a 500 error")
def _(env, fx):
    password = "hunter2"
    server = FaultServer("llama", lambda s, r, c: send(c, 500, error_body("llama", 500, jq(
        "auth failed for probe:%s" % password))))
    try:
        cfg = config(env, backend("llama", server.url.replace("http://", "http://probe:%s@" % password)))
        r = run(env, "guided", generate_args(fx, cfg))
        v = verdict(r, rc={2, 3})
        if password in r.both:
            v.maybe("a URL password under 8 characters is neither refused (as a short API key is) nor redacted: "
                    "the server's echo shows it: " + excerpt(r.both, password))
        return v
    finally:
        server.stop()


@case("wrong", "openai-model-not-listed", "openai-compatible: /v1/models does not list the configured model")
def _(env, fx):
    server = FaultServer("openai", routes={"/v1/models": lambda s, r, c: send(
        c, 200, '{"object":"list","data":[{"id":"other-model","object":"model"}]}')})
    try:
        r = run(env, "guided", ["backends", "--config", server_config(env, server)])
        v = verdict(r, rc=0)
        if re.search(r"\]: available", r.out):
            v.maybe("reported available although /v1/models lists only other-model (Ollama says modelMissing "
                    "in the same situation): " + excerpt(r.out))
        return v
    finally:
        server.stop()
