"""The managed-llama-server helpers: the stand-in server, wrapper scripts around it, and checks that
the processes they start do not outlive the tool."""

import json
import os
import time

from .runner import alive, pids_in


FAKE_SERVER = r'''#!/usr/bin/env python3
# A stand-in llama-server: serves /health, /props, /tokenize and /completion on --port.
import json, socket, sys, threading, os
args = sys.argv[1:]
port = int(args[args.index("--port") + 1])
mode = os.environ.get("FAKE_MODE", "ok")
with open(os.environ["FAKE_PIDS"], "a") as f:
    f.write("%d\n" % os.getpid())
def handle(c):
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = c.recv(65536)
        if not chunk:
            return
        data += chunk
    head, rest = data.split(b"\r\n\r\n", 1)
    length = 0
    for line in head.split(b"\r\n"):
        if line.lower().startswith(b"content-length:"):
            length = int(line.split(b":")[1])
    while len(rest) < length:
        rest += c.recv(65536)
    path = head.split(b" ")[1].decode()
    if path == "/health":
        body = b'{"status":"ok"}'
    elif path == "/props":
        body = b'{"default_generation_settings":{"n_ctx":4096},"total_slots":1}'
    elif path == "/tokenize":
        body = b'{"tokens":[1,2,3]}'
    elif path == "/completion":
        if mode == "hang" and b'"n_predict":1,' not in rest and b'"n_predict":1}' not in rest:
            threading.Event().wait(600)
        text = '{"text":"Back in March you fed the starter twice."}'
        body = ('data: %s\n\ndata: {"content":"","stop":true,"stop_type":"eos","tokens_predicted":12}\n\n'
                % json.dumps({"content": text, "stop": False})).encode()
    else:
        body = b"{}"
    c.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: %d\r\n\r\n"
              % len(body) + body)
    c.close()
s = socket.socket()
s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
s.bind(("127.0.0.1", port))
s.listen(16)
while True:
    conn, _ = s.accept()
    threading.Thread(target=handle, args=(conn,), daemon=True).start()
'''


def managed(env, wrapper_body, timeout_s=60, extra=None, name="wrapper.sh"):
    """A managed-llama-server configuration whose binary is `wrapper_body` (a shell script; PIDS
    is the file its processes append their pids to, FAKE the stand-in server)."""
    directory = env.dir()
    pids = os.path.join(directory, "pids")
    fake = os.path.join(directory, "fake-llama-server.py")
    with open(fake, "w") as f:
        f.write(FAKE_SERVER)
    os.chmod(fake, 0o755)
    script = os.path.join(directory, name)
    with open(script, "w") as f:
        f.write("#!/bin/sh\nPIDS='%s'\nFAKE='%s'\nexport PIDS FAKE_PIDS=\"$PIDS\"\n%s\n" % (pids, fake, wrapper_body))
    os.chmod(script, 0o755)
    model = os.path.join(directory, "model.gguf")
    with open(model, "wb") as f:
        # The smallest model guided accepts: a GGUF header, version 3, no tensors, no metadata
        # (as Sources/GuidedTestSupport/StandInModel.swift writes it).
        f.write(STAND_IN_MODEL)
    entry = {"name": "m", "kind": "managed-llama-server", "binary": script, "model": model,
             "startupTimeoutSeconds": timeout_s, "timeoutSeconds": 8, "idleTimeoutSeconds": 4,
             # Under the probe's own `ulimit -v 4000000` the default (4000 MB) cannot be set: see
             # the case managed-default-memory-limit-under-ulimit.
             "memoryLimitMB": 3000}
    entry.update(extra or {})
    cfg = os.path.join(directory, "guided.json")
    with open(cfg, "w") as f:
        json.dump({"backends": [entry]}, f)
    env.pid_files.append(pids)
    return cfg, pids, directory


STAND_IN_MODEL = b"GGUF" + bytes([3, 0, 0, 0]) + bytes(16)


def wait_for_pids(path, count=1, within=20.0):
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        if len(pids_in(path)) >= count:
            return pids_in(path)
        time.sleep(0.05)
    return pids_in(path)


def leftovers(pids_file, grace=10.0):
    """The recorded pids still running `grace` seconds after the tool ended."""
    deadline = time.monotonic() + grace
    while time.monotonic() < deadline:
        left = [p for p in pids_in(pids_file) if alive(p)]
        if not left:
            return []
        time.sleep(0.1)
    return [p for p in pids_in(pids_file) if alive(p)]


def orphan_check(v, pids_file, what="the wrapper's server"):
    left = leftovers(pids_file)
    if left:
        v.fail("%s outlived the tool: pids %s still running" % (what, left))
    if not pids_in(pids_file):
        v.fail("the stand-in server never started (no pid recorded)")


SLEEPER = 'sleep 300 &\necho $! >> "$PIDS"\nwait'
