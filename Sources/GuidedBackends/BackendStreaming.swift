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
        _ produce: @escaping @Sendable (AsyncThrowingStream<BackendStreamEvent, any Error>.Continuation) async throws -> BackendResponse
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
}
