import GuidedBackends
import GuidedHTTP

extension JSONOverHTTP {
    /// A backend's stream whose events come from `produce`, as
    /// ``BackendStreaming/stream(backend:redact:_:)`` runs it, plus this client's part: a
    /// transport failure (GuidedHTTP's `HTTPError`) becomes the ``BackendError`` code
    /// ``backendError(_:backend:)`` gives it (timeout, cancelled, unavailable, transport), and
    /// every error is redacted (``redacting(_:)``) before the consumer sees it. Dropping the
    /// stream cancels `produce` and with it the transfer.
    package func stream(
        _ produce:
            @escaping @Sendable (AsyncThrowingStream<BackendStreamEvent, any Error>.Continuation) async throws ->
            BackendResponse
    ) -> AsyncThrowingStream<BackendStreamEvent, any Error> {
        let backend = self.backend
        return BackendStreaming.stream(backend: backend, redact: { [self] in redacting($0) }) { continuation in
            do {
                return try await produce(continuation)
            } catch let error as HTTPError {
                throw Self.backendError(error, backend: backend)
            }
        }
    }
}

extension BackendStreaming {
    /// Whether `line`, the first non-empty line of a `200` reply to a streamed request, shows
    /// the reply is whole rather than Server-Sent Events: it is not an SSE field (`data:`,
    /// `event:`, `id:`, `retry:`) or comment (`:`). A server or proxy that ignores `stream`
    /// answers whole JSON; one that fails may answer plain text.
    package static func answersWhole(_ line: String) -> Bool {
        !line.isEmpty && !["data:", "event:", "id:", "retry:", ":"].contains { line.hasPrefix($0) }
    }
}
