/// Receives what a ``Transfer`` produces, on the transfer thread.
protocol TransferSink: AnyObject {
    /// The status and headers of the final (non-1xx) response, once, before any body bytes.
    func receiveHead(status: Int, headers: [HTTPHeader])
    /// A piece of the body, as libcurl delivers it; returns why the body is refused (which
    /// ends the transfer), or nil to go on.
    func receiveBody(_ bytes: UnsafeRawBufferPointer) -> String?
}

/// Keeps the whole response in memory, for ``HTTPClient/send(_:)``.
final class CollectingSink: TransferSink {
    private var headers: [HTTPHeader] = []
    private var body: [UInt8] = []

    func receiveHead(status: Int, headers: [HTTPHeader]) {
        self.headers = headers
    }

    func receiveBody(_ bytes: UnsafeRawBufferPointer) -> String? {
        body.append(contentsOf: bytes)
        return nil
    }

    func response(status: Int) -> HTTPResponse {
        HTTPResponse(status: status, headers: headers, body: body)
    }
}

/// Forwards the head and each body line to a stream as they arrive, for ``HTTPClient/stream(_:)``.
final class StreamingSink: TransferSink {
    private let continuation: AsyncThrowingStream<HTTPStreamEvent, any Error>.Continuation
    private var splitter = LineSplitter(validatingUTF8: true)

    init(_ continuation: AsyncThrowingStream<HTTPStreamEvent, any Error>.Continuation) {
        self.continuation = continuation
    }

    func receiveHead(status: Int, headers: [HTTPHeader]) {
        continuation.yield(.head(status: status, headers: headers))
    }

    /// Yields each complete line; a line that is not UTF-8 is refused (lines are text, and a
    /// U+FFFD in place of bad bytes would pass for model output).
    func receiveBody(_ bytes: UnsafeRawBufferPointer) -> String? {
        splitter.append(bytes) { line in
            continuation.yield(.line(line))
        }
        return splitter.invalidLine.map(Self.refusal)
    }

    /// Ends the stream normally, delivering an unterminated last line first; throws
    /// ``HTTPError/Code/invalidUTF8`` (at `url`) instead when that line is not UTF-8.
    func finish(url: String) {
        if let last = splitter.finish() {
            continuation.yield(.line(last))
        }
        if let line = splitter.invalidLine {
            continuation.finish(throwing: HTTPError(code: .invalidUTF8, url: url, message: Self.refusal(line)))
            return
        }
        continuation.finish()
    }

    static func refusal(_ line: Int) -> String { "line \(line) of the response body is not valid UTF-8" }
}
