"""Cases, neighbours: HTTP oddities (status lines, chunking, Content-Length, resets, slowloris, TLS)."""

import os
import socket
import time

from .servers import CTYPE, FaultServer, events, send
from .runner import run
from .judge import excerpt, verdict
from .fixtures import GOOD, backend, config, generate_args
from .registry import case


# ---------------------------------------------------------------------------------------------
# Neighbours: HTTP oddities
# ---------------------------------------------------------------------------------------------

def http_case(label, dialect="llama"):
    def gen(server, req, conn):
        stream = b"".join(events(server.dialect, GOOD))
        ctype = CTYPE[server.dialect].encode()
        if label == "status-line-garbage":
            conn.sendall(b"HELLO WORLD\r\n\r\n" + stream)
        elif label == "http-0.9":
            conn.sendall(stream)
        elif label == "http-1.0-close-delimited":
            conn.sendall(b"HTTP/1.0 200 OK\r\nContent-Type: " + ctype + b"\r\n\r\n" + stream)
        elif label == "redirect-302":
            send(conn, 302, b"", headers=[("Location", server.base + "/elsewhere")])
        elif label == "redirect-307-credentials":
            send(conn, 307, b"", headers=[("Location", "http://probe:%s@127.0.0.2:%d%s" % (
                "Xx9Rr8Tt7", server.port, req.path))])
        elif label == "chunk-size-garbage":
            conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: " + ctype + b"\r\nTransfer-Encoding: chunked\r\n\r\n"
                         b"zz\r\n" + stream + b"\r\n0\r\n\r\n")
        elif label == "chunk-extension":
            conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: " + ctype + b"\r\nTransfer-Encoding: chunked\r\n\r\n"
                         + b"%x;name=value\r\n%s\r\n0\r\n\r\n" % (len(stream), stream))
        elif label == "chunk-size-huge":
            conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: " + ctype + b"\r\nTransfer-Encoding: chunked\r\n\r\n"
                         b"FFFFFFFFFFFFFFFF\r\n" + stream)
        elif label == "chunk-no-terminator":
            conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: " + ctype + b"\r\nTransfer-Encoding: chunked\r\n\r\n"
                         + b"%x\r\n%s\r\n" % (len(stream), stream))
        elif label == "chunk-trailers":
            conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: " + ctype + b"\r\nTransfer-Encoding: chunked\r\n"
                         b"Trailer: X-Done\r\n\r\n" + b"%x\r\n%s\r\n0\r\nX-Done: yes\r\n\r\n" % (len(stream), stream))
        elif label == "content-length-too-big":
            conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: " + ctype + b"\r\nContent-Length: %d\r\n\r\n"
                         % (len(stream) + 5000) + stream)
        elif label == "content-length-too-small":
            conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: " + ctype + b"\r\nContent-Length: %d\r\n\r\n"
                         % (len(stream) // 2) + stream)
        elif label == "content-length-negative":
            conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: " + ctype + b"\r\nContent-Length: -5\r\n\r\n" + stream)
        elif label == "content-length-conflicting":
            conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: " + ctype + b"\r\nContent-Length: %d\r\n"
                         b"Content-Length: 7\r\n\r\n" % len(stream) + stream)
        elif label == "content-length-not-a-number":
            conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: " + ctype + b"\r\nContent-Length: abc\r\n\r\n" + stream)
        elif label == "close-mid-event":
            conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: " + ctype + b"\r\n\r\n" + stream[:len(stream) // 2])
        elif label == "reset-mid-stream":
            conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: " + ctype + b"\r\n\r\n" + stream[:40])
            conn.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
            conn.close()
        elif label in ("slowloris-body", "slowloris-deadline"):
            conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: " + ctype + b"\r\n\r\n")
            for byte in stream:
                conn.sendall(bytes([byte]))
                time.sleep(1.0)
        elif label == "slowloris-headers":
            for byte in b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n\r\n":
                conn.sendall(bytes([byte]))
                time.sleep(1.0)
        elif label == "silent":
            time.sleep(25)
        elif label == "tls-garbage":
            conn.sendall(b"\x16\x03\x01\x00\x2a\x02\x00\x00\x26\x03\x03" + os.urandom(200))

    def fn(env, fx):
        routes = {}
        if label == "redirect-302":
            routes["/elsewhere"] = lambda s, r, c: send(c, 200, b"".join(events("llama", GOOD)),
                                                        ctype="text/event-stream")
        server = FaultServer(dialect, gen, routes)
        try:
            extra = {}
            if label == "slowloris-body" or label == "slowloris-headers":
                extra = {"timeoutSeconds": 4}
            if label == "silent":
                extra = {"timeoutSeconds": 20}
            url = server.url
            if label == "tls-to-plain-port":
                url = url.replace("http://", "https://")
            b = backend(dialect, url, **extra)
            top = {}
            if label == "slowloris-deadline":
                b = backend(dialect, url, timeoutSeconds=60)
                b.pop("idleTimeoutSeconds")
                top["routing"] = {"deadlineSeconds": 4}
            cfg = config(env, b, **top)
            r = run(env, "guided", generate_args(fx, cfg))
            ok = {"http-1.0-close-delimited", "chunk-extension", "chunk-trailers", "content-length-too-small"}
            either = {"chunk-no-terminator", "content-length-too-small", "header-without-colon"}
            if label in ok and label not in either:
                return verdict(r, rc=0, out=r"fed the starter", max_traces=1)
            if label in either:
                return verdict(r, rc={0, 3}, max_traces=1)
            v = verdict(r, rc=3, max_traces=1, seconds=15,
                        err=r"trace: b: (failed|unavailable|timeout|deadline)")
            if "invalidURL" in r.err and label != "tls-to-plain-port":
                v.maybe("a reply that is not HTTP is reported as invalidURL (the URL is fine): "
                        + excerpt(r.err, "invalidURL"))
            if label == "redirect-302" and server.hits("/elsewhere"):
                v.fail("the redirect was followed (redirects are documented as off)")
            return v
        finally:
            server.stop()
    return fn


_HTTP = ["status-line-garbage", "http-0.9", "http-1.0-close-delimited", "redirect-302", "redirect-307-credentials",
         "chunk-size-garbage", "chunk-extension", "chunk-size-huge", "chunk-no-terminator", "chunk-trailers",
         "content-length-too-big", "content-length-too-small", "content-length-negative",
         "content-length-conflicting", "content-length-not-a-number", "reset-mid-stream", "slowloris-body",
         "slowloris-headers", "silent", "tls-garbage", "tls-to-plain-port"]
for _label in _HTTP:
    case("http", "http-" + _label, "the server answers with " + _label.replace("-", " "))(http_case(_label))
for _d in ["llama", "ollama", "openai"]:
    case("http", "http-close-mid-event-" + _d, "%s closes the connection in the middle of an event" % _d)(
        http_case("close-mid-event", _d))
case("http", "http-slowloris-deadline-ollama", "ollama one byte a second, only routing.deadlineSeconds 4")(
    http_case("slowloris-deadline", "ollama"))
