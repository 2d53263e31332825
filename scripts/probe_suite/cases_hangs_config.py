"""Cases, part 2b: hangs from redaction cost, configurations with very many backends, and FIFOs."""

import json
import os
import re
import socket

from .common import escaped_json, jq
from .servers import CTYPE, FaultServer, event, final_events, send
from .runner import run
from .judge import Verdict, verdict
from .fixtures import backend, config, generate_args
from .registry import case


# --- redaction cost --------------------------------------------------------------------------

def token_stream(count, token, echo=None, json_mode=True):
    """A generation handler streaming `count` events of `token` inside {"text": …} (or free text),
    `echo` (a JSON string literal fragment) once in the middle."""
    def handler(server, req, conn):
        pieces = ['"{\\"text\\":\\""' if json_mode else '"Start"']
        for i in range(count):
            pieces.append(jq(token))
            if echo and i == count // 2:
                pieces.append(echo)
        pieces.append('"\\"}"' if json_mode else '"."')
        body = b"".join(event(server.dialect, p, raw=True) for p in pieces) + b"".join(final_events(server.dialect))
        send(conn, 200, body, ctype=CTYPE[server.dialect])
    return handler


def redaction_case(dialect, where, secret_length, count, echo_escaped=True, key_char=None):
    def fn(env, fx):
        if key_char:
            secret = key_char * secret_length
        else:
            secret = ("rk-" + "".join("abcdefghjkmnpqrstuvwxyz23456789"[(i * 7 + 3) % 31] for i in range(secret_length)))[
                :secret_length]
        echo = '"%s"' % (escaped_json(secret) if echo_escaped else secret)
        token = (key_char * 60) if key_char else "word "
        server = FaultServer(dialect, token_stream(count, token, echo))
        try:
            schema = env.json("free.json", {"type": "object", "properties": {"text": {"type": "string"}},
                                            "required": ["text"], "additionalProperties": False})
            extra_env = {}
            if where == "key":
                b = backend(dialect, server.url, apiKeyEnv="PROBE_API_KEY", maxTokens=100000)
                extra_env["PROBE_API_KEY"] = secret
            else:
                b = backend(dialect, server.url.replace("http://", "http://probe:%s@" % secret), maxTokens=100000)
            cfg = config(env, b)
            r = run(env, "guided", generate_args(fx, cfg, "--stream", schema=schema), extra_env=extra_env)
            return verdict(r, rc=0, out=r"\[redacted\]", secrets=[secret], seconds=15, max_traces=1)
        finally:
            server.stop()
    return fn


for _d, _w, _len, _n, _esc, _ch in [("openai", "key", 4096, 600, True, None), ("openai", "key", 16384, 1000, False, None),
                                    ("llama", "password", 1024, 600, True, None),
                                    ("ollama", "password", 2048, 800, False, None),
                                    ("openai", "key", 4096, 500, False, "k")]:
    case("hang", "redaction-%s-%s-%d-%d%s" % (_d, _w, _len, _n, "-repetitive" if _ch else ""),
         "%d-character %s, %d streamed tokens, the secret echoed %s%s" % (
             _len, "API key" if _w == "key" else "URL password", _n, "JSON-escaped" if _esc else "raw",
             " (key and text all one letter)" if _ch else ""))(redaction_case(_d, _w, _len, _n, _esc, _ch))


# --- configurations with very many backends ----------------------------------------------------

def many_backends_case(count, what):
    def fn(env, fx):
        server = FaultServer("llama")
        try:
            backends = [backend("llama", server.url if i == 0 else fx.dead_url, name="b%d" % i, timeoutSeconds=3)
                        for i in range(count)]
            top = {}
            if what == "duplicate":
                backends[-1]["name"] = "b0"
            if what == "route":
                top["route"] = ["b0"] * count
            if what == "pool":
                backends = [{"name": "p", "kind": "pool",
                             "members": [{"kind": "llama-server", "url": server.url if i == 0 else fx.dead_url}
                                         for i in range(count)]}]
            if what == "outputs":
                backends = backends[:1]
                top["outputs"] = {"Type%d" % i: {"candidates": {"count": 1}} for i in range(count)}
            cfg = config(env, *backends, **top)
            if what == "duplicate":
                r = run(env, "guided", generate_args(fx, cfg))
                return verdict(r, rc=2, err=r"#/backends/%d/name" % (count - 1), seconds=20)
            if what == "backends":
                r = run(env, "guided", ["backends", "--config", cfg])
                return verdict(r, rc=0, seconds=25, rss_mb=800)
            r = run(env, "guided", generate_args(fx, cfg))
            v = verdict(r, rc={0, 2}, seconds=20, out=r"fed the starter" if what != "route" else None,
                        rss_mb=800)
            took = re.search(r"trace: \S+: ok, .*?(\d+) ms", r.err)
            if not r.timed_out and r.seconds > 5 and took:
                v.maybe("%.1f s for a request whose attempt took %s ms: the time goes into handling the "
                        "configuration (a backend looked up by name once per route entry)" % (r.seconds, took.group(1)))
            return v
        finally:
            server.stop()
    return fn


for _count, _what in [(10000, "first-live"), (50000, "first-live"), (50000, "duplicate"), (50000, "route"),
                      (20000, "pool"), (20000, "outputs"), (3000, "backends")]:
    case("hang", "config-%dk-%s" % (_count // 1000, _what),
         "a configuration with %d %s" % (_count, {"first-live": "backends, the first one live",
                                                  "duplicate": "backends, the last one's name a duplicate",
                                                  "route": "route entries", "pool": "pool members",
                                                  "outputs": "outputs entries",
                                                  "backends": "refused backends, `guided backends`"}[_what]))(
        many_backends_case(_count, _what))


# --- FIFOs and other special files where guided opens a path --------------------------------

def fifo_case(where):
    def fn(env, fx):
        directory = env.dir()
        fifo = os.path.join(directory, "fifo.json")
        kw = {}
        expect = dict(rc=2, err=r"not a regular file|FIFO")
        hang_is = "fail"
        if where == "implicit-config":
            os.mkfifo(os.path.join(directory, "guided.json"))
            args, kw["cwd"] = ["generate", "--schema", fx.notif, "--prompt", "x", "--no-quality-checks"], directory
        elif where == "implicit-config-copywriter":
            os.mkfifo(os.path.join(directory, "guided.json"))
            args, kw["cwd"] = [fx.copy], directory
        elif where == "implicit-config-symlink-to-fifo":
            os.mkfifo(fifo)
            os.symlink(fifo, os.path.join(directory, "guided.json"))
            args, kw["cwd"] = ["backends"], directory
        elif where == "implicit-config-socket":
            sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            sock.bind(os.path.join(directory, "guided.json"))
            args, kw["cwd"] = ["backends"], directory
        elif where == "compile-out-fifo":
            os.mkfifo(os.path.join(directory, "notif.gbnf"))
            args = ["compile", fx.notif, "--out", directory]
        elif where == "compile-out-fifo-json-schema":
            os.mkfifo(os.path.join(directory, "notif.schema.json"))
            os.mkfifo(os.path.join(directory, "notif.json"))
            args = ["compile", fx.notif, "--out", directory, "--format", "json-schema"]
        elif where == "compile-out-symlink-to-fifo":
            os.mkfifo(fifo)
            os.symlink(fifo, os.path.join(directory, "notif.gbnf"))
            args = ["compile", fx.notif, "--out", directory]
        elif where == "compile-out-dir-is-fifo":
            os.mkfifo(fifo)
            args = ["compile", fx.notif, "--out", fifo]
            expect = dict(rc={2, 4}, err=r"error")
        elif where == "config-template-fifo":
            os.mkfifo(os.path.join(directory, "template.json"))
            cfg = os.path.join(directory, "g.json")
            with open(cfg, "w") as f:
                json.dump({"backends": [backend("llama", fx.dead_url)],
                           "outputs": {"notif": {"fallback": {"template": "template.json"}}}}, f)
            args = generate_args(fx, cfg)
            expect = dict(rc=2, err=r"template")
        elif where == "explicit-config-fifo":
            os.mkfifo(fifo)
            args, hang_is = ["backends", "--config", fifo], "borderline"
        elif where == "env-config-fifo":
            os.mkfifo(fifo)
            args, kw["extra_env"], hang_is = ["backends"], {"GUIDED_CONFIG": fifo}, "borderline"
        elif where == "examples-fifo":
            os.mkfifo(fifo)
            args, hang_is = generate_args(fx, fx.dead, "--examples", fifo), "borderline"
        elif where == "schema-fifo":
            os.mkfifo(fifo)
            args, hang_is = ["validate", fifo, fx.notif], "borderline"
        r = run(env, "guided" if where != "implicit-config-copywriter" else "copywriter", args, timeout=10, **kw)
        if r.timed_out and hang_is == "borderline":
            v = Verdict()
            v.runs.append(r)
            v.maybe("blocks opening a FIFO the user named with no writer (as `cat FIFO` would); the docs say a "
                    "FIFO where guided would open a file is refused")
            return v
        return verdict(r, **expect)
    return fn


for _where in ["implicit-config", "implicit-config-copywriter", "implicit-config-symlink-to-fifo",
               "implicit-config-socket", "compile-out-fifo", "compile-out-fifo-json-schema",
               "compile-out-symlink-to-fifo", "compile-out-dir-is-fifo", "config-template-fifo",
               "explicit-config-fifo", "env-config-fifo", "examples-fifo", "schema-fifo"]:
    case("hang", "fifo-" + _where, "a FIFO (or socket) where guided opens a file: " + _where)(fifo_case(_where))
