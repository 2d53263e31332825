"""Cases, part 5d: invalid UTF-8 from servers, schema anchors, ids and duplicate keys."""

import time

from .servers import CTYPE, FaultServer, event, final_events, send
from .runner import run
from .judge import excerpt, verdict
from .fixtures import generate_args, server_config
from .registry import case, with_server


# --- invalid UTF-8 and odd Unicode from a server --------------------------------------------

def bad_utf8_case(dialect, shape):
    def gen(server, req, conn):
        if shape == "invalid-in-content":
            pieces = [b'"{\\"text\\":\\"caf', b'\xff\xfe', b'\\"}"']
        elif shape == "overlong":
            pieces = [b'"{\\"text\\":\\"a', b'\xc0\xaf', b' b\\"}"']
        elif shape == "surrogate-bytes":
            pieces = [b'"{\\"text\\":\\"a', b'\xed\xa0\x80', b' b\\"}"']
        elif shape == "lone-surrogate-escape":
            pieces = [b'"{\\"text\\":\\"a \\\\ud800 b\\"}"']
        elif shape == "split-sequence":
            # One valid event, its bytes sent in two writes cut inside the two-byte "é".
            whole = event(dialect, '{"text":"caf\u00e9 ok"}') + b"".join(final_events(dialect))
            cut = whole.index(b"\xc3") + 1
            conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: %s\r\nConnection: close\r\n\r\n"
                         % CTYPE[dialect].encode() + whole[:cut])
            time.sleep(0.2)
            conn.sendall(whole[cut:])
            return
        elif shape == "error-body":
            send(conn, 500, b'{"error":{"message":"bad \xff\xfe\xc0\xaf bytes \x1b[2J"}}')
            return
        joined = b"".join(pieces)
        stream = event(dialect, "\x00", raw=True).replace(b"\x00", joined)
        send(conn, 200, stream + b"".join(final_events(dialect)), ctype=CTYPE[dialect])

    @with_server(dialect, gen)
    def fn(env, fx, server):
        r = run(env, "guided", generate_args(fx, server_config(env, server)))
        v = verdict(r, rc={0, 3}, max_traces=1)
        if shape in ("invalid-in-content", "overlong", "surrogate-bytes") and r.rc == 0:
            v.fail("invalid UTF-8 from the server shipped as a value: " + excerpt(r.out))
        if shape == "split-sequence" and "caf\u00e9 ok" not in r.out:
            v.fail("a valid event whose UTF-8 sequence arrived in two reads did not ship: " + excerpt(r.both))
        if shape == "lone-surrogate-escape" and r.rc == 0:
            v.maybe("a lone \\ud800 escape shipped (as %s)" % excerpt(r.out))
        return v
    return fn


for _d, _shape in [("llama", "invalid-in-content"), ("ollama", "overlong"), ("openai", "surrogate-bytes"),
                   ("llama", "lone-surrogate-escape"), ("openai", "split-sequence"), ("ollama", "error-body"),
                   ("llama", "error-body")]:
    case("wrong", "utf8-%s-%s" % (_shape, _d), "%s sends %s" % (_d, _shape.replace("-", " ")))(
        bad_utf8_case(_d, _shape))


@case("wrong", "utf8-invalid-model-id-listing", "/v1/models lists an id with invalid UTF-8; `guided backends`")
def _(env, fx):
    server = FaultServer("openai", routes={"/v1/models": lambda s, r, c: send(
        c, 200, b'{"object":"list","data":[{"id":"x\xff\x1b[2J"}]}')})
    try:
        r = run(env, "guided", ["backends", "--config", server_config(env, server)])
        return verdict(r, rc=0)
    finally:
        server.stop()


# --- schemas: anchors, ids, duplicate keys -----------------------------------------------------

def schema_case(label, text, command="validate", instance='"x"', expect=None):
    def fn(env, fx):
        schema = env.file("s.json", text)
        args = {"validate": ["validate", schema, env.file("i.json", instance)], "compile": ["compile", schema],
                "schema": ["schema", schema]}[command]
        r = run(env, "guided", args)
        if expect == "lenient":
            v = verdict(r, rc={0, 2})
            if r.rc == 0:
                v.maybe("an $anchor that is not a valid anchor name (^[A-Za-z_][-A-Za-z0-9._]*$) is accepted")
            return v
        want = expect or {"rc": 2, "err": r":\d+:\d+: error: "}
        return verdict(r, **want)
    return fn


SCHEMA_CASES = [
    ("anchor-duplicate-siblings", '{"$defs":{"a":{"$anchor":"same","type":"string"},"b":{"$anchor":"same",'
                                  '"type":"integer"}},"$ref":"#same"}', "validate", '"x"', None),
    ("anchor-duplicate-nested", '{"$defs":{"a":{"$anchor":"n","type":"string","properties":{"x":{"$anchor":"n"}}}},'
                                '"$ref":"#n"}', "compile", None, None),
    ("id-duplicate", '{"$defs":{"a":{"$id":"https://x.example/s","type":"string"},"b":{"$id":"https://x.example/s",'
                     '"type":"integer"}},"$ref":"https://x.example/s"}', "validate", '5', None),
    ("dynamic-anchor-duplicate", '{"$defs":{"a":{"$dynamicAnchor":"d","type":"string"},"b":{"$dynamicAnchor":"d",'
                                 '"type":"integer"}},"$dynamicRef":"#d"}', "validate", '"x"', None),
    ("anchor-invalid-name", '{"$anchor":"1 bad#name","type":"string"}', "validate", '"x"', "lenient"),
    ("duplicate-key-type", '{"type":"string","type":"integer"}', "validate", '"x"', None),
    ("duplicate-key-properties", '{"type":"object","properties":{"a":{"type":"string"}},'
                                 '"properties":{"b":{"type":"string"}},"required":["a"]}', "validate", '{"a":5}', None),
]
for _label, _text, _cmd, _inst, _exp in SCHEMA_CASES:
    case("wrong", "schema-" + _label, "a schema with %s (`guided %s`)" % (_label.replace("-", " "), _cmd))(
        schema_case(_label, _text, _cmd, _inst or '"x"', _exp))


@case("wrong", "instance-duplicate-key", "an instance with a duplicate key: {\"text\":\"ok\",\"text\":5}")
def _(env, fx):
    r = run(env, "guided", ["validate", fx.notif, env.file("i.json", '{"text":"ok","text":5}')])
    v = verdict(r, rc={1, 2})
    if r.rc == 0:
        v.fail("the instance was judged valid although one of its two \"text\" values is a number")
    return v
