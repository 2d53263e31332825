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
    /// that cannot ask their model's tokenizer.
    public func tokenCount(of text: String) async throws(BackendError) -> TokenCount { .estimate(of: text) }
}
