"""Cases, part 2a: hangs from doubling schema references and managed servers behind wrapper scripts."""

import json
import os
import re
import signal
import time

from .runner import run
from .judge import excerpt, verdict
from .fixtures import generate_args
from .registry import case
from .managed import SLEEPER, leftovers, managed, orphan_check, wait_for_pids


# ---------------------------------------------------------------------------------------------
# 2. Hangs
# ---------------------------------------------------------------------------------------------

def doubling_schema(shape, levels):
    defs = {}
    for i in range(levels):
        ref = {"$ref": "#/$defs/d%d" % (i + 1)}
        defs["d%d" % i] = {
            "allOf": {"allOf": [ref, ref]},
            "anyOf": {"anyOf": [ref, ref]},
            "oneOf": {"oneOf": [ref, {"allOf": [ref]}]},
            "ifthenelse": {"if": ref, "then": ref, "else": ref},
            "not": {"allOf": [{"not": {"not": ref}}, ref]},
            "properties": {"type": "object", "properties": {"a": ref, "b": ref}},
            "dependent": {"dependentSchemas": {"a": ref, "b": ref}, "allOf": [ref]},
            "items": {"prefixItems": [ref, ref], "items": ref, "contains": ref},
        }[shape]
    defs["d%d" % levels] = {"type": "string"} if shape not in ("properties", "items", "dependent") else {}
    return {"$ref": "#/$defs/d0", "$defs": defs}


def doubling_case(shape, levels, command, instance='"x"'):
    def fn(env, fx):
        schema = env.json("doubling.json", doubling_schema(shape, levels))
        if command == "validate":
            r = run(env, "guided", ["validate", schema, env.file("i.json", instance)])
            return verdict(r, rc={0, 1, 2}, seconds=20)
        if command == "generate":
            r = run(env, "guided", generate_args(fx, fx.dead, schema=schema))
            return verdict(r, rc={2, 3}, seconds=20)
        r = run(env, "guided", [command, schema])
        return verdict(r, rc={0, 2}, seconds=20)
    return fn


for _shape, _levels, _command, _instance in [
        ("allOf", 30, "validate", '"x"'), ("allOf", 40, "compile", None), ("anyOf", 35, "compile", None),
        ("anyOf", 30, "validate", '5'), ("oneOf", 30, "validate", '"x"'), ("ifthenelse", 30, "validate", '"x"'),
        ("ifthenelse", 25, "compile", None), ("ifthenelse", 30, "schema", None), ("not", 30, "validate", '"x"'),
        ("properties", 40, "compile", None), ("dependent", 30, "validate", '{"a":1,"b":2}'),
        ("items", 30, "validate", '[[[[[[["x"]]]]]]]'), ("allOf", 40, "generate", None)]:
    case("hang", "doubling-%s-%d-%s" % (_shape, _levels, _command),
         "$defs each referring to the next twice (%s), %d levels, `guided %s`" % (_shape, _levels, _command))(
        doubling_case(_shape, _levels, _command, _instance))


# --- managed-llama-server behind wrapper scripts --------------------------------------------
# (the stand-in server and the wrapper helpers are in managed.py)

@case("hang", "managed-wrapper-start-timeout", "wrapper forks a never-ready child; startupTimeoutSeconds 2")
def _(env, fx):
    cfg, pids, _ = managed(env, SLEEPER, timeout_s=2)
    r = run(env, "guided", ["backends", "--config", cfg])
    v = verdict(r, rc={0, 3}, out=r"did not become ready within", seconds=15)
    orphan_check(v, pids)
    return v


def signal_case(sig, tool="guided"):
    def fn(env, fx):
        cfg, pids, _ = managed(env, SLEEPER, timeout_s=120)

        def fire(proc):
            wait_for_pids(pids)
            time.sleep(0.3)
            proc.send_signal(sig)
        if tool == "guided":
            args = generate_args(fx, cfg)
        elif tool == "copywriter":
            args = [fx.copy, "--config", cfg]
        else:
            args = [fx.steps_request, "--config", cfg]
        r = run(env, tool, args, on_start=fire)
        # Dying of the signal itself is right (the shell then knows why); the server must go too.
        v = verdict(r, expect_signal=sig, seconds=15)
        orphan_check(v, pids)
        return v
    return fn


for _sig, _tool in [(signal.SIGINT, "guided"), (signal.SIGTERM, "guided"), (signal.SIGHUP, "guided"),
                    (signal.SIGKILL, "guided"), (signal.SIGTERM, "copywriter"), (signal.SIGINT, "step-suggester")]:
    case("hang", "managed-wrapper-%s-%s" % (_sig.name, _tool),
         "%s to `%s` while a wrapper script's server starts" % (_sig.name, _tool))(signal_case(_sig, _tool))


@case("hang", "managed-wrapper-child-ignores-term", "the wrapper's child ignores SIGTERM; start timeout 2 s")
def _(env, fx):
    cfg, pids, _ = managed(env, "sh -c 'trap \"\" TERM; echo $$ >> \"$PIDS\"; while :; do sleep 1; done' &\nwait",
                           timeout_s=2)
    r = run(env, "guided", ["backends", "--config", cfg])
    v = verdict(r, rc={0, 3}, seconds=15)
    orphan_check(v, pids)
    return v


@case("hang", "managed-wrapper-setsid-child", "the wrapper starts its server in a new session (setsid)")
def _(env, fx):
    cfg, pids, _ = managed(env, 'setsid sh -c \'echo $$ >> "$PIDS"; exec sleep 300\' &\nsleep 300', timeout_s=2)
    r = run(env, "guided", ["backends", "--config", cfg])
    v = verdict(r, rc={0, 3}, seconds=15)
    left = leftovers(pids, grace=3)
    if left:
        v.maybe("a server that leaves the wrapper's process group (setsid) outlives guided: pids %s" % left)
    return v


@case("hang", "managed-fake-server-serves", "a stand-in llama-server behind a wrapper serves; stopped at exit")
def _(env, fx):
    cfg, pids, _ = managed(env, 'exec python3 "$FAKE" "$@"', timeout_s=20)
    r = run(env, "guided", generate_args(fx, cfg))
    v = verdict(r, rc=0, out=r"fed the starter", seconds=25)
    orphan_check(v, pids, "the managed server")
    return v


@case("hang", "managed-fake-server-sigterm-mid-generation", "SIGTERM while the managed server hangs mid-generation")
def _(env, fx):
    cfg, pids, _ = managed(env, 'FAKE_MODE=hang python3 "$FAKE" "$@" &\nwait', timeout_s=20)

    def fire(proc):
        wait_for_pids(pids)
        time.sleep(2.0)
        proc.send_signal(signal.SIGTERM)
    r = run(env, "guided", generate_args(fx, cfg), on_start=fire)
    v = verdict(r, seconds=20, expect_signal=signal.SIGTERM)
    orphan_check(v, pids, "the managed server")
    return v


@case("hang", "managed-binary-directory", "managed `binary` is a directory")
def _(env, fx):
    cfg, _, directory = managed(env, "exit 0")
    doc = json.load(open(cfg))
    doc["backends"][0]["binary"] = directory
    cfg = env.json("guided.json", doc)
    return verdict(run(env, "guided", ["backends", "--config", cfg]), rc=0,
                   out=r"binaryMissing|not found|directory|failed to execute")


@case("hang", "managed-binary-not-executable", "managed `binary` is a file without the execute bit")
def _(env, fx):
    cfg, _, directory = managed(env, "exit 0")
    doc = json.load(open(cfg))
    doc["backends"][0]["binary"] = env.file("llama-server", "#!/bin/sh\n", mode=0o644)
    cfg = env.json("guided.json", doc)
    return verdict(run(env, "guided", ["backends", "--config", cfg]), rc=0, out=r"binaryMissing|not found")


@case("hang", "managed-binary-exits-at-once", "managed server exits 1 at once, printing a reason")
def _(env, fx):
    cfg, _, _ = managed(env, "echo 'error: unknown model architecture' >&2\nexit 1")
    r = run(env, "guided", ["backends", "--config", cfg])
    return verdict(r, rc=0, out=r"exited \(status 1\).*unknown model architecture", seconds=10)


@case("hang", "managed-binary-path-shell-metacharacters", "managed `binary` path with quotes, spaces and $(…)")
def _(env, fx):
    cfg, pids, directory = managed(env, 'echo started >> "$PIDS.log"\nexit 3', name="my server's $(touch PWNED) `x`.sh")
    r = run(env, "guided", ["backends", "--config", cfg], cwd=directory)
    v = verdict(r, rc=0, out=r"exited \(status 3\)")
    if os.path.exists(os.path.join(directory, "PWNED")) or os.path.exists(os.path.join(env.root, "PWNED")):
        v.fail("the binary path was run through a shell: $(touch PWNED) executed")
    if not os.path.exists(pids + ".log"):
        v.fail("the binary with metacharacters in its path never ran")
    return v


@case("hang", "managed-memory-limit-huge", "managed memoryLimitMB 9223372036854775807 (overflows × 1024)")
def _(env, fx):
    cfg, pids, _ = managed(env, "exit 1", extra={"memoryLimitMB": 9223372036854775807})
    r = run(env, "guided", ["backends", "--config", cfg])
    v = verdict(r, rc={0, 2})
    if r.rc == 2 and "memoryLimitMB" not in r.err:
        v.fail("exit 2 without naming memoryLimitMB: " + excerpt(r.err))
    odd_remedy(v, r, "memoryLimitMB", 4000)
    return v


def odd_remedy(v, r, key, default):
    found = re.search(r'write "%s": (\d+)' % key, r.err)
    if found and int(found.group(1)) != default:
        v.maybe('the remedy suggests "%s": %s, where the default is %d: %s' % (key, found.group(1), default,
                                                                             excerpt(r.err, "write")))


@case("hang", "managed-threads-huge", "managed threads 1e6 and contextSize 2^62")
def _(env, fx):
    cfg, pids, _ = managed(env, "exit 1", extra={"threads": 1000000, "contextSize": 4611686018427387904})
    r = run(env, "guided", ["backends", "--config", cfg])
    v = verdict(r, rc={0, 2})
    odd_remedy(v, r, "contextSize", 4096)
    return v


@case("hang", "managed-startup-timeout-huge", "managed startupTimeoutSeconds 1e300")
def _(env, fx):
    cfg, pids, _ = managed(env, "exit 1", extra={"startupTimeoutSeconds": 1e300})
    r = run(env, "guided", ["backends", "--config", cfg])
    v = verdict(r, rc={0, 2})
    if r.rc == 2 and "startupTimeoutSeconds" not in r.err:
        v.fail("exit 2 without naming startupTimeoutSeconds: " + excerpt(r.err))
    odd_remedy(v, r, "startupTimeoutSeconds", 90)
    return v


@case("unclear", "managed-default-memory-limit-under-ulimit",
      "managed server with the default memoryLimitMB (4000) when guided runs under `ulimit -v 4000000`")
def _(env, fx):
    cfg, pids, _ = managed(env, 'exec python3 "$FAKE" "$@"', timeout_s=20)
    doc = json.load(open(cfg))
    del doc["backends"][0]["memoryLimitMB"]
    cfg = env.json("guided.json", doc)
    r = run(env, "guided", ["backends", "--config", cfg])
    v = verdict(r, rc=0)
    if not re.search(r"\]: available", r.out) and "memoryLimitMB" not in r.out:
        v.fail("the server cannot start and the reason does not name memoryLimitMB (the shell's ulimit error "
               "is reported as the binary's own failure): " + excerpt(r.out))
    return v
