"""Cases, part 1: crashes (deep regexes, endless streams, devices on standard input)."""

import json
import re

from .common import jq
from .servers import CTYPE, answer, chunked, event, final_events
from .runner import run
from .judge import excerpt, verdict
from .fixtures import generate_args, server_config
from .registry import case, with_server


# ---------------------------------------------------------------------------------------------
# 1. Crashes
# ---------------------------------------------------------------------------------------------

def nested_pattern(kind, n):
    return {"capture": "(" * n + "a" + ")" * n,
            "noncapture": "(?:" * n + "a" + ")" * n,
            "lookahead": "(?=" * n + "a" + ")" * n,
            "alternation": "(a|" * n + "b" + ")" * n,
            "quantified": "(" * n + "a" + ")*" * n,
            "class": "([a-c]" * n + ")" * n,
            "unclosed": "(" * n + "a",
            "named": "".join("(?<g%d>" % i for i in range(n)) + "a" + ")" * n}[kind]


def regex_schema_case(command, kind, n, instance='"a"'):
    def fn(env, fx):
        schema = env.json("deep.schema.json", {"type": "string", "pattern": nested_pattern(kind, n)})
        if command == "validate":
            r = run(env, "guided", ["validate", schema, env.file("i.json", instance)])
        elif command == "compile":
            r = run(env, "guided", ["compile", schema])
        else:
            r = run(env, "guided", ["schema", schema])
        v = verdict(r, rc={0, 1, 2})
        if r.rc == 2 and not re.search(r":\d+:\d+: error: .+", r.err):
            v.fail("exit 2 without a located error: " + excerpt(r.err))
        return v
    return fn


for _command, _kind, _n in [("validate", "capture", 15000), ("compile", "capture", 20000),
                            ("validate", "noncapture", 18000), ("compile", "noncapture", 16000),
                            ("validate", "lookahead", 16000), ("compile", "alternation", 17000),
                            ("validate", "quantified", 15000), ("compile", "class", 15000),
                            ("validate", "unclosed", 20000), ("schema", "named", 15000)]:
    case("crash", "regex-%s-%s-%dk" % (_command, _kind, _n // 1000),
         "schema pattern of %d nested %s groups through `guided %s`" % (_n, _kind, _command))(
        regex_schema_case(_command, _kind, _n))


@case("crash", "regex-patternProperties-deep", "patternProperties key nested 16,000 groups deep, validate")
def _(env, fx):
    schema = env.json("pp.json", {"type": "object", "patternProperties": {nested_pattern("capture", 16000): {}}})
    return verdict(run(env, "guided", ["validate", schema, env.file("i.json", '{"a":1}')]), rc={0, 1, 2})


@case("crash", "regex-propertyNames-deep-compile", "propertyNames pattern nested 16,000 deep, compile")
def _(env, fx):
    schema = env.json("pn.json", {"type": "object", "propertyNames": {"pattern": nested_pattern("noncapture", 16000)}})
    return verdict(run(env, "guided", ["compile", schema]), rc={0, 2})


@case("crash", "regex-format-instance-deep", "validate: a `format: regex` instance nested 20,000 groups deep")
def _(env, fx):
    schema = env.json("f.json", {"type": "string", "format": "regex"})
    r = run(env, "guided", ["validate", schema, env.file("i.json", jq(nested_pattern("capture", 20000)))])
    return verdict(r, rc={0, 1})


def format_regex_model_case(dialect, stream):
    @with_server(dialect, answer(json.dumps({"r": nested_pattern("noncapture", 18000)}), pieces=50))
    def fn(env, fx, server):
        schema = env.json("fr.json", {"type": "object", "properties": {"r": {"type": "string", "format": "regex"}},
                                      "required": ["r"], "additionalProperties": False})
        r = run(env, "guided", generate_args(fx, server_config(env, server), *(["--stream"] if stream else []),
                                             schema=schema))
        return verdict(r, rc={0, 3}, max_traces=1, err=r"trace: b: (ok|failed:invalidOutput)")
    return fn


for _d, _s in [("llama", False), ("openai", True), ("ollama", False)]:
    case("crash", "regex-format-model-answer-%s%s" % (_d, "-stream" if _s else ""),
         "the model answers a `format: regex` string nested 18,000 groups deep (%s%s)" % (
             _d, ", --stream" if _s else ""))(format_regex_model_case(_d, _s))


def many_events_case(dialect, count, piece, stream, command="generate", comment=False):
    def gen(server, req, conn):
        head = b"HTTP/1.1 200 OK\r\nContent-Type: %s\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n" % (
            CTYPE[server.dialect].encode())
        conn.sendall(head)
        if comment:
            one = b": keep-alive\n\n"
        else:
            one = event(server.dialect, piece)
        block = one * 2000
        opening = event(server.dialect, '{"text":"' if command == "generate" else "Hello")
        conn.sendall(chunked([opening])[:-5])
        for _ in range(count // 2000):
            conn.sendall(b"%x\r\n%s\r\n" % (len(block), block))
        closing = event(server.dialect, 'done"}' if command == "generate" else " done.")
        conn.sendall(chunked([closing] + final_events(server.dialect)))

    @with_server(dialect, gen)
    def fn(env, fx, server):
        schema = env.json("free.json", {"type": "object", "properties": {"text": {"type": "string"}},
                                        "required": ["text"], "additionalProperties": False})
        cfg = server_config(env, server, **({"maxTokens": 1000000} if command == "generate" else {}))
        if command == "generate":
            args = generate_args(fx, cfg, *(["--stream"] if stream else []), schema=schema)
        else:
            args = ["respond", "--prompt", "Hi", "--config", cfg] + (["--stream"] if stream else [])
        r = run(env, "guided", args)
        return verdict(r, rc={0, 3}, rss_mb=400, max_traces=1)
    return fn


for _d, _n, _p, _s, _c, _cm in [
        ("llama", 200000, "", True, "generate", False), ("openai", 200000, "", True, "generate", False),
        ("ollama", 200000, "", True, "generate", False), ("llama", 200000, "", False, "generate", False),
        ("llama", 40000, "a", True, "generate", False), ("openai", 40000, "a", True, "respond", False),
        ("ollama", 40000, "a", False, "generate", False),
        ("llama", 200000, "", True, "generate", True)]:
    case("crash", "many-events-%s-%dk%s%s%s%s" % (_d, _n // 1000, "-char" if _p else "-empty",
                                                  "-stream" if _s else "", "-respond" if _c == "respond" else "",
                                                  "-comments" if _cm else ""),
         "%s streams %d %s events%s (%s)" % (_d, _n, "SSE comment" if _cm else ("one-character" if _p else "empty"),
                                            ", --stream" if _s else "", _c))(many_events_case(_d, _n, _p, _s, _c, _cm))


def stdin_device_case(tool, source):
    def fn(env, fx):
        args = {"copywriter": ["-", "--config", fx.dead], "step-suggester": ["-", "--config", fx.dead],
                "librarian": ["-", "--config", fx.dead], "config-swap": ["--config", fx.dead, "-"]}[tool]
        kw = {}
        if source == "urandom":
            kw["stdin"] = "/dev/urandom"
        elif source == "zero":
            kw["stdin"] = "/dev/zero"
        elif source == "endless-pipe":
            def writer(pipe):
                block = b"{" * 65536
                while True:
                    pipe.write(block)
            kw["stdin"] = writer
        elif source == "sparse":
            path = env.path("sparse.json")
            with open(path, "wb") as f:
                f.truncate(64 * 1024 * 1024 + 1)
            kw["stdin"] = path
        elif source == "closed":
            kw["close_stdin"] = True
        elif source == "empty":
            kw["stdin"] = b""
        r = run(env, tool, args, **kw)
        if source in ("urandom", "zero", "endless-pipe", "sparse"):
            return verdict(r, rc=2, err=r"standard input holds more than 64 MiB", rss_mb=400)
        return verdict(r, rc=2, err=r"<stdin>(:\d+:\d+)?: error: ")
    return fn


for _t, _src in [("copywriter", "urandom"), ("step-suggester", "endless-pipe"), ("librarian", "sparse"),
                 ("config-swap", "zero"), ("copywriter", "closed"), ("librarian", "empty"),
                 ("step-suggester", "zero"), ("config-swap", "urandom")]:
    case("crash", "stdin-%s-%s" % (_t, _src), "`%s -` reading standard input from %s" % (_t, _src))(
        stdin_device_case(_t, _src))


@case("crash", "validate-dev-stdin-endless", "`guided validate SCHEMA /dev/stdin` with an endless pipe")
def _(env, fx):
    def writer(pipe):
        block = b"[" * 65536
        while True:
            pipe.write(block)
    r = run(env, "guided", ["validate", fx.notif, "/dev/stdin"], stdin=writer)
    return verdict(r, rc=2, err=r"larger than 64 MiB", rss_mb=400)
