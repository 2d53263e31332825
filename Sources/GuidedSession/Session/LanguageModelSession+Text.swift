public import GuidedBackends
public import GuidedSchema

extension LanguageModelSession {
    /// Free text: the model's words for `prompt`, with no schema — for chat-like use where an
    /// app tunes the instructions, temperature and sampling itself.
    ///
    /// ```swift
    /// let session = LanguageModelSession(instructions: "Answer in one friendly sentence.", configuration: try .load())
    /// let reply = try await session.respond(to: "Say hello to Ada.", options: GenerationOptions(temperature: 0.7))
    /// print(reply.value)   // the text; reply.source says which backend wrote it
    /// ```
    ///
    /// The turn is kept in the transcript, so the next call continues the conversation (a base
    /// model sees it as earlier `Input:`/`Output:` pairs). Every routed backend that can take
    /// the request is tried in order, as for typed output; a backend's output can still be cut
    /// by the token limit, which is a failure, never a result.
    /// - Parameters:
    ///   - prompt: The input.
    ///   - grounding: Facts the model may use.
    ///   - examples: Worked examples (few-shot): inputs with the text wanted for them.
    ///   - options: Sampling and length.
    ///   - policy: Validators, clean-ups, route and a fallback text for this call.
    /// - Returns: The text and where it came from.
    /// - Throws: ``GenerationError`` when no backend produced text and `policy` has no fallback,
    ///   or when the calling task is cancelled.
    public func respond(
        to prompt: String, grounding: [String] = [], examples: [Example<String>] = [],
        options: GenerationOptions = GenerationOptions(), policy: OutputPolicy<String>? = nil
    ) async throws(GenerationError) -> GenerationOutcome<String> {
        let request = SessionRequest(
            prompt: prompt, grounding: grounding, examples: examples.map(\.backendExample), options: options)
        return try await generate(request, .text(policy: policy), progress: nil)
    }

    /// Like ``respond(to:grounding:examples:options:policy:)``, yielding the text as it grows
    /// (each snapshot the whole text so far), then the outcome. Dropping the stream cancels the
    /// request.
    public func streamResponse(
        to prompt: String, grounding: [String] = [], examples: [Example<String>] = [],
        options: GenerationOptions = GenerationOptions(), policy: OutputPolicy<String>? = nil
    ) -> AsyncThrowingStream<TextSnapshot, any Error> {
        let request = SessionRequest(
            prompt: prompt, grounding: grounding, examples: examples.map(\.backendExample), options: options)
        return SnapshotQueue.stream(partial: { .partial($1) }) { queue in
            let outcome = try await self.generate(request, .text(policy: policy)) { progress in
                switch progress {
                case .partial(let backend, let text): queue.partial(backend: backend, text: text)
                case .discarded(let attempt): queue.event(.restarted(attempt))
                }
            }
            queue.event(.complete(outcome))
        }
    }
}

/// What a streamed free-text response yields.
public enum TextSnapshot: Sendable {
    /// The whole text so far.
    case partial(String)
    /// The attempt that was streaming ended without text that ships; start again from nothing.
    case restarted(Attempt)
    /// The last snapshot: the text that ships (from a model, or the fallback) and every attempt.
    case complete(GenerationOutcome<String>)
}
