"""The fault servers: loopback HTTP threads speaking llama-server, Ollama or OpenAI, and the helpers
that build their replies."""

import re
import socket
import threading

from .common import jq


class Request:
    def __init__(self, method, path, version, headers, body):
        self.method, self.path, self.version, self.headers, self.body = method, path, version, headers, body

    @property
    def text(self):
        return self.body.decode("utf-8", "replace")


def read_request(conn, buffer):
    """One request from `conn` (buffered bytes first); (None, b"") at the end."""
    while b"\r\n\r\n" not in buffer:
        chunk = conn.recv(65536)
        if not chunk:
            return None, b""
        buffer += chunk
        if len(buffer) > 4 << 20:
            return None, b""
    head, buffer = buffer.split(b"\r\n\r\n", 1)
    lines = head.decode("latin-1").split("\r\n")
    method, path, version = (lines[0].split(" ", 2) + ["", ""])[:3]
    headers = {}
    for line in lines[1:]:
        if ":" in line:
            key, value = line.split(":", 1)
            headers[key.strip().lower()] = value.strip()
    if headers.get("expect", "").lower() == "100-continue":
        conn.sendall(b"HTTP/1.1 100 Continue\r\n\r\n")
    length = int(headers.get("content-length", "0") or 0)
    while len(buffer) < length:
        chunk = conn.recv(65536)
        if not chunk:
            break
        buffer += chunk
    return Request(method, path, version, headers, buffer[:length]), buffer[length:]


def http_response(status=200, body=b"", ctype="application/json", headers=(), reason=None, version="HTTP/1.1",
                  length=True):
    if isinstance(body, str):
        body = body.encode()
    reasons = {200: "OK", 301: "Moved Permanently", 302: "Found", 307: "Temporary Redirect", 400: "Bad Request",
               401: "Unauthorized", 404: "Not Found", 429: "Too Many Requests", 500: "Internal Server Error",
               502: "Bad Gateway", 503: "Service Unavailable"}
    head = "%s %d %s\r\n" % (version, status, reason if reason is not None else reasons.get(status, "Status"))
    head += "Content-Type: %s\r\nConnection: close\r\n" % ctype
    if length:
        head += "Content-Length: %d\r\n" % len(body)
    for key, value in headers:
        head += "%s: %s\r\n" % (key, value)
    return head.encode("latin-1", "replace") + b"\r\n" + body


def send(conn, status=200, body=b"", **kw):
    conn.sendall(http_response(status, body, **kw))


def chunked(parts):
    """`parts` (bytes) in chunked transfer encoding, with the last chunk."""
    return b"".join(b"%x\r\n%s\r\n" % (len(p), p) for p in parts if p) + b"0\r\n\r\n"


CTYPE = {"llama": "text/event-stream", "ollama": "application/x-ndjson", "openai": "text/event-stream"}


def event(dialect, piece, raw=False):
    """One streamed event carrying `piece` (`raw`: `piece` is already a JSON string literal)."""
    literal = piece if raw else jq(piece)
    if dialect == "llama":
        return ('data: {"content":%s,"stop":false,"tokens_predicted":1}\n\n' % literal).encode()
    if dialect == "ollama":
        return ('{"model":"m","response":%s,"done":false}\n' % literal).encode()
    return ('data: {"id":"c1","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":%s},'
            '"finish_reason":null}]}\n\n' % literal).encode()


def final_events(dialect, limited=False):
    if dialect == "llama":
        return [('data: {"content":"","stop":true,"stop_type":"%s","truncated":false,"tokens_predicted":12,'
                 '"tokens_evaluated":40}\n\n' % ("limit" if limited else "eos")).encode()]
    if dialect == "ollama":
        return [('{"model":"m","response":"","done":true,"done_reason":"%s","eval_count":12}\n'
                 % ("length" if limited else "stop")).encode()]
    return [('data: {"id":"c1","object":"chat.completion.chunk","choices":[{"index":0,"delta":{},'
             '"finish_reason":"%s"}]}\n\n' % ("length" if limited else "stop")).encode(), b"data: [DONE]\n\n"]


def events(dialect, text, pieces=4, raw_pieces=None):
    """The whole stream for `text`, cut into about `pieces` events (or the given raw literals)."""
    if raw_pieces is not None:
        out = [event(dialect, p, raw=True) for p in raw_pieces]
    else:
        size = max(1, len(text) // pieces)
        out = [event(dialect, text[i:i + size]) for i in range(0, len(text), size)]
    return out + final_events(dialect)


def completions_asked(req):
    """llama-server's `n_cmpl`: how many completions one /completion request asks for."""
    found = re.search(rb'"n_cmpl":(\d+)', req.body)
    return int(found.group(1)) if found else 1


def for_each_completion(req, stream):
    """`stream` (llama-server events) once per completion asked for, each event with its index."""
    count = completions_asked(req)
    if count == 1:
        return stream
    return b"".join(stream.replace(b"data: {", b'data: {"index":%d,' % i) for i in range(count))


def answer(text=None, raw_pieces=None, pieces=4):
    """A generation handler streaming `text` (or raw JSON literals) as the dialect does."""
    def handler(server, req, conn):
        body = b"".join(events(server.dialect, text, pieces, raw_pieces))
        if server.dialect == "llama":
            body = for_each_completion(req, body)
        send(conn, 200, body, ctype=CTYPE[server.dialect])
    return handler


def error_body(dialect, status, literal):
    """An error body in the dialect's shape, the message given as a JSON string literal."""
    if dialect == "ollama":
        return '{"error":%s}' % literal
    return '{"error":{"code":%d,"message":%s,"type":"server_error"}}' % (status, literal)


class FaultServer:
    """A loopback HTTP server speaking one dialect, its generation endpoint played by `gen`
    (called as gen(server, request, connection)); `routes` overrides or adds paths."""

    GENERATION = {"llama": "/completion", "ollama": "/api/generate", "openai": "/v1/chat/completions"}

    def __init__(self, dialect="llama", gen=None, routes=None, healthy=True):
        self.dialect = dialect
        self.gen = gen or answer('{"text":"Back in March you fed the starter twice."}')
        self.requests = []
        self.stopped = False
        self.connections = []
        self.routes = {}
        if healthy:
            if dialect == "llama":
                self.routes["/health"] = lambda s, r, c: send(c, 200, '{"status":"ok"}')
                self.routes["/props"] = lambda s, r, c: send(
                    c, 200, '{"default_generation_settings":{"n_ctx":4096},"total_slots":4}')
                self.routes["/tokenize"] = lambda s, r, c: send(c, 200, '{"tokens":[%s]}' % ",".join(
                    str(i) for i in range(1, 21)))
            elif dialect == "ollama":
                self.routes["/api/tags"] = lambda s, r, c: send(
                    c, 200, '{"models":[{"name":"m:latest","model":"m:latest"}]}')
                self.routes["/api/show"] = lambda s, r, c: send(
                    c, 200, '{"model_info":{"gemma3.context_length":4096}}')
            else:
                self.routes["/v1/models"] = lambda s, r, c: send(
                    c, 200, '{"object":"list","data":[{"id":"m","object":"model"}]}')
        self.routes[self.GENERATION[dialect]] = lambda s, r, c: self.gen(s, r, c)
        self.routes.update(routes or {})
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(128)
        self.port = self.sock.getsockname()[1]
        threading.Thread(target=self._accept, daemon=True).start()

    @property
    def base(self):
        return "http://127.0.0.1:%d" % self.port

    @property
    def url(self):
        return self.base + ("/v1" if self.dialect == "openai" else "")

    def hits(self, path):
        return [r for r in self.requests if r.path.split("?")[0] == path]

    def _accept(self):
        while not self.stopped:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            self.connections.append(conn)
            threading.Thread(target=self._serve, args=(conn,), daemon=True).start()

    def _serve(self, conn):
        conn.settimeout(40)
        try:
            request, _ = read_request(conn, b"")
            if request is None:
                return
            self.requests.append(request)
            handler = self.routes.get(request.path.split("?")[0])
            if handler is None:
                send(conn, 404, '{"error":"not found"}')
            else:
                handler(self, request, conn)
        except Exception:
            pass
        finally:
            try:
                conn.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            conn.close()

    def stop(self):
        self.stopped = True
        try:
            self.sock.close()
        except OSError:
            pass
        for conn in self.connections:
            try:
                conn.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
