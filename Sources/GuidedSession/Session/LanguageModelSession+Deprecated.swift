public import GuidedBackends
public import GuidedSchema

extension LanguageModelSession {
    /// Examples as untyped backend examples.
    @available(*, deprecated, message: "pass typed examples: [Example<Output>]")
    public func respond<Output: Generable>(
        to prompt: String, generating type: Output.Type = Output.self, grounding: [String] = [],
        examples: [BackendRequest.Example], options: GenerationOptions = GenerationOptions()
    ) async throws(GenerationError) -> GenerationOutcome<Output> {
        let request = SessionRequest(prompt: prompt, grounding: grounding, examples: examples, options: options)
        return try await generate(request, plan(Output.self), progress: nil)
    }

    /// Examples as untyped backend examples.
    @available(*, deprecated, message: "pass typed examples: [Example<Output>]")
    public func streamResponse<Output: Generable>(
        to prompt: String, generating type: Output.Type = Output.self, grounding: [String] = [],
        examples: [BackendRequest.Example], options: GenerationOptions = GenerationOptions()
    ) -> AsyncThrowingStream<ResponseSnapshot<Output>, any Error> {
        stream(
            SessionRequest(prompt: prompt, grounding: grounding, examples: examples, options: options),
            plan(Output.self))
    }

    /// Examples as untyped backend examples.
    @available(*, deprecated, message: "pass typed examples: [Example<Output>]")
    public func respond<Output: Generable>(
        to prompt: String, generating type: Output.Type = Output.self, facts: [Fact], scope: FactScope,
        examples: [BackendRequest.Example], options: GenerationOptions = GenerationOptions()
    ) async throws(GenerationError) -> GenerationOutcome<Output> {
        try await run(
            SessionRequest(prompt: prompt, facts: facts, scope: scope, examples: examples, options: options), type,
            progress: nil)
    }

    /// Examples as untyped backend examples.
    @available(*, deprecated, message: "pass typed examples: [Example<Output>]")
    public func respond<Output: Generable>(
        polishing copy: FilledTemplate, generating type: Output.Type = Output.self, facts: [Fact], scope: FactScope,
        examples: [BackendRequest.Example], options: GenerationOptions = GenerationOptions()
    ) async throws(GenerationError) -> GenerationOutcome<Output> {
        let request = SessionRequest(
            prompt: copy.text, facts: facts, scope: scope, template: copy, examples: examples, options: options)
        return try await run(request, type, progress: nil)
    }

    /// Examples as untyped backend examples.
    @available(*, deprecated, message: "pass typed examples: [Example<Output>]")
    public func suggest<Output: Generable>(
        to prompt: String, generating type: Output.Type = Output.self, facts: [Fact], scope: FactScope,
        examples: [BackendRequest.Example], options: GenerationOptions = GenerationOptions()
    ) async -> Suggestion<Output> {
        do {
            let request = SessionRequest(
                prompt: prompt, facts: facts, scope: scope, examples: examples, options: options)
            return .value(try await run(request, type, progress: nil))
        } catch {
            return .noSuggestion(NoSuggestion(reason: error.reason, attempts: error.attempts))
        }
    }
}
