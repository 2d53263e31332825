/// What a backend gets without writing it, so that one of your own needs only its name, kind,
/// capabilities, context size and ``LanguageModelBackend/respond(to:)``:
///
/// ```swift
/// struct EchoBackend: LanguageModelBackend {
///     let name = "echo"
///     let kind = "echo"
///     let capabilities = BackendCapabilities()
///     func respond(to request: BackendRequest) async throws(BackendError) -> BackendResponse {
///         try BackendResponse(validating: request.prompt, for: request, backend: name)
///     }
///     func contextSize() async throws(BackendError) -> Int { 4096 }
/// }
/// ```
extension LanguageModelBackend {
    /// Streaming from the one-shot response: no partial snapshots, then the response of
    /// ``respond(to:)``. Backends that can stream (capabilities `streaming: true`) replace it.
    /// Dropping the stream cancels the response.
    public func streamResponse(to request: BackendRequest) -> AsyncThrowingStream<BackendStreamEvent, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    continuation.yield(.complete(try await self.respond(to: request)))
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// An estimate, one token per four UTF-8 bytes (``TokenCount/estimate(of:)``), for backends
    /// that cannot ask their model's tokenizer. The count says it is one
    /// (``TokenCount/isEstimate``), so context checks can leave a margin.
    public func tokenCount(of text: String) async throws(BackendError) -> TokenCount { .estimate(of: text) }

    /// ``tokenCount(of:)-(String)`` of the request's ``CompletionPrompt``.
    public func tokenCount(of request: BackendRequest) async throws(BackendError) -> TokenCount {
        try await tokenCount(of: CompletionPrompt.render(request))
    }

    /// Available: for a backend with nothing to check ahead of a request (an in-process model, or
    /// a service that only tells by answering). Backends that can tell — a server's health
    /// endpoint, a missing API key — replace it, so the router skips them with the reason
    /// instead of waiting for a failure.
    public func availability() async -> BackendAvailability { .available }
}
