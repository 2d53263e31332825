/// Writes a ``StubResponse`` to a connection.
enum StubResponseWriter {
    /// Writes `response` for a request with `method`.
    /// - Returns: `true` if the connection may serve another request.
    static func write(_ response: StubResponse, method: String, to socket: StubSocket) -> Bool {
        switch response {
        case .full(let status, let headers, let body):
            var all = headers
            if !headers.contains(where: { $0.name.lowercased() == "content-length" }) {
                all.append(StubHeader("Content-Length", String(body.count)))
            }
            let sendsBody = method != "HEAD" && !body.isEmpty
            return socket.send(head(status, all)) && (!sendsBody || socket.send(body))
        case .stream(let status, let headers, let chunks, .chunked):
            guard socket.send(head(status, headers + [StubHeader("Transfer-Encoding", "chunked")])) else {
                return false
            }
            return writeChunked(chunks, to: socket) && socket.send("0\r\n\r\n")
        case .stream(let status, let headers, let chunks, .closeDelimited):
            if socket.send(head(status, headers + [StubHeader("Connection", "close")])) {
                _ = writeRaw(chunks, to: socket)
            }
            return false
        case .cut(let status, let headers, let chunks, let declaredLength):
            if let declaredLength {
                if socket.send(head(status, headers + [StubHeader("Content-Length", String(declaredLength))])) {
                    _ = writeRaw(chunks, to: socket)
                }
            } else if socket.send(head(status, headers + [StubHeader("Transfer-Encoding", "chunked")])) {
                _ = writeChunked(chunks, to: socket)
            }
            return false
        case .hang:
            var ignored: [UInt8] = []
            while socket.receive(into: &ignored) {
                ignored.removeAll()
            }
            return false
        case .slow(let delay, let next):
            return socket.pause(delay) && write(next, method: method, to: socket)
        case .closeConnection:
            return false
        case .raw(let bytes):
            _ = socket.send(bytes)
            return false
        case .reset(let bytes):
            _ = socket.send(bytes)
            socket.resetOnClose()
            return false
        case .paced(let head, let body, let interval):
            guard socket.send(head) else { return false }
            for byte in body {
                guard socket.send([byte]), socket.pause(interval) else { break }
            }
            return false
        }
    }

    private static func head(_ status: Int, _ headers: [StubHeader]) -> String {
        var text = "HTTP/1.1 \(status) \(reason(status))\r\n"
        for header in headers {
            text += "\(header.name): \(header.value)\r\n"
        }
        return text + "\r\n"
    }

    /// Each chunk as one `send`, so a pause really separates what the client sees.
    private static func writeChunked(_ chunks: [StubChunk], to socket: StubSocket) -> Bool {
        for chunk in chunks {
            guard socket.pause(chunk.delay), chunk.gate?.wait(pausing: socket.pause) ?? true else { return false }
            guard !chunk.bytes.isEmpty else { continue }
            let frame = Array(String(chunk.bytes.count, radix: 16).utf8) + [0x0D, 0x0A] + chunk.bytes + [0x0D, 0x0A]
            guard socket.send(frame) else { return false }
        }
        return true
    }

    private static func writeRaw(_ chunks: [StubChunk], to socket: StubSocket) -> Bool {
        for chunk in chunks {
            guard socket.pause(chunk.delay), chunk.gate?.wait(pausing: socket.pause) ?? true, socket.send(chunk.bytes)
            else { return false }
        }
        return true
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 201: "Created"
        case 204: "No Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 404: "Not Found"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }
}
