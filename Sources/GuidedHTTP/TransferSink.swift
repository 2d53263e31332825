/// Receives what a ``Transfer`` produces, on the transfer thread.
protocol TransferSink: AnyObject {
    /// The status and headers of the final (non-1xx) response, once, before any body bytes.
    func receiveHead(status: Int, headers: [HTTPHeader])
    /// A piece of the body, as libcurl delivers it.
    func receiveBody(_ bytes: UnsafeRawBufferPointer)
}

/// Keeps the whole response in memory, for ``HTTPClient/send(_:)``.
final class CollectingSink: TransferSink {
    private var headers: [HTTPHeader] = []
    private var body: [UInt8] = []

    func receiveHead(status: Int, headers: [HTTPHeader]) {
        self.headers = headers
    }

    func receiveBody(_ bytes: UnsafeRawBufferPointer) {
        body.append(contentsOf: bytes)
    }

    func response(status: Int) -> HTTPResponse {
        HTTPResponse(status: status, headers: headers, body: body)
    }
}

/// Forwards the head and each body line to a stream as they arrive, for ``HTTPClient/stream(_:)``.
final class StreamingSink: TransferSink {
    private let continuation: AsyncThrowingStream<HTTPStreamEvent, any Error>.Continuation
    private var splitter = LineSplitter()

    init(_ continuation: AsyncThrowingStream<HTTPStreamEvent, any Error>.Continuation) {
        self.continuation = continuation
    }

    func receiveHead(status: Int, headers: [HTTPHeader]) {
        continuation.yield(.head(status: status, headers: headers))
    }

    func receiveBody(_ bytes: UnsafeRawBufferPointer) {
        splitter.append(bytes) { line in
            continuation.yield(.line(line))
        }
    }

    /// Ends the stream normally, delivering an unterminated last line first.
    func finish() {
        if let last = splitter.finish() {
            continuation.yield(.line(last))
        }
        continuation.finish()
    }
}
