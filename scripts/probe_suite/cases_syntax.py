"""Cases, neighbours: deeply nested and malformed input files, configuration values and types."""

from .runner import run
from .judge import excerpt, verdict
from .fixtures import generate_args
from .registry import case


# ---------------------------------------------------------------------------------------------
# Neighbours: deep nesting, huge numbers, NaN and Infinity, configuration syntax and types,
# malformed --examples files
# ---------------------------------------------------------------------------------------------

def input_file_case(label, content, where):
    def fn(env, fx):
        path = env.file("input.json", content)
        tool = "guided"
        if where == "schema":
            args = ["validate", path, env.file("i.json", '"x"')]
        elif where == "instance":
            args = ["validate", fx.notif, path]
        elif where == "config":
            args = ["backends", "--config", path]
        elif where == "examples":
            args = generate_args(fx, fx.dead, "--examples", path)
        elif where == "fallback":
            args = generate_args(fx, fx.dead, "--fallback", path)
        elif where == "copywriter":
            tool, args = "copywriter", [path, "--config", fx.dead]
        elif where == "librarian":
            tool, args = "librarian", [path, "--config", fx.dead]
        elif where == "compile":
            args = ["compile", path]
        r = run(env, tool, args)
        return verdict(r, rc=2, err=r":\d+:\d+: error: |error: .*(at #|/)")
    return fn


DEEP = 100000
for _label, _content, _where in [
        ("schema-100k-brackets", "[" * DEEP, "schema"), ("instance-100k-brackets", "[" * DEEP, "instance"),
        ("config-100k-brackets", '{"backends":' + "[" * DEEP, "config"),
        ("examples-100k-objects", '{"a":' * DEEP, "examples"), ("fallback-100k-brackets", "[" * DEEP, "fallback"),
        ("copywriter-request-100k", "[" * DEEP, "copywriter"), ("archive-100k-objects", '{"a":' * DEEP, "librarian"),
        ("schema-3000-not-closed", '{"not":' * 3000 + "{}" + "}" * 3000, "compile"),
        ("schema-nan-literal", '{"type":"number","maximum":NaN}', "schema"),
        ("schema-infinity-literal", '{"type":"number","minimum":-Infinity}', "schema"),
        ("instance-nan-literal", 'NaN', "instance"),
        ("config-infinity-timeout", '{"backends":[{"name":"b","kind":"llama-server","url":"http://127.0.0.1:9",'
                                    '"timeoutSeconds":Infinity}]}', "config"),
        ("config-comment", '{"backends":[ // the backend\n{"name":"b","kind":"llama-server",'
                           '"url":"http://127.0.0.1:9"}]}', "config"),
        ("config-trailing-comma", '{"backends":[{"name":"b","kind":"llama-server","url":"http://127.0.0.1:9"},]}',
         "config"),
        ("config-single-quotes", "{'backends':[]}", "config"),
        ("config-nul-byte", '{"backends":\x00[]}', "config"),
        ("config-invalid-utf8", b'{"backends":[{"name":"b\xff","kind":"llama-server","url":"http://x"}]}', "config"),
        ("instance-trailing-garbage", '{"text":"ok"} x', "instance"),
        ("examples-empty-file", "", "examples"), ("examples-trailing-garbage", "[] []", "examples"),
        ("examples-invalid-utf8", b'[{"input":"\xc0\xaf","output":{"text":"x"}}]', "examples")]:
    case("nesting" if "100k" in _label or "3000" in _label else "syntax", "input-" + _label,
         "%s: %s" % (_where, _label.replace("-", " ")))(input_file_case(_label, _content, _where))


def config_value_case(label, document, pointer):
    def fn(env, fx):
        text = document.replace("DEAD", fx.dead_url)
        r = run(env, "guided", ["backends", "--config", env.file("guided.json", text)])
        v = verdict(r, rc=2, err=r"error: ")
        if pointer and pointer not in r.err:
            v.fail("the error does not give the JSON Pointer %s: %s" % (pointer, excerpt(r.err)))
        if label == "name-number" and "needs a" in r.err:
            v.maybe("a name that is a number is reported as a missing name: " + excerpt(r.err))
        return v
    return fn


_B = '{"name":"b","kind":"llama-server","url":"DEAD"%s}'
for _label, _doc, _ptr in [
        ("duplicate-top-level-backends", '{"backends":[%s],"backends":[%s]}' % (_B % "", _B % ',"name":"c"'), None),
        ("duplicate-key-url", '{"backends":[{"name":"b","kind":"llama-server","url":"DEAD","url":"http://x:1"}]}',
         "#/backends/0/url"),
        ("backends-object", '{"backends":{}}', "#/backends"),
        ("route-string", '{"backends":[%s],"route":"b"}' % (_B % ""), "#/route"),
        ("name-number", '{"backends":[{"name":5,"kind":"llama-server","url":"DEAD"}]}', "#/backends/0/name"),
        ("timeout-string", '{"backends":[%s]}' % (_B % ',"timeoutSeconds":"5"'), "#/backends/0/timeoutSeconds"),
        ("kind-null", '{"backends":[{"name":"b","kind":null}]}', "#/backends/0/kind"),
        ("version-2", '{"version":2,"backends":[%s]}' % (_B % ""), "#/version"),
        ("attempts-101", '{"backends":[%s],"routing":{"attemptsPerBackend":101}}' % (_B % ""),
         "#/routing/attemptsPerBackend"),
        ("deadline-huge", '{"backends":[%s],"routing":{"deadlineSeconds":1e308}}' % (_B % ""),
         "#/routing/deadlineSeconds"),
        ("timeout-1e300", '{"backends":[%s]}' % (_B % ',"timeoutSeconds":1e300'), "#/backends/0/timeoutSeconds"),
        ("idle-timeout-1e18", '{"backends":[%s]}' % (_B % ',"idleTimeoutSeconds":1e18'),
         "#/backends/0/idleTimeoutSeconds"),
        ("maxtokens-1e400", '{"backends":[%s]}' % (_B % ',"maxTokens":1e400'), "#/backends/0/maxTokens"),
        ("pool-recovery-1e300", '{"backends":[{"name":"p","kind":"pool","recoverySeconds":1e300,'
                                '"members":[{"kind":"llama-server","url":"DEAD"}]}]}', "#/backends/0/recoverySeconds"),
        ("candidates-17", '{"backends":[%s],"outputs":{"T":{"candidates":{"count":17}}}}' % (_B % ""),
         "#/outputs/T/candidates/count"),
        ("route-unknown-backend", '{"backends":[%s],"route":["nope"]}' % (_B % ""), "#/route/0"),
        ("backend-is-string", '{"backends":["b"]}', "#/backends/0"),
        ("top-level-array", '[]', None), ("backends-empty", '{"backends":[]}', "#/backends"),
        ("pointer-escaping", '{"backends":[{"name":"b","kind":"llama-server","url":"DEAD","a/b~c":1}]}',
         "#/backends/0/a~1b~0c"),
        ("temperature-3", '{"backends":[%s],"outputs":{"T":{"options":{"temperature":3}}}}' % (_B % ""),
         "#/outputs/T/options/temperature")]:
    case("config", "config-" + _label, "configuration: " + _label.replace("-", " "))(
        config_value_case(_label, _doc, _ptr))
