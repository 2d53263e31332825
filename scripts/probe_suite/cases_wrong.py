"""Cases, part 5a: silent wrong results from short secrets and the implicit ./guided.json."""

import json
import os
import re

from .servers import FaultServer, answer
from .runner import run
from .judge import excerpt, verdict
from .fixtures import backend, config, generate_args
from .registry import case


# ---------------------------------------------------------------------------------------------
# 5. Silent wrong results
# ---------------------------------------------------------------------------------------------

def short_secret_case(where, secret, text):
    """A secret too short to redact safely: the answer must not come back mangled."""
    def fn(env, fx):
        dialect = "openai" if where == "key" else "llama"
        server = FaultServer(dialect, answer(json.dumps({"text": text})))
        try:
            extra_env = {}
            url = server.url
            if where == "key":
                b = backend("openai", url, apiKeyEnv="PROBE_SHORT_KEY")
                extra_env["PROBE_SHORT_KEY"] = secret
            else:
                b = backend("llama", url.replace("http://", "http://probe:%s@" % secret))
            cfg = config(env, b)
            r = run(env, "guided", generate_args(fx, cfg), extra_env=extra_env)
            v = verdict(r, rc={0, 2, 3}, absent=["[redacted]"])
            if r.rc == 0 and json.dumps({"text": text}, separators=(",", ":")) not in r.out:
                v.fail("the answer shipped changed: " + excerpt(r.out))
            if r.rc in (2, 3) and not re.search(r"short|characters|PROBE_SHORT_KEY|password", r.err, re.I):
                v.fail("refused without saying the secret is too short: " + excerpt(r.err))
            return v
        finally:
            server.stop()
    return fn


for _w, _s, _t in [("key", "x", "Mix the starter and bake a loaf"), ("key", "abcdefg", "Learn abcdefg and more"),
                   ("key", "the", "Feed the starter then bake"), ("password", "a", "Bake a banana loaf at home"),
                   ("password", "start", "Restart the starter today"), ("password", "", "An empty password here")]:
    case("wrong", "short-%s-%d-chars" % (_w, len(_s)), "a %d-character %s, the answer contains it" % (
        len(_s), "API key" if _w == "key" else "URL password"))(short_secret_case(_w, _s, _t))


def implicit_config_case(what, tool="guided"):
    def fn(env, fx):
        directory = env.dir()
        target = os.path.join(directory, "guided.json")
        extra_env = {}
        if what == "directory":
            os.mkdir(target)
        elif what == "sparse-64mib":
            with open(target, "wb") as f:
                f.truncate(64 * 1024 * 1024 + 1)
        elif what == "dangling-symlink":
            os.symlink(os.path.join(directory, "missing-config.json"), target)
        elif what == "empty":
            open(target, "wb").close()
        elif what == "symlink-to-directory":
            os.mkdir(os.path.join(directory, "cfgdir"))
            os.symlink(os.path.join(directory, "cfgdir"), target)
        elif what == "symlink-to-dev-zero":
            os.symlink("/dev/zero", target)
        elif what == "env-empty":
            extra_env["GUIDED_CONFIG"] = ""
        elif what == "env-directory":
            extra_env["GUIDED_CONFIG"] = directory
        args = {"guided": ["backends"], "copywriter": [fx.copy], "librarian": [fx.archive()]}[tool]
        r = run(env, tool, args, cwd=directory, extra_env=extra_env)
        if what == "env-empty":
            v = verdict(r, rc={0, 2})
            if r.err.startswith(": error"):
                v.maybe("the error names no file (GUIDED_CONFIG is empty, not named): " + excerpt(r.err))
            if r.rc == 0:
                v.maybe("GUIDED_CONFIG set to the empty string is taken as unset (the built-in default): "
                        + excerpt(r.out))
            return v
        expect = {"directory": r"guided\.json.*directory", "sparse-64mib": r"guided\.json.*(64 MiB|too large)",
                  "dangling-symlink": r"guided\.json", "empty": r"guided\.json.*(end of data|empty)",
                  "symlink-to-directory": r"guided\.json.*directory",
                  "symlink-to-dev-zero": r"guided\.json.*(not a regular file|device)",
                  "env-directory": r"directory"}[what]
        v = verdict(r, rc=2, err=expect, out=None)
        if r.rc == 0 and "embedded" in r.both:
            v.fail("./guided.json (%s) was silently ignored: the built-in default (embedded) was used" % what)
        return v
    return fn


for _what, _tool in [("directory", "librarian"), ("sparse-64mib", "guided"), ("dangling-symlink", "guided"),
                     ("empty", "guided"), ("symlink-to-directory", "guided"), ("symlink-to-dev-zero", "guided"),
                     ("env-empty", "guided"), ("env-directory", "copywriter"), ("dangling-symlink", "copywriter")]:
    case("wrong", "implicit-config-%s-%s" % (_what, _tool), "./guided.json is %s (`%s`)" % (_what, _tool))(
        implicit_config_case(_what, _tool))
