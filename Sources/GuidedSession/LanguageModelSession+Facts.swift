public import GuidedBackends
public import GuidedSchema

extension LanguageModelSession {
    /// A typed response from this request's own facts: only the facts that belong to `scope`
    /// reach the prompt, the validators and the fallback, and earlier turns of other scopes never
    /// reach the prompt. One session can serve many goals without one goal's entries or outputs
    /// leaking into another's.
    ///
    /// ```swift
    /// let outcome = try await session.respond(to: "Goal: bake sourdough at home", generating: StepSuggestions.self,
    ///                                         facts: allFacts, scope: .goal("sourdough"))
    /// ```
    ///
    /// - Parameters:
    ///   - prompt: The input for this response.
    ///   - type: The output type.
    ///   - facts: Facts of any scope; those not belonging to `scope` are left out.
    ///   - scope: The goal or thread this request is about.
    ///   - examples: Worked examples (few-shot).
    ///   - options: Sampling and length.
    ///   - fallback: A fallback for this call only, used instead of the registered one.
    /// - Returns: A model's checked output, or the authored fallback with the reason.
    /// - Throws: ``GenerationError`` when no model output passed and there is no fallback.
    public func respond<Output: Generable>(
        to prompt: String, generating type: Output.Type = Output.self, facts: [Fact], scope: FactScope,
        examples: [Example<Output>] = [], options: GenerationOptions = GenerationOptions(), fallback: Output? = nil
    ) async throws(GenerationError) -> GenerationOutcome<Output> {
        let request = SessionRequest(
            prompt: prompt, facts: facts, scope: scope, examples: examples.map(\.backendExample), options: options)
        return try await generate(request, plan(Output.self, fallback: fallback), progress: nil)
    }

    /// Asks the model to polish an authored copy: the filled template is the prompt, and (with
    /// ``OutputPolicy/template(_:validators:cleanup:route:candidates:groundedDecoding:history:)``) the fallback that ships,
    /// word for word, when the model's rewrite fails a check or no model can serve.
    ///
    /// ```swift
    /// let copy = try AuthoredTemplate("Back in {month} you wrote: \"{entry}\"").filled(from: facts.scoped(to: scope))
    /// let outcome = try await session.respond(polishing: copy, generating: RewrittenNotification.self, facts: facts, scope: scope)
    /// ```
    ///
    /// Pass `fallback` to ship a value of your own for this call instead of the registered
    /// fallback (the filled copy, for a type registered with a template).
    ///
    /// - Throws: ``GenerationError`` when no output passed and there is no fallback, or when
    ///   the fallback built from `copy` breaks the schema (``FallbackReason/Code/fallbackDoesNotFit``).
    public func respond<Output: Generable>(
        polishing copy: FilledTemplate, generating type: Output.Type = Output.self, facts: [Fact], scope: FactScope,
        examples: [Example<Output>] = [], options: GenerationOptions = GenerationOptions(), fallback: Output? = nil
    ) async throws(GenerationError) -> GenerationOutcome<Output> {
        let request = SessionRequest(
            prompt: copy.text, facts: facts, scope: scope, template: copy, examples: examples.map(\.backendExample),
            options: options)
        return try await generate(request, plan(Output.self, fallback: fallback), progress: nil)
    }

    /// Like ``respond(to:generating:facts:scope:examples:options:fallback:)``, for a type the app would
    /// rather leave empty than fill with placeholders (registered with
    /// ``OutputPolicy/noSuggestion(validators:cleanup:route:candidates:groundedDecoding:history:)``): the model's checked
    /// output, or "no suggestion" with the reason and every attempt. Never throws.
    ///
    /// ```swift
    /// switch await session.suggest(to: "Goal: bake sourdough at home", generating: StepSuggestions.self,
    ///                              facts: facts, scope: .goal("sourdough")) {
    /// case .value(let outcome): show(outcome.value.steps)
    /// case .noSuggestion(let none): askTheUserToWrite(because: none.reason)
    /// }
    /// ```
    public func suggest<Output: Generable>(
        to prompt: String, generating type: Output.Type = Output.self, facts: [Fact], scope: FactScope,
        examples: [Example<Output>] = [], options: GenerationOptions = GenerationOptions()
    ) async -> Suggestion<Output> {
        do {
            return .value(
                try await respond(
                    to: prompt, generating: type, facts: facts, scope: scope, examples: examples, options: options))
        } catch {
            return .noSuggestion(NoSuggestion(reason: error.reason, attempts: error.attempts))
        }
    }
}
