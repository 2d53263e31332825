"""Cases, part 5c: failed writes (/dev/full, closed stdout, broken pipes, file size limits)."""

import json
import os
import re
import signal

from .servers import FaultServer
from .runner import run
from .judge import Verdict, check, verdict
from .fixtures import generate_args, server_config
from .registry import case


# --- failed writes ----------------------------------------------------------------------------

def write_failure_case(label):
    def fn(env, fx):
        server = None
        kw = {}
        tool = "guided"
        want_rc = {4}
        if label in ("generate-stdout-closed", "generate-json-dev-full", "respond-dev-full",
                     "generate-stdout-fsize"):
            server = FaultServer("llama")
            cfg = server_config(env, server)
        if label == "compile-dev-full":
            args, kw["stdout"] = ["compile", fx.steps], "/dev/full"
        elif label == "schema-dev-full":
            args, kw["stdout"] = ["schema", fx.steps], "/dev/full"
        elif label == "validate-violations-dev-full":
            args, kw["stdout"] = ["validate", fx.notif, env.file("i.json", '{"text": 5, "x": 1}')], "/dev/full"
        elif label == "backends-dev-full":
            args, kw["stdout"] = ["backends", "--config", fx.dead], "/dev/full"
        elif label == "version-dev-full":
            args, kw["stdout"] = ["--version"], "/dev/full"
        elif label == "generate-stdout-closed":
            args, kw["close_stdout"] = generate_args(fx, cfg), True
        elif label == "generate-json-dev-full":
            args, kw["stdout"] = generate_args(fx, cfg, "--json"), "/dev/full"
        elif label == "respond-dev-full":
            args, kw["stdout"] = ["respond", "--prompt", "Hi", "--config", cfg], "/dev/full"
        elif label == "generate-stdout-fsize":
            args, kw["stdout"], kw["fsize"] = generate_args(fx, cfg), env.path("out.json"), 10
        elif label == "copywriter-dev-full":
            tool, args, kw["stdout"] = "copywriter", [fx.copy, "--config", fx.dead], "/dev/full"
            want_rc = {1, 2, 3, 4}
        elif label == "step-suggester-json-dev-full":
            tool, args, kw["stdout"] = "step-suggester", [fx.steps_request, "--config", fx.dead, "--json"], "/dev/full"
            want_rc = {1, 2, 3, 4}
        elif label == "librarian-stdout-closed":
            tool, args, kw["close_stdout"] = "librarian", [fx.archive(), "--config", fx.dead], True
            want_rc = {1, 2, 3, 4}
        try:
            r = run(env, tool, args, **kw)
        finally:
            if server:
                server.stop()
        v = verdict(r, rc=want_rc)
        if r.rc not in (0, None) and not re.search(r"error|could not be written|write", r.err, re.I):
            v.maybe("exit %d with nothing on stderr saying the output could not be written" % r.rc)
        return v
    return fn


for _label, _title in [
        ("compile-dev-full", "`guided compile SCHEMA > /dev/full`"),
        ("schema-dev-full", "`guided schema SCHEMA > /dev/full`"),
        ("validate-violations-dev-full", "`guided validate` with violations, stdout /dev/full"),
        ("backends-dev-full", "`guided backends > /dev/full`"),
        ("version-dev-full", "`guided --version > /dev/full`"),
        ("generate-stdout-closed", "`guided generate >&-` (stdout closed) with a live backend"),
        ("generate-json-dev-full", "`guided generate --json > /dev/full` with a live backend"),
        ("respond-dev-full", "`guided respond > /dev/full` with a live backend"),
        ("generate-stdout-fsize", "`guided generate > file` with a 10-byte file size limit (a full disk)"),
        ("copywriter-dev-full", "`copywriter REQUEST > /dev/full`"),
        ("step-suggester-json-dev-full", "`step-suggester REQUEST --json > /dev/full`"),
        ("librarian-stdout-closed", "`librarian ARCHIVE >&-` (stdout closed)")]:
    case("write", "write-" + _label, _title)(write_failure_case(_label))


@case("write", "write-compile-stdout-broken-pipe", "`guided compile BIG | (reader already gone)`: EPIPE")
def _(env, fx):
    big = env.json("big.json", {"type": "object", "properties": {"p%d" % i: {"type": "string", "maxLength": 50}
                                                                 for i in range(400)}})
    r_fd, w_fd = os.pipe()
    os.close(r_fd)  # the reader is gone before the first write
    r = run(env, "guided", ["compile", big], stdout=w_fd)
    v = Verdict()
    check(v, r, rc=4)
    if r.signal == signal.SIGPIPE:
        v.problems = [p for p in v.problems if "SIGPIPE" not in p]
        v.maybe("killed by SIGPIPE writing to a closed pipe (the Unix convention, `yes | head`), where the "
                "docs promise exit 4 for 'a closed pipe'")
    return v


def compile_out_case(label):
    def fn(env, fx):
        directory = env.dir()
        kw = {}
        schema = fx.notif
        args = ["compile", schema, "--out", directory]
        expect = dict(rc={2, 4}, err=r"error")
        if label == "out-is-file":
            target = env.file("plain-file", "x")
            args = ["compile", schema, "--out", target]
        elif label == "out-missing-dir":
            args = ["compile", schema, "--out", os.path.join(directory, "no", "such", "dir")]
            expect = dict(rc={0, 2, 4})
        elif label == "target-is-directory":
            os.mkdir(os.path.join(directory, "notif.gbnf"))
        elif label == "target-symlink-dev-full":
            os.symlink("/dev/full", os.path.join(directory, "notif.gbnf"))
        elif label == "fsize-small-grammar":
            kw["fsize"] = 64
        elif label == "fsize-big-grammar":
            schema = env.json("big.json", {"type": "object", "properties": {
                "p%d" % i: {"type": "string", "maxLength": 50} for i in range(200)}})
            args = ["compile", schema, "--out", directory]
            kw["fsize"] = 64
        elif label == "fsize-swift":
            args = ["compile", schema, "--out", directory, "--format", "swift"]
            kw["fsize"] = 64
        r = run(env, "guided", args, **kw)
        v = verdict(r, **expect)
        if label == "out-missing-dir" and r.rc == 0:
            written = [os.path.join(dp, f) for dp, _, fs in os.walk(directory) for f in fs]
            if not written:
                v.fail("exit 0 but no file written")
        if label.startswith("fsize") and r.rc == 0:
            sizes = {f: os.path.getsize(os.path.join(directory, f)) for f in os.listdir(directory)}
            v.fail("exit 0, but the write failed: the file size limit cut the output to %s bytes" % sizes)
        return v
    return fn


for _label, _title in [
        ("out-is-file", "`compile --out FILE` where FILE is a regular file"),
        ("out-missing-dir", "`compile --out` a directory that does not exist"),
        ("target-is-directory", "`compile --out DIR` where DIR/notif.gbnf is a directory"),
        ("target-symlink-dev-full", "`compile --out DIR` where DIR/notif.gbnf links to /dev/full"),
        ("fsize-small-grammar", "`compile --out DIR`, the disk full after 64 bytes (grammar under 4 KB)"),
        ("fsize-big-grammar", "`compile --out DIR`, the disk full after 64 bytes (grammar over 4 KB)"),
        ("fsize-swift", "`compile --format swift --out DIR`, the disk full after 64 bytes")]:
    case("write", "compile-" + _label, _title)(compile_out_case(_label))


def librarian_write_case(mode):
    def fn(env, fx):
        path = fx.archive()
        before = open(path, "rb").read()
        args = [path, "--config", fx.dead]
        args += ["--complete", "Buy a kitchen scale", "--goal", "sourdough"] if mode == "complete" else ["--record"]
        r = run(env, "librarian", args, fsize=600)
        v = verdict(r, rc={1, 2, 3, 4}, err=r"error|write")
        after = open(path, "rb").read()
        try:
            json.loads(after)
        except ValueError:
            v.fail("the archive is no longer JSON: %d of its bytes were written (was %d), and the tool said "
                   "nothing" % (len(after), len(before)) if r.rc == 0 else "the archive was left truncated "
                   "(%d bytes)" % len(after))
        return v
    return fn


for _mode in ["complete", "record"]:
    case("write", "librarian-%s-disk-full" % _mode,
         "`librarian ARCHIVE --%s` when the disk fills after 600 bytes" % _mode)(librarian_write_case(_mode))
