"""Cases, part 6: unclear errors (byte-order marks, --help and usage, apiKeyEnv, huge headers)."""

import json
import os
import re

from .servers import FaultServer, events
from .runner import run
from .judge import excerpt, verdict
from .fixtures import ARCHIVE, COPY_REQUEST, GOOD, backend, config, generate_args, server_config
from .registry import case


# ---------------------------------------------------------------------------------------------
# 6. Unclear errors
# ---------------------------------------------------------------------------------------------

BOM = b"\xef\xbb\xbf"


def bom_case(what):
    def fn(env, fx):
        if what == "fallback":
            args = generate_args(fx, fx.dead, "--fallback", env.file("f.json", BOM + b'{"text":"x"}'))
            tool = "guided"
        elif what == "copywriter-request":
            tool, args = "copywriter", [env.file("r.json", BOM + json.dumps(COPY_REQUEST).encode()), "--config",
                                        fx.dead]
        elif what == "archive":
            tool, args = "librarian", [env.file("a.json", BOM + json.dumps(ARCHIVE).encode()), "--config", fx.dead]
        elif what == "copywriter-stdin":
            tool, args = "copywriter", ["-", "--config", fx.dead]
        elif what == "config-template":
            directory = env.dir()
            with open(os.path.join(directory, "t.json"), "wb") as f:
                f.write(BOM + b'{"text":"Back in {month}"}')
            cfg = os.path.join(directory, "g.json")
            with open(cfg, "w") as f:
                json.dump({"backends": [backend("llama", fx.dead_url)],
                           "outputs": {"notif": {"fallback": {"template": "t.json"}}}}, f)
            tool, args = "guided", generate_args(fx, cfg)
        elif what == "config-crlf":
            tool, args = "guided", ["backends", "--config", env.file("g.json", BOM + b'{\r\n"backends": []\r\n}\r\n')]
        r = run(env, tool, args, stdin=BOM + json.dumps(COPY_REQUEST).encode() if what == "copywriter-stdin" else None)
        return verdict(r, rc=2, err=r"byte-order mark", absent=["invalid utf-8", "invalid UTF-8"])
    return fn


for _what in ["fallback", "copywriter-request", "archive", "copywriter-stdin", "config-template", "config-crlf"]:
    case("unclear", "bom-" + _what, "a UTF-8 byte-order mark at the start of the %s" % _what.replace("-", " "))(
        bom_case(_what))


@case("unclear", "bom-utf16-schema", "a UTF-16LE schema file (FF FE BOM)")
def _(env, fx):
    path = env.file("s.json", b"\xff\xfe" + '{"type":"string"}'.encode("utf-16-le"))
    r = run(env, "guided", ["validate", path, env.file("i.json", '"x"')])
    v = verdict(r, rc=2, err=r":\d+:\d+: error: ")
    if not re.search(r"UTF-16|byte-order|BOM", r.err, re.I):
        v.maybe("a UTF-16 file is not named as such: " + excerpt(r.err))
    return v


@case("unclear", "bom-inside-string-ok", "a U+FEFF inside a JSON string (not a BOM) is accepted")
def _(env, fx):
    path = env.file("s.json", '{"type":"string","description":"zero\ufeffwidth"}')
    return verdict(run(env, "guided", ["validate", path, env.file("i.json", '"x"')]), rc=0)


def help_case(tool, args, rc, stream, pattern):
    def fn(env, fx):
        r = run(env, tool, args)
        if rc is None:  # config-swap's usage says --config FILE is required
            v = verdict(r, rc={0, 2})
            if r.rc == 0:
                v.maybe("`config-swap` without --config (its usage: `config-swap --config FILE`) runs on the "
                        "built-in default instead of printing the usage")
            return v
        return verdict(r, rc=rc, **{stream: pattern})
    return fn


for _tool, _args, _rc, _stream, _pattern in [
        ("copywriter", ["REQUEST.json", "--help"], 0, "out", r"^usage: copywriter "),
        ("step-suggester", ["--bogus"], 2, "err", r"unknown option --bogus.*usage: step-suggester"),
        ("librarian", ["archive.json", "--today"], 2, "err", r"--today needs a value"),
        ("config-swap", [], None, "err", None),
        ("config-swap", ["-h", "--config"], 0, "out", r"^usage: config-swap"),
        ("guided", ["generate", "--bogus", "1"], 2, "err", r"--bogus"),
        ("guided", ["validate", "a", "b", "c"], 2, "err", r"usage|SCHEMA INSTANCE"),
        ("guided", ["compile", "--help"], 0, "out", r"^usage: guided "),
        ("guided", ["--help"], 0, "out", r"^usage: guided "),
        ("copywriter", ["--json=1", "x"], 2, "err", r"unknown option --json=1")]:
    case("unclear", "cli-%s-%s" % (_tool, "-".join(a.strip("-") for a in _args)[:30] or "none"),
         "`%s %s`" % (_tool, " ".join(_args)))(help_case(_tool, _args, _rc, _stream, _pattern))


def api_key_env_case(label):
    def fn(env, fx):
        server = FaultServer("openai")
        try:
            extra_env = {}
            if label == "empty-name":
                b = backend("openai", server.url, apiKeyEnv="")
            elif label == "unset":
                b = backend("openai", server.url, apiKeyEnv="PROBE_UNSET_KEY")
            elif label == "empty-value":
                b = backend("openai", server.url, apiKeyEnv="PROBE_EMPTY_KEY")
                extra_env["PROBE_EMPTY_KEY"] = ""
            elif label == "equals-in-name":
                b = backend("openai", server.url, apiKeyEnv="A=B")
            elif label == "space-in-name":
                b = backend("openai", server.url, apiKeyEnv="MY KEY")
            elif label == "whitespace-value":
                b = backend("openai", server.url, apiKeyEnv="PROBE_WS_KEY")
                extra_env["PROBE_WS_KEY"] = "  sk-probe-key-12345\n"
            elif label == "number":
                b = backend("openai", server.url, apiKeyEnv=5)
            cfg = config(env, b)
            r = run(env, "guided", ["backends", "--config", cfg], extra_env=extra_env)
            if label == "space-in-name":
                return verdict(r, rc={0, 2}, out=r"MY KEY" if r.rc == 0 else None)
            if label in ("empty-name", "number", "equals-in-name"):
                return verdict(r, rc=2, err=r"apiKeyEnv.*#/backends/0/apiKeyEnv|#/backends/0/apiKeyEnv")
            if label == "whitespace-value":
                v = verdict(r, rc=0, secrets=["sk-probe-key-12345"])
                sent = [q.headers.get("authorization", "") for q in server.requests if "authorization" in q.headers]
                if any(h != "Bearer sk-probe-key-12345" for h in sent) and sent:
                    v.maybe("the key's surrounding whitespace/newline is sent as part of it: %r" % sent[0][:40])
                return v
            v = verdict(r, rc=0, out=r"misconfigured.*PROBE_(UNSET|EMPTY)_KEY")
            if label == "empty-value" and "is not set" in r.out:
                v.maybe("a variable set to the empty string is reported as \"not set\": " + excerpt(r.out))
            return v
        finally:
            server.stop()
    return fn


for _label in ["empty-name", "unset", "empty-value", "equals-in-name", "space-in-name", "whitespace-value", "number"]:
    case("unclear", "apiKeyEnv-" + _label, "openai-compatible apiKeyEnv: %s" % _label.replace("-", " "))(
        api_key_env_case(_label))


def header_case(label):
    def gen(server, req, conn):
        conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n")
        if label == "one-1mb-header":
            conn.sendall(b"X-Big: " + b"a" * (1 << 20) + b"\r\n")
        elif label == "one-300kb-header":
            conn.sendall(b"X-Big: " + b"a" * (300 << 10) + b"\r\n")
        elif label == "20k-small-headers":
            conn.sendall(b"".join(b"X-H%d: %s\r\n" % (i, b"v" * 50) for i in range(20000)))
        elif label == "header-without-colon":
            conn.sendall(b"this is not a header\r\n")
        conn.sendall(b"Connection: close\r\n\r\n" + b"".join(events(server.dialect, GOOD)))

    def fn(env, fx):
        server = FaultServer("llama", gen)
        if label == "health-1mb-header":
            server.routes["/health"] = lambda s, r, c: c.sendall(
                b"HTTP/1.1 200 OK\r\nX-Big: " + b"b" * (1 << 20) + b"\r\nContent-Length: 15\r\n\r\n{\"status\":\"ok\"}")
        try:
            cfg = server_config(env, server)
            if label == "health-1mb-header":
                r = run(env, "guided", ["backends", "--config", cfg])
                return verdict(r, rc=0, out=r"header", absent=["Out of memory", "out of memory"])
            r = run(env, "guided", generate_args(fx, cfg))
            if label == "header-without-colon":
                return verdict(r, rc={0, 3}, max_traces=1)
            return verdict(r, rc=3, err=r"header", absent=["Out of memory", "out of memory"], max_traces=1)
        finally:
            server.stop()
    return fn


for _label in ["one-1mb-header", "one-300kb-header", "20k-small-headers", "health-1mb-header",
               "header-without-colon"]:
    case("unclear", "header-" + _label, "the server's response headers: " + _label.replace("-", " "))(
        header_case(_label))
