"""Cases, neighbours: the model's reply nested deep or holding huge numbers, schema numbers, CLI numbers."""

import json
import re

from .servers import FaultServer, answer
from .runner import run
from .judge import excerpt, verdict
from .fixtures import generate_args, server_config
from .registry import case


def model_reply_case(label):
    def fn(env, fx):
        schema = fx.notif
        if label == "deep-arrays":
            reply = "[" * 100000 + "]" * 100000
        elif label == "deep-objects-stream":
            reply = '{"text":' * 30000 + '"x"' + "}" * 30000
        elif label == "huge-number-unbounded":
            schema = env.json("n.json", {"type": "object", "properties": {"n": {"type": "number"}}, "required": ["n"],
                                         "additionalProperties": False})
            reply = '{"n":1e999999}'
        elif label == "huge-number-bounded":
            schema = env.json("n.json", {"type": "object", "properties": {"n": {"type": "number", "maximum": 10}},
                                         "required": ["n"], "additionalProperties": False})
            reply = '{"n":1e400}'
        elif label == "long-integer":
            schema = env.json("n.json", {"type": "object", "properties": {"n": {"type": "integer"}},
                                         "required": ["n"], "additionalProperties": False})
            reply = '{"n":%s}' % ("9" * 400)
        elif label == "nan-literal":
            schema = env.json("n.json", {"type": "object", "properties": {"n": {"type": "number"}}, "required": ["n"],
                                         "additionalProperties": False})
            reply = '{"n":NaN}'
        elif label == "tiny-number":
            schema = env.json("n.json", {"type": "object", "properties": {"n": {"type": "number",
                                                                              "exclusiveMinimum": 0}},
                                         "required": ["n"], "additionalProperties": False})
            reply = '{"n":1e-999999}'
        server = FaultServer("llama", answer(reply, pieces=200 if "stream" in label else 4))
        try:
            flags = ["--stream"] if "stream" in label else []
            r = run(env, "guided", generate_args(fx, server_config(env, server), *flags, schema=schema))
            v = verdict(r, rc={0, 3}, max_traces=1, seconds=20)
            if r.rc == 0:
                try:
                    json.loads(r.out, parse_constant=lambda c: (_ for _ in ()).throw(ValueError(c)))
                except ValueError as error:
                    v.fail("exit 0 but stdout is not strict JSON (%s): %s" % (error, excerpt(r.out)))
                    return v
                if label == "huge-number-bounded":
                    v.fail("1e400 shipped for a number with maximum 10: " + excerpt(r.out))
                if label == "tiny-number" and not re.search(r'"n":1e-999999\b', r.out):
                    v.fail("1e-999999 (> 0) shipped changed, as %s" % excerpt(r.out))
                if label == "long-integer" and "9" * 400 not in r.out:
                    v.fail("a 400-digit integer shipped changed: " + excerpt(r.out))
                if label == "huge-number-unbounded" and "1e999999" not in r.out:
                    v.fail("1e999999 shipped changed, as %s" % excerpt(r.out))
            return v
        finally:
            server.stop()
    return fn


for _label in ["deep-arrays", "deep-objects-stream", "huge-number-unbounded", "huge-number-bounded", "long-integer",
               "nan-literal", "tiny-number"]:
    case("nesting" if "deep" in _label else "numbers", "model-reply-" + _label,
         "the model's reply: " + _label.replace("-", " "))(model_reply_case(_label))


def schema_number_case(label, schema_text, instance):
    def fn(env, fx):
        schema = env.file("s.json", schema_text)
        r = run(env, "guided", ["validate", schema, env.file("i.json", instance)])
        v = verdict(r, rc={0, 1, 2})
        if r.rc == 2 and not re.search(r":\d+:\d+: error: ", r.err):
            v.fail("exit 2 without a located error: " + excerpt(r.err))
        if label == "multipleOf-underflow" and r.rc == 0:
            v.fail("0.5 judged a multiple of 3e-400 (it is not: 0.5 / 3e-400 = 5e399 / 3); 3e-400 is 0 as a double")
        if label == "maximum-2e308" and r.rc == 0:
            v.fail("3e308 judged ≤ maximum 2e308 (both infinite as doubles)")
        if label == "integer-beyond-int64" and r.rc == 0:
            v.fail("18446744073709551617 judged ≤ maximum 18446744073709551616")
        return v
    return fn


for _label, _schema, _inst in [
        ("maxLength-1e400", '{"type":"string","maxLength":1e400}', '"x"'),
        ("maxLength-2pow64", '{"type":"string","maxLength":18446744073709551616}', '"x"'),
        ("multipleOf-underflow", '{"type":"number","multipleOf":3e-400}', '0.5'),
        ("maximum-2e308", '{"type":"number","maximum":2e308}', '3e308'),
        ("integer-beyond-int64", '{"type":"integer","maximum":18446744073709551616}', '18446744073709551617'),
        ("minimum-negative-huge", '{"type":"number","minimum":-1e999}', '-5')]:
    case("numbers", "schema-number-" + _label, "schema number: " + _label.replace("-", " "))(
        schema_number_case(_label, _schema, _inst))


def cli_number_case(option, value):
    def fn(env, fx):
        r = run(env, "guided", generate_args(fx, fx.dead, option, value))
        return verdict(r, rc=2, err=r"error: %s" % re.escape(option))
    return fn


for _opt, _val in [("--seed", "1e30"), ("--seed", "-1"), ("--seed", "18446744073709551616"),
                   ("--candidates", "1e9"), ("--candidates", "0"), ("--temperature", "1e-400x"),
                   ("--max-tokens", "0x10"), ("--top-k", "４０")]:
    case("numbers", "cli-number%s-%s" % (_opt, re.sub(r"[^0-9a-z]", "_", _val.encode("ascii", "replace").decode())),
         "`guided generate %s %s`" % (_opt, _val))(cli_number_case(_opt, _val))
