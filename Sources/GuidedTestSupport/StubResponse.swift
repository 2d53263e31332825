/// A piece of a streamed stub response, written after a pause (or once a gate opens).
public struct StubChunk: Sendable {
    /// How long to wait before writing the bytes.
    public var delay: Duration
    /// A gate to wait for (after the delay) before writing the bytes.
    public var gate: StubGate?
    /// The bytes to write.
    public var bytes: [UInt8]

    /// Creates a chunk from bytes.
    /// - Parameters:
    ///   - bytes: The bytes to write.
    ///   - delay: The pause before writing them. Default: none.
    public init(_ bytes: [UInt8], after delay: Duration = .zero) {
        self.delay = delay
        self.bytes = bytes
    }

    /// Creates a chunk from UTF-8 text.
    /// - Parameters:
    ///   - text: The text to write.
    ///   - delay: The pause before writing it. Default: none.
    public init(_ text: String, after delay: Duration = .zero) {
        self.init(Array(text.utf8), after: delay)
    }

    /// Creates a chunk of UTF-8 text written once `gate` opens.
    /// - Parameters:
    ///   - text: The text to write.
    ///   - gate: The gate the server waits for first.
    public init(_ text: String, after gate: StubGate) {
        self.init(Array(text.utf8))
        self.gate = gate
    }
}

/// How a streamed stub body is delimited.
public enum StubFraming: Sendable {
    /// `Transfer-Encoding: chunked`; the connection stays open afterwards.
    case chunked
    /// No length: the body ends when the server closes the connection.
    case closeDelimited
}

/// What a ``StubHTTPServer`` route answers.
public indirect enum StubResponse: Sendable {
    /// A whole response; `Content-Length` is added unless given.
    case full(status: Int, headers: [StubHeader], body: [UInt8])
    /// A body written chunk by chunk with pauses, for SSE and NDJSON.
    case stream(status: Int, headers: [StubHeader], chunks: [StubChunk], framing: StubFraming)
    /// Writes the head and the chunks, then closes the socket mid-body. With a
    /// `declaredLength` the head announces that `Content-Length`; otherwise it
    /// is chunked and the terminating chunk never comes.
    case cut(status: Int, headers: [StubHeader], chunks: [StubChunk], declaredLength: Int?)
    /// Reads the request and never answers, until the client leaves or the server stops.
    case hang
    /// Waits, then answers with another response.
    case slow(delay: Duration, then: StubResponse)
    /// Closes the connection without answering anything.
    case closeConnection
    /// Writes these bytes as they are, no HTTP head added, then closes the connection: a
    /// server that does not speak HTTP (garbage, HTTP/0.9, TLS on a plain port).
    case raw([UInt8])
    /// Writes these bytes as they are, then resets the connection (a TCP RST, not an orderly
    /// close): a server or proxy that drops a connection mid-answer.
    case reset([UInt8])
    /// Writes `head` as it is, then `body` one byte every `interval`, then closes the
    /// connection: a slowloris peer whose every byte comes just in time to look alive.
    case paced(head: [UInt8], body: [UInt8], every: Duration)
}

extension StubResponse {
    /// A JSON body with `Content-Type: application/json`.
    /// - Parameters:
    ///   - status: The status code. Default: 200.
    ///   - headers: Extra headers. Default: none.
    ///   - body: The JSON text.
    /// - Returns: A ``full(status:headers:body:)`` response.
    public static func json(status: Int = 200, headers: [StubHeader] = [], _ body: String) -> StubResponse {
        .full(
            status: status, headers: [StubHeader("Content-Type", "application/json")] + headers, body: Array(body.utf8))
    }

    /// A plain-text body with `Content-Type: text/plain`.
    /// - Parameters:
    ///   - status: The status code. Default: 200.
    ///   - headers: Extra headers. Default: none.
    ///   - body: The text.
    /// - Returns: A ``full(status:headers:body:)`` response.
    public static func text(status: Int = 200, headers: [StubHeader] = [], _ body: String) -> StubResponse {
        .full(status: status, headers: [StubHeader("Content-Type", "text/plain")] + headers, body: Array(body.utf8))
    }

    /// A `text/event-stream` body: each string is written as is, `delay` apart.
    /// - Parameters:
    ///   - chunks: Raw SSE text, for example `"data: {...}\n\n"`.
    ///   - delay: The pause before each chunk after the first.
    ///   - framing: How the body is delimited. Default: chunked.
    /// - Returns: A ``stream(status:headers:chunks:framing:)`` response.
    public static func sse(_ chunks: [String], delay: Duration, framing: StubFraming = .chunked) -> StubResponse {
        .stream(
            status: 200, headers: [StubHeader("Content-Type", "text/event-stream")],
            chunks: spaced(chunks, delay: delay), framing: framing)
    }

    /// An `application/x-ndjson` body: each string plus `"\n"`, `delay` apart.
    /// - Parameters:
    ///   - lines: The JSON lines, without terminators.
    ///   - delay: The pause before each line after the first.
    ///   - framing: How the body is delimited. Default: chunked.
    /// - Returns: A ``stream(status:headers:chunks:framing:)`` response.
    public static func ndjson(_ lines: [String], delay: Duration, framing: StubFraming = .chunked) -> StubResponse {
        .stream(
            status: 200, headers: [StubHeader("Content-Type", "application/x-ndjson")],
            chunks: spaced(lines.map { $0 + "\n" }, delay: delay), framing: framing)
    }

    /// A redirect with a `Location` header and an empty body.
    /// - Parameters:
    ///   - status: The status code. Default: 302.
    ///   - location: The redirect target.
    /// - Returns: A ``full(status:headers:body:)`` response.
    public static func redirect(status: Int = 302, to location: String) -> StubResponse {
        .full(status: status, headers: [StubHeader("Location", location)], body: [])
    }

    private static func spaced(_ texts: [String], delay: Duration) -> [StubChunk] {
        texts.enumerated().map { index, text in StubChunk(text, after: index == 0 ? .zero : delay) }
    }
}
