/// The plumbing every streaming backend shares: run the producer in a task, pass its
/// ``BackendError``s through `redact`, and stop the work when the consumer stops listening.
///
/// Backends that speak HTTP use `JSONOverHTTP.stream(_:)` (in `GuidedServerBackends`), which
/// also turns transport failures into ``BackendError`` codes.
package enum BackendStreaming {
    /// A stream whose events come from `produce`; `produce` yields `.partial` snapshots and
    /// returns the final, validated response. A ``BackendError`` it throws ends the stream
    /// through `redact`; any other error ends it unchanged. Dropping the stream cancels `produce`.
    ///
    /// At most ``bufferedEvents`` events wait for a slow consumer; past that the oldest waiting
    /// snapshot gives way to the newest (each snapshot holds the whole text so far, so nothing
    /// is lost but intermediate views), and the final response, always the last event, is kept.
    public static func stream(
        backend: String,
        redact: @escaping @Sendable (BackendError) -> BackendError = { $0 },
        _ produce:
            @escaping @Sendable (AsyncThrowingStream<BackendStreamEvent, any Error>.Continuation) async throws ->
            BackendResponse
    ) -> AsyncThrowingStream<BackendStreamEvent, any Error> {
        AsyncThrowingStream(bufferingPolicy: .bufferingNewest(bufferedEvents)) { continuation in
            let task = Task {
                do {
                    continuation.yield(.complete(try await produce(continuation)))
                    continuation.finish()
                } catch let error as BackendError {
                    continuation.finish(throwing: redact(error))
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// How many events a backend's stream holds for a consumer that is behind: 32. Unbounded,
    /// 40,000 one-token events of a long output held 600 MB of snapshots (the second probe).
    package static let bufferedEvents = 32

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
}
