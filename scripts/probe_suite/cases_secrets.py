"""Cases, part 4: secret leaks (keys echoed escaped, Basic credentials, URL passwords, reflections)."""

import base64
import re
import time

from .common import escaped_json, jq
from .servers import CTYPE, FaultServer, answer, error_body, event, events, final_events, send
from .runner import run
from .judge import excerpt, verdict
from .fixtures import backend, config, generate_args
from .registry import case


# ---------------------------------------------------------------------------------------------
# 4. Secret leaks
# ---------------------------------------------------------------------------------------------

KEY = "tok_Live_9fQ2xZ7mW4pL8vR3nB6cY1"
PASSWORD = "Zq9/Kp7#Lm2x?Tv5"


def key_echo_case(dialect, where, flags, tool="guided", upper=False, slash=False, split=False):
    """The server echoes the API key (or the Basic credentials / URL password) inside the model's
    JSON, spelled with \\uXXXX escapes, and the tool's output must not show it."""
    def fn(env, fx):
        key = KEY.replace("_9f", "/9f") if slash else KEY
        if where == "key":
            secret, extra_env = key, {"PROBE_API_KEY": key}
        elif where == "basic":
            secret, extra_env = base64.b64encode(("probe:" + PASSWORD).encode()).decode(), {}
        else:
            secret, extra_env = PASSWORD, {}
        spelled = escaped_json(secret)
        if upper:
            spelled = spelled.upper().replace("\\U", "\\u")
        if slash:
            spelled = secret.replace("/", "\\/")
        if tool == "step-suggester":
            texts = ['{"steps":["Use %s now","Bake a loaf","Feed the starter"]}']
        else:
            texts = ['{"text":"Your code is %s"}']
        literal_parts = None
        if split:
            # The key one escaped character per event.
            body = texts[0].split("%s")
            literal_parts = [jq(body[0])] + ['"%s"' % escaped_json(c) for c in secret] + [jq(body[1])]

        def gen(server, req, conn):
            if literal_parts:
                # Paced, so that each piece arrives (and can be shown) on its own.
                conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: %s\r\nConnection: close\r\n\r\n"
                             % CTYPE[server.dialect].encode())
                for p in literal_parts:
                    conn.sendall(event(server.dialect, p, raw=True))
                    time.sleep(0.03)
                conn.sendall(b"".join(final_events(server.dialect)))
                return
            else:
                text = texts[0]
                head, tail = text.split("%s")
                stream = b"".join(event(server.dialect, p, raw=True) for p in
                                  [jq(head), '"%s"' % spelled, jq(tail)])
            send(conn, 200, stream + b"".join(final_events(server.dialect)), ctype=CTYPE[server.dialect])
        server = FaultServer(dialect, gen)
        try:
            url = server.url
            if where in ("basic", "password"):
                url = url.replace("http://", "http://probe:%s@" % PASSWORD.replace("?", "%3F"))
            b = backend(dialect, url, **({"apiKeyEnv": "PROBE_API_KEY"} if where == "key" else {}))
            cfg = config(env, b)
            if tool == "guided":
                r = run(env, "guided", generate_args(fx, cfg, *flags), extra_env=extra_env)
            else:
                r = run(env, tool, [fx.steps_request if tool == "step-suggester" else fx.copy, "--config", cfg] +
                        list(flags), extra_env=extra_env)
            secrets = [secret, PASSWORD, base64.b64encode(("probe:" + PASSWORD).encode()).decode()]
            if split:
                secrets.append(secret[:len(secret) * 3 // 4])
            return verdict(r, rc={0, 3} if tool == "guided" else 0, secrets=secrets, max_traces=1)
        finally:
            server.stop()
    return fn


for _d, _w, _flags, _tool, _kw in [
        ("openai", "key", [], "guided", {}), ("openai", "key", ["--json", "--candidates", "2"], "guided", {}),
        ("openai", "key", ["--stream"], "guided", {"split": True}),
        ("openai", "key", ["--json"], "step-suggester", {}), ("openai", "key", [], "step-suggester", {}),
        ("openai", "key", ["--json"], "copywriter", {}), ("openai", "key", [], "guided", {"upper": True}),
        ("openai", "key", [], "guided", {"slash": True}), ("llama", "basic", [], "guided", {}),
        ("ollama", "basic", ["--json"], "guided", {}), ("llama", "password", ["--stream"], "guided", {}),
        ("ollama", "password", ["--json"], "copywriter", {})]:
    _tag = "-".join(k for k in _kw) or "plain"
    case("secret", "echo-%s-%s-%s%s-%s" % (_w, _d, _tool, "".join(f for f in _flags if f.startswith("--j") or
                                                                    f.startswith("--s")), _tag),
         "%s echoes the %s inside the model's JSON, \\u-escaped%s (%s %s)" % (
             _d, {"key": "API key", "basic": "Basic credentials", "password": "URL password"}[_w],
             {"split": ", one escaped character per event", "upper": ", upper-case hex", "slash": ", as \\/ escapes",
              "plain": ""}[_tag], _tool, " ".join(_flags)))(key_echo_case(_d, _w, _flags, _tool, **_kw))


@case("secret", "key-as-property-name", "the key, \\u-escaped, is a property name the schema forbids")
def _(env, fx):
    def gen(server, req, conn):
        body = '{"text":"ok","%s":1}' % escaped_json(KEY)
        send(conn, 200, b"".join(events(server.dialect, None, raw_pieces=[jq(body)])), ctype=CTYPE[server.dialect])
    server = FaultServer("openai", gen)
    try:
        cfg = config(env, backend("openai", server.url, apiKeyEnv="PROBE_API_KEY"))
        r = run(env, "guided", generate_args(fx, cfg, "--json"), extra_env={"PROBE_API_KEY": KEY})
        return verdict(r, rc=3, secrets=[KEY], max_traces=1)
    finally:
        server.stop()


def url_password_case(kind, password, command):
    def fn(env, fx):
        encoded = password
        url = fx.dead_url.replace("http://", "http://probe:%s@" % encoded)
        if kind == "pool":
            b = {"name": "p", "kind": "pool", "members": [{"kind": "llama-server", "url": url}]}
        else:
            b = backend(kind, url + ("/v1" if kind == "openai" else ""))
        cfg = config(env, b)
        args = ["backends", "--config", cfg] if command == "backends" else generate_args(fx, cfg)
        r = run(env, "guided", args)
        fragments = {p for p in re.split(r"[/#?@:%]", password) if len(p) >= 4}
        decoded = re.sub(r"%([0-9A-Fa-f]{2})", lambda m: chr(int(m.group(1), 16)), password)
        v = verdict(r, rc={0, 2, 3}, secrets=[password, decoded] + sorted(fragments))
        if r.rc == 2 and not re.search(r"url", r.err, re.I):
            v.fail("exit 2 without naming the url: " + excerpt(r.err))
        return v
    return fn


for _kind, _pw, _cmd in [("llama", "Zq9/Kp7#Lm2x", "backends"), ("ollama", "Wx8#Ty6/Ab3c", "generate"),
                         ("openai", "Hj4?Rt2@Qw9e", "backends"), ("llama", "p%40ss%2Fw0rdQ", "generate"),
                         ("pool", "Mn5/Bv7#Cx3z", "backends"), ("llama", "Uy6:Ii8:Oo0p", "generate")]:
    case("secret", "url-password-%s-%s-%s" % (_kind, re.sub(r"[^a-z0-9]", "", _pw.lower())[:8], _cmd),
         "URL password %r (%s) in `guided %s` output" % (_pw, _kind, _cmd))(url_password_case(_kind, _pw, _cmd))


def error_echo_case(dialect, what):
    """The server reflects the credentials back in an error (raw, not escaped)."""
    def fn(env, fx):
        def reflect(server, req, conn):
            auth = req.headers.get("authorization", "")
            message = "bad credentials: %s (key %s)" % (auth, KEY)
            if what == "sse-error":
                body = ('data: {"error":{"message":%s}}\n\n' % jq(message)).encode()
                send(conn, 200, body, ctype="text/event-stream")
            elif what == "ndjson-error":
                send(conn, 200, ('{"error":%s}\n' % jq(message)).encode(), ctype="application/x-ndjson")
            else:
                send(conn, 401, error_body(server.dialect, 401, jq(message)))
        routes = {}
        if what == "models-401":
            routes["/v1/models"] = reflect
        server = FaultServer(dialect, reflect, routes)
        try:
            url = server.url
            if dialect != "openai":
                url = url.replace("http://", "http://probe:%s@" % PASSWORD.replace("?", "%3F"))
            b = backend(dialect, url, **({"apiKeyEnv": "PROBE_API_KEY"} if dialect == "openai" else {}))
            cfg = config(env, b)
            args = ["backends", "--config", cfg] if what == "models-401" else generate_args(fx, cfg, "--json")
            r = run(env, "guided", args, extra_env={"PROBE_API_KEY": KEY})
            basic = base64.b64encode(("probe:" + PASSWORD).encode()).decode()
            known = [KEY] if dialect == "openai" else [PASSWORD, basic]  # the credentials guided holds
            return verdict(r, rc={0, 3}, secrets=known, max_traces=1)
        finally:
            server.stop()
    return fn


for _d, _what in [("openai", "status-401"), ("openai", "sse-error"), ("llama", "status-401"),
                  ("ollama", "ndjson-error"), ("openai", "models-401")]:
    case("secret", "reflected-%s-%s" % (_what, _d), "%s reflects the credentials raw in %s" % (_d, _what))(
        error_echo_case(_d, _what))


@case("secret", "key-split-raw-across-events", "the key written raw, split across two events, then --stream")
def _(env, fx):
    half = len(KEY) // 2
    server = FaultServer("openai", answer(raw_pieces=[jq('{"text":"key '), jq(KEY[:half]), jq(KEY[half:]),
                                                      jq(' done"}')]))
    try:
        cfg = config(env, backend("openai", server.url, apiKeyEnv="PROBE_API_KEY"))
        r = run(env, "guided", generate_args(fx, cfg, "--stream", "--json"), extra_env={"PROBE_API_KEY": KEY})
        return verdict(r, rc={0, 3}, secrets=[KEY, KEY[:half + 4]], max_traces=1)
    finally:
        server.stop()


@case("secret", "key-in-health-503", "llama-server /health 503 message echoes the URL password")
def _(env, fx):
    server = FaultServer("llama", routes={"/health": lambda s, r, c: send(
        c, 503, error_body("llama", 503, jq("Loading model for probe:%s %s" % (PASSWORD, escaped_json(PASSWORD)))))})
    try:
        url = server.url.replace("http://", "http://probe:%s@" % PASSWORD.replace("?", "%3F"))
        cfg = config(env, backend("llama", url))
        r = run(env, "guided", ["backends", "--config", cfg])
        return verdict(r, rc=0, secrets=[PASSWORD])
    finally:
        server.stop()
