/// Reads HTTP/1.1 requests one after another from a keep-alive connection.
struct StubRequestReader {
    private var buffer: [UInt8] = []
    let connection: Int

    init(connection: Int) {
        self.connection = connection
    }

    /// The next request, or `nil` when the client closed, the server is
    /// stopping, or the request is malformed (chunked request bodies included).
    mutating func next(from socket: StubSocket) -> StubRequest? {
        let terminator: [UInt8] = [0x0D, 0x0A, 0x0D, 0x0A]
        var headEnd: Int?
        while true {
            headEnd = Self.find(terminator, in: buffer)
            if headEnd != nil { break }
            guard socket.receive(into: &buffer) else { return nil }
            // Not HTTP (for example a TLS ClientHello): hang up at once.
            guard let first = buffer.first, (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first) else { return nil }
        }
        guard let headEnd else { return nil }
        let head = String(decoding: buffer[..<headEnd], as: UTF8.self)
        var lines = head.split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
        let requestLine = lines.removeFirst().split(separator: " ")
        guard requestLine.count == 3 else { return nil }
        let headers = lines.compactMap { line -> StubHeader? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return StubHeader(Self.trim(line[..<colon]), Self.trim(line[line.index(after: colon)...]))
        }
        var request = StubRequest(
            method: String(requestLine[0]), path: String(requestLine[1]), headers: headers, body: [],
            connection: connection)
        if request.header("Transfer-Encoding") != nil {
            return nil
        }
        let length = request.header("Content-Length").flatMap { Int($0) } ?? 0
        let bodyStart = headEnd + terminator.count
        while buffer.count < bodyStart + length {
            guard socket.receive(into: &buffer) else { return nil }
        }
        request.body = Array(buffer[bodyStart..<(bodyStart + length)])
        buffer.removeFirst(bodyStart + length)
        return request
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count)
        where haystack[start..<(start + needle.count)].elementsEqual(needle) {
            return start
        }
        return nil
    }

    private static func trim(_ text: Substring) -> String {
        String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
