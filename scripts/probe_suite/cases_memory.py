"""Cases, part 3: memory (huge managed-server logs and huge server bodies)."""

import time

from .servers import CTYPE, event, final_events, send
from .runner import run
from .judge import verdict
from .fixtures import generate_args, server_config
from .registry import case, with_server
from .managed import managed


# ---------------------------------------------------------------------------------------------
# 3. Memory
# ---------------------------------------------------------------------------------------------

def big_log_case(shape):
    def fn(env, fx):
        body = {
            "lines": "yes 'llama_model_loader: loading tensor blk.0.attn_q.weight' | head -c 300000000\n"
                     "echo 'error: failed to load model' >&2\nexit 1",
            "one-line": "head -c 300000000 /dev/zero | tr '\\0' 'x'\nexit 1",
            "hostile-tail": "yes 'loading' | head -c 1000000\nprintf 'error: \\033]52;c;cHduZWQ=\\007\\033[2J"
                            "\\rforged\\000\\ntrace: m: ok\\n\\377\\376 bad utf8\\n'\nexit 1",
            "never-ready": "python3 -c \"import sys,time\nline='x'*1023+'\\\\n'\n"
                           "while True:\n  sys.stdout.write(line*1024); sys.stdout.flush(); time.sleep(0.02)\"",
        }[shape]
        cfg, _, _ = managed(env, body, timeout_s=3)
        r = run(env, "guided", generate_args(fx, cfg))
        expect = {"lines": r"exited \(status 1\).*failed to load model", "one-line": r"exited \(status 1\)",
                  "hostile-tail": r"exited \(status 1\)", "never-ready": r"did not become ready"}[shape]
        return verdict(r, rc=3, err=expect, rss_mb=200, seconds=25, max_traces=1)
    return fn


for _shape in ["lines", "one-line", "hostile-tail", "never-ready"]:
    case("memory", "managed-log-" + _shape, {
        "lines": "managed server writes a 300 MB log, then exits 1",
        "one-line": "managed server writes 300 MB on one line (no line break), then exits 1",
        "hostile-tail": "managed server's last log lines hold escapes, CR, NUL, a forged trace line, invalid UTF-8",
        "never-ready": "managed server logs about 50 MB/s and never becomes ready (start timeout 3 s)"}[_shape])(
        big_log_case(_shape))


def big_body_case(dialect, shape):
    def gen(server, req, conn):
        mb = b"x" * (1 << 20)
        if shape == "whole-json-60mb":
            body = b'{"content":"' + mb * 60 + b'"}'
            send(conn, 200, body)
        elif shape == "error-100mb":
            conn.sendall(b"HTTP/1.1 500 Internal Server Error\r\nContent-Type: application/json\r\n"
                         b"Content-Length: %d\r\nConnection: close\r\n\r\n" % (100 << 20))
            conn.sendall(b'{"error":{"message":"')
            for _ in range(100):
                conn.sendall(mb)
        elif shape == "one-line-10mb":
            conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: %s\r\nConnection: close\r\n\r\n" % CTYPE[dialect].encode())
            conn.sendall(b'data: {"content":"' if dialect != "ollama" else b'{"response":"')
            for _ in range(10):
                conn.sendall(mb)
        elif shape == "event-10mb":
            piece = "y" * (10 << 20)
            body = event(dialect, '{"text":"' + piece + '"}') + b"".join(final_events(dialect))
            send(conn, 200, body, ctype=CTYPE[dialect])
        elif shape == "endless":
            conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: %s\r\nConnection: close\r\n\r\n" % CTYPE[dialect].encode())
            one = event(dialect, "") * 500
            deadline = time.monotonic() + 25
            while time.monotonic() < deadline:
                conn.sendall(one)
                time.sleep(0.001)
        elif shape == "endless-headers":
            conn.sendall(b"HTTP/1.1 200 OK\r\n")
            deadline = time.monotonic() + 25
            while time.monotonic() < deadline:
                conn.sendall(b"X-Filler: " + b"z" * 1000 + b"\r\n")

    @with_server(dialect, gen)
    def fn(env, fx, server):
        cfg = server_config(env, server, timeoutSeconds=6)
        r = run(env, "guided", generate_args(fx, cfg))
        want = {"whole-json-60mb": r"too ?large|exceeds", "error-100mb": r"too ?large|exceeds|500",
                "one-line-10mb": r"too ?large|exceeds|line", "event-10mb": r"too ?large|exceeds|line|long",
                "endless": r"too ?large|exceeds|timeout|timed out", "endless-headers": r"header"}[shape]
        return verdict(r, rc=3, err=want, rss_mb=300, seconds=20, max_traces=1)
    return fn


for _d, _shape in [("llama", "whole-json-60mb"), ("ollama", "error-100mb"), ("openai", "one-line-10mb"),
                   ("llama", "one-line-10mb"), ("ollama", "one-line-10mb"), ("llama", "event-10mb"),
                   ("openai", "endless"), ("llama", "endless-headers")]:
    case("memory", "body-%s-%s" % (_shape, _d), "%s server sends %s" % (_d, {
        "whole-json-60mb": "a whole 60 MB JSON reply", "error-100mb": "a 100 MB error body",
        "one-line-10mb": "a 10 MB stream line with no line break", "event-10mb": "one valid 10 MB event",
        "endless": "empty events without end (timeoutSeconds 6)",
        "endless-headers": "header lines without end"}[_shape]))(big_body_case(_d, _shape))
