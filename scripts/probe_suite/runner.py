"""Running a case's process: rlimits, peak memory from /proc VmHWM, the process-group kill, the
temporary directory and the child environment."""

import json
import os
import resource
import signal
import subprocess
import threading
import time

from .common import ADDRESS_SPACE, BIN, CASE_TIMEOUT


class Run:
    """What one process did."""

    def __init__(self, argv):
        self.argv = argv
        self.rc = None
        self.signal = None
        self.timed_out = False
        self.seconds = 0.0
        self.rss_mb = 0.0
        self.stdout = b""
        self.stderr = b""
        self.note = ""

    @property
    def out(self):
        return self.stdout.decode("utf-8", "replace")

    @property
    def err(self):
        return self.stderr.decode("utf-8", "replace")

    @property
    def both(self):
        return self.out + "\n" + self.err

    def summary(self):
        if self.timed_out:
            ended = "killed after %.0f s (hang)" % self.seconds
        elif self.signal:
            ended = "killed by %s" % signal.Signals(self.signal).name
        else:
            ended = "exit %s" % self.rc
        return "%s, %.2f s, peak RSS %.0f MB" % (ended, self.seconds, self.rss_mb)


def reader(stream, sink, limit=8 << 20):
    total = 0
    while True:
        try:
            chunk = stream.read(65536)
        except (OSError, ValueError):
            break
        if not chunk:
            break
        total += len(chunk)
        if len(sink[0]) < limit:
            sink[0] += chunk[:limit - len(sink[0])]
    sink[1] = total


class Env:
    """The case environment: the temporary directory and the child environment."""

    def __init__(self, root):
        self.root = root
        self.tmp = os.path.join(root, "tmp")
        self.home = os.path.join(root, "home")
        for d in (self.tmp, self.home):
            os.makedirs(d, exist_ok=True)
        self.counter = 0
        self.pid_files = []

    def base_env(self):
        return {"PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": self.home, "TMPDIR": self.tmp + "/",
                "GUIDED_CACHE": os.path.join(self.root, "no-cache"), "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"}

    def path(self, name):
        self.counter += 1
        directory = os.path.join(self.root, "c%03d" % self.counter)
        os.makedirs(directory, exist_ok=True)
        return os.path.join(directory, name)

    def dir(self):
        self.counter += 1
        directory = os.path.join(self.root, "d%03d" % self.counter)
        os.makedirs(directory, exist_ok=True)
        return directory

    def file(self, name, content, mode=None):
        path = self.path(name)
        with open(path, "wb") as f:
            f.write(content.encode("utf-8") if isinstance(content, str) else content)
        if mode is not None:
            os.chmod(path, mode)
        return path

    def json(self, name, value):
        return self.file(name, json.dumps(value, ensure_ascii=False))


def run(env, tool, args, extra_env=None, stdin=None, cwd=None, stdout=None, close_stdout=False,
        close_stderr=False, close_stdin=False, fsize=None, on_start=None, timeout=CASE_TIMEOUT):
    """Runs `tool` (a name in TOOLS) with `args`, bounded; returns a Run.

    stdin: None (/dev/null), bytes, a path, or a callable given the pipe to write to.
    stdout: None (captured), a path opened for writing (e.g. /dev/full), or a descriptor (closed
    here once the child has it).
    on_start(popen): called once the process runs (to send it signals).
    """
    argv = [os.path.join(BIN, tool)] + list(args)
    result = Run(argv)
    child_env = env.base_env()
    child_env.update(extra_env or {})
    stdin_file = None
    feeder = None
    if stdin is None:
        stdin_arg = subprocess.DEVNULL
    elif isinstance(stdin, bytes) or callable(stdin):
        stdin_arg = subprocess.PIPE
    else:
        stdin_file = open(stdin, "rb")
        stdin_arg = stdin_file
    stdout_file = open(stdout, "wb") if isinstance(stdout, str) else None
    stdout_arg = stdout_file or (stdout if isinstance(stdout, int) else subprocess.PIPE)

    def limits():
        resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        if fsize is not None:
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a full disk fails the write, kills nobody
            resource.setrlimit(resource.RLIMIT_FSIZE, (fsize, fsize))
        if close_stdout:
            os.close(1)
        if close_stderr:
            os.close(2)
        if close_stdin:
            os.close(0)

    started = time.monotonic()
    proc = subprocess.Popen(argv, stdin=stdin_arg, stdout=stdout_arg,
                            stderr=subprocess.DEVNULL if close_stderr else subprocess.PIPE, cwd=cwd or env.root,
                            env=child_env, preexec_fn=limits, start_new_session=True)
    RUNNING.add(proc.pid)
    if isinstance(stdout, int):
        os.close(stdout)  # the child holds it now
    sinks = {"out": [b"", 0], "err": [b"", 0]}
    threads = []
    if proc.stdout:
        threads.append(threading.Thread(target=reader, args=(proc.stdout, sinks["out"]), daemon=True))
    if proc.stderr:
        threads.append(threading.Thread(target=reader, args=(proc.stderr, sinks["err"]), daemon=True))
    for t in threads:
        t.start()
    if proc.stdin:
        def feed():
            try:
                if callable(stdin):
                    stdin(proc.stdin)
                else:
                    proc.stdin.write(stdin)
            except (BrokenPipeError, OSError, ValueError):
                pass
            finally:
                try:
                    proc.stdin.close()
                except OSError:
                    pass
        feeder = threading.Thread(target=feed, daemon=True)
        feeder.start()
    if on_start:
        threading.Thread(target=on_start, args=(proc,), daemon=True).start()
    status = None
    peak_kb = 0
    while True:
        peak_kb = max(peak_kb, high_water_kb(proc.pid))
        pid, st, _ = os.wait4(proc.pid, os.WNOHANG)
        if pid == proc.pid:
            status = st
            break
        if time.monotonic() - started > timeout:
            result.timed_out = True
            kill_group(proc.pid)
            _, status, _ = os.wait4(proc.pid, 0)
            break
        time.sleep(0.01)
    result.seconds = time.monotonic() - started
    RUNNING.discard(proc.pid)
    proc.returncode = 0  # reaped here; keep subprocess from waiting again
    # Anything left in the process's own group (it leads one) is a leftover child.
    try:
        os.killpg(proc.pid, 0)
        result.note = "processes left in its group after it ended"
        kill_group(proc.pid)
    except (ProcessLookupError, PermissionError):
        pass
    for t in threads:
        t.join(5)
    for f in (stdin_file, stdout_file):
        if f:
            f.close()
    result.stdout, result.stderr = sinks["out"][0], sinks["err"][0]
    result.stdout_total = sinks["out"][1]
    if os.WIFSIGNALED(status):
        result.signal = os.WTERMSIG(status)
    else:
        result.rc = os.WEXITSTATUS(status)
    # The kernel's ru_maxrss of a forked child starts at this script's own size, so the peak is
    # read from /proc/PID/status (VmHWM, reset by exec) while the process runs.
    result.rss_mb = peak_kb / 1024.0
    return result


def high_water_kb(pid):
    """The process's peak resident set (VmHWM) in KiB, or 0."""
    try:
        with open("/proc/%d/status" % pid) as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except (OSError, ValueError, IndexError):
        pass
    return 0


# Process groups of the tools running now (each leads its own), killed if the probe is stopped.
RUNNING = set()


def kill_group(pgid):
    try:
        os.killpg(pgid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def alive(pid):
    """Whether `pid` runs (a zombie does not)."""
    try:
        with open("/proc/%d/stat" % pid) as f:
            state = f.read().rsplit(")", 1)[1].split()[0]
        return state not in ("Z", "X")
    except (OSError, IndexError):
        return False


def pids_in(path):
    try:
        with open(path) as f:
            return [int(x) for x in f.read().split() if x.strip().isdigit()]
    except OSError:
        return []
