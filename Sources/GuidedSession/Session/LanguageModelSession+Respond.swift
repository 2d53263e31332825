public import GuidedBackends
public import GuidedSchema

extension LanguageModelSession {
    /// A typed response: a model's output that passed the schema and the type's checks, or the
    /// authored fallback with the reason.
    ///
    /// ```swift
    /// let outcome = try await session.respond(
    ///     to: GenerationRequest<StepSuggestions>("Suggest three next steps.", facts: journal, scope: .goal("swim")))
    /// switch outcome.source {
    /// case .model(let backend, _, _): print("from \(backend):", outcome.value.steps)
    /// case .fallback(let reason): print("fallback (\(reason)):", outcome.value.steps)
    /// }
    /// ```
    ///
    /// When no model output passes and the type has no fallback (a policy built with
    /// ``OutputPolicy/noSuggestion(validators:cleanup:route:candidates:history:)``), the answer
    /// is "no suggestion": the thrown ``GenerationError`` carries the reason and every attempt,
    /// so the app can let the person write.
    ///
    /// Cancelling the calling task cancels the request: the backend's transfer is aborted,
    /// freeing the server for other requests, and this method throws with
    /// ``FallbackReason/Code/cancelled`` (no fallback: nobody is waiting for it).
    /// - Parameters:
    ///   - request: The prompt, facts, examples, options and per-call fallback.
    ///   - type: The output type; its registered ``OutputPolicy`` (if any, and unless the
    ///     request brings its own) supplies checks, clean-ups, route, candidates and the fallback.
    /// - Returns: The value and where it came from, with every attempt.
    /// - Throws: ``GenerationError`` when nothing ships: no model output passed and there is no
    ///   fallback, the fallback breaks the schema, or the request was cancelled.
    public func respond<Output: Generable>(
        to request: GenerationRequest<Output>, generating type: Output.Type = Output.self
    ) async throws(GenerationError) -> GenerationOutcome<Output> {
        try await generate(request.sessionRequest, plan(for: request), progress: nil)
    }

    /// A response for a schema known only at run time (``GenerationRequest/schema``): the
    /// model's output as ``GeneratedContent``, checked against the whole schema and the request's
    /// policy, or that policy's fallback with the reason.
    ///
    /// - Throws: ``GenerationError`` when nothing ships, or with
    ///   ``FallbackReason/Code/invalidDeclaration`` when the request has no schema.
    public func respond(to request: GenerationRequest<GeneratedContent>) async throws(GenerationError)
        -> GenerationOutcome<GeneratedContent>
    {
        try await generate(request.sessionRequest, try contentPlan(for: request), progress: nil)
    }

    /// Free text: the model's words, with no schema — for chat-like use where an app tunes the
    /// instructions, temperature and sampling itself. The turn is kept in the transcript, so
    /// the next call continues the conversation (a base model sees earlier `Input:`/`Output:`
    /// pairs). A reply cut by ``GenerationOptions/maximumResponseTokens`` ships marked
    /// ``GenerationOutcome/isTruncated``.
    public func respond(to request: GenerationRequest<String>) async throws(GenerationError)
        -> GenerationOutcome<String>
    {
        try await generate(request.sessionRequest, .text(policy: request.policy(orRegistered: nil)), progress: nil)
    }

    /// Foundation Models' shorthand for a typed response to a prompt:
    /// `respond(to: GenerationRequest(prompt, grounding: grounding, options: options))`.
    ///
    /// ```swift
    /// let steps = try await session.respond(to: "Suggest three next steps.", generating: StepSuggestions.self,
    ///                                       grounding: ["Goal: learn to swim", "Entry: bought goggles"])
    /// ```
    public func respond<Output: Generable>(
        to prompt: String, generating type: Output.Type = Output.self, grounding: [String] = [],
        options: GenerationOptions = GenerationOptions()
    ) async throws(GenerationError) -> GenerationOutcome<Output> {
        try await respond(to: GenerationRequest<Output>(prompt, grounding: grounding, options: options))
    }

    /// Foundation Models' shorthand for free text: `respond(to: GenerationRequest(prompt, options: options))`.
    ///
    /// ```swift
    /// let session = LanguageModelSession(instructions: "Answer in one friendly sentence.", configuration: try .load())
    /// let reply = try await session.respond(to: "Say hello to Ada.", options: GenerationOptions(temperature: 0.7))
    /// print(reply.value)   // the text; reply.source says which backend wrote it
    /// ```
    public func respond(to prompt: String, options: GenerationOptions = GenerationOptions())
        async throws(GenerationError) -> GenerationOutcome<String>
    {
        try await respond(to: GenerationRequest<String>(prompt, options: options))
    }

    /// Foundation Models' shorthand for streamed free text:
    /// `streamResponse(to: GenerationRequest(prompt, options: options))`. Each snapshot's
    /// ``PartialResponse/text`` is the whole answer so far.
    ///
    /// ```swift
    /// for try await snapshot in session.streamResponse(to: "Tell me about the moon.") {
    ///     if case .partial(let partial) = snapshot { print(partial.text) }
    /// }
    /// ```
    public func streamResponse(to prompt: String, options: GenerationOptions = GenerationOptions())
        -> AsyncThrowingStream<ResponseSnapshot<String>, any Error>
    {
        streamResponse(to: GenerationRequest<String>(prompt, options: options))
    }

    /// Like ``respond(to:generating:)``, yielding typed snapshots of the output as it streams
    /// (``PartialResponse/content`` is `Output.PartiallyGenerated`), then the checked outcome.
    ///
    /// When a backend fails mid-stream, or its output fails a check, and the router moves on,
    /// the stream says so with ``ResponseSnapshot/restarted(_:)``; the next snapshots start again
    /// from nothing. Dropping the stream, or cancelling the task that iterates it, cancels the
    /// request: the backend's transfer is aborted. When nothing ships, the stream ends by
    /// throwing the ``GenerationError``.
    ///
    /// ```swift
    /// for try await snapshot in session.streamResponse(to: GenerationRequest<StepSuggestions>("Goal: learn to swim")) {
    ///     switch snapshot {
    ///     case .partial(let partial): show(partial.content?.steps ?? [])
    ///     case .restarted: show([])
    ///     case .complete(let outcome): show(outcome.value.steps)
    ///     }
    /// }
    /// ```
    public func streamResponse<Output: Generable>(
        to request: GenerationRequest<Output>, generating type: Output.Type = Output.self
    ) -> AsyncThrowingStream<ResponseSnapshot<Output>, any Error> {
        stream(request.sessionRequest, plan(for: request))
    }

    /// Like ``respond(to:)-(GenerationRequest<GeneratedContent>)``, yielding the output as it
    /// streams (``PartialResponse/rawContent`` is the JSON so far), then the checked outcome.
    public func streamResponse(to request: GenerationRequest<GeneratedContent>) -> AsyncThrowingStream<
        ResponseSnapshot<GeneratedContent>, any Error
    > {
        do {
            return stream(request.sessionRequest, try contentPlan(for: request))
        } catch {
            return AsyncThrowingStream { $0.finish(throwing: error) }
        }
    }

    /// Like ``respond(to:)-(GenerationRequest<String>)``, yielding the text as it grows (each
    /// snapshot's ``PartialResponse/text`` is the whole text so far), then the outcome.
    public func streamResponse(to request: GenerationRequest<String>) -> AsyncThrowingStream<
        ResponseSnapshot<String>, any Error
    > {
        stream(request.sessionRequest, .text(policy: request.policy(orRegistered: nil)))
    }

    /// The plan for a runtime schema's request; a request without a schema is a mistake in the call.
    func contentPlan(for request: GenerationRequest<GeneratedContent>) throws(GenerationError)
        -> OutputPlan<GeneratedContent>
    {
        guard let schema = request.schema else {
            throw GenerationError(
                reason: FallbackReason(
                    .invalidDeclaration,
                    "a request for GeneratedContent needs its schema: GenerationRequest(prompt, schema: …)"),
                attempts: [])
        }
        var plan = OutputPlan.content(schema, name: request.schemaName, policy: request.policy(orRegistered: nil))
        plan.fallbackFromCall = request.fallback != nil
        return plan
    }
}
