public import GuidedBackends
public import GuidedSchema

extension LanguageModelSession {
    /// A response for a schema known only at run time (read from a JSON Schema file, or built
    /// as a ``GenerationSchema``): the model's output as ``GeneratedContent``, checked against
    /// the full schema and `policy`'s validators, or `policy`'s fallback with the reason.
    ///
    /// ```swift
    /// let schema = try SchemaFile.load("schemas/StepSuggestions.json").schema
    /// let outcome = try await session.respond(to: "Goal: learn to knit", schema: schema, name: "StepSuggestions",
    ///                                         policy: OutputPolicy(fallback: { _ in fallbackContent },
    ///                                                              validators: ValidatorChain([MinimumContentValidator()])))
    /// print(outcome.value.jsonText())
    /// ```
    /// - Parameters:
    ///   - prompt: The input.
    ///   - schema: What the output must satisfy.
    ///   - name: The name the configuration's `routes` know this output by (e.g. the schema
    ///     file's type name); nil to use the default route.
    ///   - grounding: Facts the model may use.
    ///   - examples: Worked examples.
    ///   - options: Sampling and length.
    ///   - policy: Validators, clean-ups, route, candidates, grounded decoding and the fallback.
    ///   - progress: Called with each growing snapshot of the output's text, and when an attempt
    ///     that streamed is discarded; nil for no streaming.
    /// - Throws: ``GenerationError`` when no output passed and `policy` has no fallback, when
    ///   the fallback breaks the schema, or when the calling task is cancelled.
    public func respond(
        to prompt: String, schema: GenerationSchema, name: String? = nil, grounding: [String] = [],
        examples: [Example<GeneratedContent>] = [], options: GenerationOptions = GenerationOptions(),
        policy: OutputPolicy<GeneratedContent>? = nil, progress: (@Sendable (RouteProgress) -> Void)? = nil
    ) async throws(GenerationError) -> GenerationOutcome<GeneratedContent> {
        let request = SessionRequest(
            prompt: prompt, grounding: grounding, examples: examples.map(\.backendExample), options: options)
        return try await generate(request, .content(schema, name: name, policy: policy), progress: progress)
    }
}
