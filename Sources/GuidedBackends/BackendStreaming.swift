import GuidedHTTP

/// The plumbing every streaming backend shares: run the producer in a task, map transport
/// errors to ``BackendError``, pass secrets through `redact`, and stop the transfer when the
/// consumer stops listening.
public enum BackendStreaming {
    /// A stream whose events come from `produce`; `produce` yields `.partial` snapshots and
    /// returns the final, validated response.
    public static func stream(
        backend: String,
        redact: @escaping @Sendable (BackendError) -> BackendError = { $0 },
        _ produce:
            @escaping @Sendable (AsyncThrowingStream<BackendStreamEvent, any Error>.Continuation) async throws ->
            BackendResponse
    ) -> AsyncThrowingStream<BackendStreamEvent, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    continuation.yield(.complete(try await produce(continuation)))
                    continuation.finish()
                } catch let error as HTTPError {
                    continuation.finish(throwing: redact(JSONOverHTTP.backendError(error, backend: backend)))
                } catch let error as BackendError {
                    continuation.finish(throwing: redact(error))
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// The final response of `stream`, its partial snapshots dropped: how a backend that always
    /// streams on the wire answers ``LanguageModelBackend/respond(to:)``.
    public static func response(
        of stream: AsyncThrowingStream<BackendStreamEvent, any Error>,
        backend: String
    ) async throws(BackendError) -> BackendResponse {
        do {
            for try await event in stream {
                if case .complete(let response) = event { return response }
            }
        } catch let error as BackendError {
            throw error
        } catch {
            throw BackendError(.transport, backend: backend, "\(error)")
        }
        if Task.isCancelled { throw BackendError(.cancelled, backend: backend, "the request was cancelled") }
        throw BackendError(.transport, backend: backend, "the stream ended without a response")
    }

    /// Whether `line`, the first non-empty line of a `200` reply to a streamed request, shows
    /// the reply is whole rather than Server-Sent Events: it is not an SSE field (`data:`,
    /// `event:`, `id:`, `retry:`) or comment (`:`). A server or proxy that ignores `stream`
    /// answers whole JSON; one that fails may answer plain text.
    public static func answersWhole(_ line: String) -> Bool {
        !line.isEmpty && !["data:", "event:", "id:", "retry:", ":"].contains { line.hasPrefix($0) }
    }
}
