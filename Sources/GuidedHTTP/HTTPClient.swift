/// An HTTP/1.1 client on libcurl for local model servers (llama-server, Ollama,
/// OpenAI-compatible endpoints).
///
/// Each transfer runs on its own OS thread, off Swift's cooperative pool.
/// Finished transfers return their libcurl handle, with its keep-alive
/// connection, to a small pool, so sequential requests to one server reuse one
/// TCP connection. Redirects are not followed, TLS verification is always on,
/// and cancelling the calling task aborts the transfer at once.
public final class HTTPClient: Sendable {
    private let pool: HandlePool

    /// Creates a client.
    /// - Parameter maximumIdleHandles: How many idle handles (each keeping its
    ///   open connections) to keep for reuse. Default: 4.
    public init(maximumIdleHandles: Int = 4) {
        CurlGlobal.ensureInitialized()
        pool = HandlePool(maximumIdle: maximumIdleHandles)
    }

    /// Performs one request and returns the whole response.
    ///
    /// Any status is a response: a `404` or `500` is returned, not thrown.
    /// - Parameter request: The request to send.
    /// - Returns: The status, headers and body.
    /// - Throws: ``HTTPError`` when there is no complete response, including
    ///   ``HTTPError/Code/cancelled`` when the task is cancelled.
    package func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
        if let error = request.validationError() {
            throw error
        }
        let control = TransferControl()
        let pool = self.pool
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation {
                (continuation: CheckedContinuation<Result<HTTPResponse, HTTPError>, Never>) in
                DetachedThread.run {
                    let sink = CollectingSink()
                    let outcome = Transfer.run(request, control: control, sink: sink, pool: pool)
                    continuation.resume(returning: outcome.map { sink.response(status: $0) })
                }
            }
        } onCancel: {
            control.cancel()
        }
        return try result.get()
    }

    /// Performs one request and streams the response: first
    /// ``HTTPStreamEvent/head(status:headers:)``, then each body line as it arrives
    /// (split at `LF` or `CRLF`), suited to SSE and NDJSON.
    ///
    /// The stream ends normally after the last line (an unterminated last line
    /// included), or throws an ``HTTPError``; lines received before a failure
    /// are delivered first. A line that is not valid UTF-8 ends the stream with
    /// ``HTTPError/Code/invalidUTF8`` (never a line with U+FFFD for its bad bytes). Any status
    /// streams its body. Cancelling the
    /// consuming task, or dropping the stream, aborts the transfer.
    /// - Parameter request: The request to send.
    /// - Returns: The events of the response.
    package func stream(_ request: HTTPRequest) -> AsyncThrowingStream<HTTPStreamEvent, any Error> {
        let (stream, continuation) = AsyncThrowingStream<HTTPStreamEvent, any Error>.makeStream()
        if let error = request.validationError() {
            continuation.finish(throwing: error)
            return stream
        }
        let control = TransferControl()
        continuation.onTermination = { _ in
            control.cancel()
        }
        let pool = self.pool
        DetachedThread.run {
            let sink = StreamingSink(continuation)
            switch Transfer.run(request, control: control, sink: sink, pool: pool) {
            case .success:
                sink.finish(url: request.url)
            case .failure(let error):
                continuation.finish(throwing: error)
            }
        }
        return stream
    }
}
