public import GuidedBackends
import GuidedConfigurationFile
public import GuidedSchema

/// Everything one call brings to a session: the prompt (or an authored copy to polish), the
/// facts, worked examples, options, and what ships when no model output passes.
///
/// Hand it to ``LanguageModelSession/respond(to:generating:)`` or
/// ``LanguageModelSession/streamResponse(to:generating:)``; the output's kind picks the rest:
/// a ``Generable`` type, ``GeneratedContent`` for a schema known only at run time, or `String`
/// for free text.
///
/// ```swift
/// let request = GenerationRequest<StepSuggestions>(
///     "Suggest three next steps.", facts: journal, scope: .goal("sourdough"),
///     options: GenerationOptions(sampling: .greedy))
/// let outcome = try await session.respond(to: request)
/// ```
public struct GenerationRequest<Output: Sendable>: Sendable {
    /// The input for this response; for a polishing request, the filled template's text.
    public var prompt: String
    /// The authored copy being polished, if any: its text is the prompt, and a policy built
    /// with ``OutputPolicy/template(_:validators:cleanup:route:candidates:history:)`` ships it
    /// word for word when the model's rewrite fails.
    public var template: FilledTemplate?
    /// The facts the model may use, as texts: shown in the prompt's `Facts:` block and checked
    /// by grounding validators. Ignored when ``scope`` is set (the scope's ``facts`` are used).
    public var grounding: [String]
    /// Facts of any scope; only those belonging to ``scope`` reach the prompt, the checks and
    /// the fallback.
    public var facts: [Fact]
    /// The goal or thread the request is about, when it is asked with ``facts``: earlier turns
    /// of other scopes never reach its prompt.
    public var scope: FactScope?
    /// Worked examples (few-shot), typed as the output; when empty, the policy's, the
    /// configuration's or the type's own are shown.
    public var examples: [Example<Output>]
    /// Sampling, length and grounded decoding for this call; fields left nil come from the
    /// configuration, the policy and the framework's defaults, in that order.
    public var options: GenerationOptions
    /// The value that ships for this call when no model output passes, instead of the policy's
    /// fallback.
    public var fallback: Output?
    /// Validators, clean-ups, route, candidates and fallback for this call, instead of the
    /// policy registered for the type (the only way to give them to a runtime schema or to free
    /// text); nil for the registered one.
    public var policy: OutputPolicy<Output>?
    /// What the output must satisfy when it is ``GeneratedContent`` (a schema read at run time);
    /// ignored for a ``Generable`` type (its own schema) and for free text.
    public var schema: GenerationSchema?
    /// The name the configuration's `routes` and `outputs` know a runtime schema by (e.g. the
    /// schema file's type name); nil for the default route.
    package var schemaName: String?
    /// What this call decides over the configuration file beyond its options, examples and
    /// fallback (``CallChoices``: `guided generate`'s flags).
    package var choices = CallChoices()

    /// A request with the facts as texts.
    /// - Parameters:
    ///   - prompt: The input for this response.
    ///   - grounding: The facts the model may use, shown and checked.
    ///   - examples: Worked examples (few-shot).
    ///   - options: Sampling and length for this call.
    ///   - fallback: A value to ship for this call when no model output passes.
    ///   - policy: Checks, clean-ups, route, candidates and fallback for this call instead of the
    ///     registered policy.
    public init(
        _ prompt: String, grounding: [String] = [], examples: [Example<Output>] = [],
        options: GenerationOptions = GenerationOptions(), fallback: Output? = nil, policy: OutputPolicy<Output>? = nil
    ) {
        self.prompt = prompt
        self.grounding = grounding
        self.facts = []
        self.examples = examples
        self.options = options
        self.fallback = fallback
        self.policy = policy
    }

    /// A request from its own facts: only the facts that belong to `scope` reach the prompt,
    /// the validators and the fallback, so one session serves many goals without one goal's
    /// entries leaking into another's.
    public init(
        _ prompt: String, facts: [Fact], scope: FactScope, examples: [Example<Output>] = [],
        options: GenerationOptions = GenerationOptions(), fallback: Output? = nil
    ) {
        self.init(prompt, examples: examples, options: options, fallback: fallback)
        self.facts = facts
        self.scope = scope
    }

    /// A request to polish an authored copy: the filled template is the prompt, and (with a
    /// template policy) the fallback that ships when the model's rewrite fails a check.
    ///
    /// ```swift
    /// let copy = try AuthoredTemplate("Back in {month} you wrote: \"{entry}\"").filled(from: facts.scoped(to: scope))
    /// let outcome = try await session.respond(
    ///     to: GenerationRequest<RewrittenNotification>(polishing: copy, facts: facts, scope: scope))
    /// ```
    public init(
        polishing copy: FilledTemplate, facts: [Fact], scope: FactScope, examples: [Example<Output>] = [],
        options: GenerationOptions = GenerationOptions(), fallback: Output? = nil
    ) {
        self.init(copy.text, facts: facts, scope: scope, examples: examples, options: options, fallback: fallback)
        self.template = copy
    }
}

extension GenerationRequest where Output == GeneratedContent {
    /// A request for a schema known only at run time (read from a JSON Schema file, or built as
    /// a ``GenerationSchema``): the output is checked against the whole schema.
    ///
    /// ```swift
    /// let schema = try SchemaFile.load("schemas/StepSuggestions.json").schema
    /// let outcome = try await session.respond(
    ///     to: GenerationRequest("Goal: learn to knit", schema: schema, name: "StepSuggestions"))
    /// print(outcome.value.jsonText())
    /// ```
    /// - Parameters:
    ///   - prompt: The input.
    ///   - schema: What the output must satisfy.
    ///   - name: The name the configuration knows this output by; nil for the default route.
    ///   - grounding: Facts the model may use.
    ///   - examples: Worked examples.
    ///   - options: Sampling and length.
    ///   - policy: Validators, clean-ups, route, candidates and the fallback.
    public init(
        _ prompt: String, schema: GenerationSchema, name: String? = nil, grounding: [String] = [],
        examples: [Example<GeneratedContent>] = [], options: GenerationOptions = GenerationOptions(),
        policy: OutputPolicy<GeneratedContent>? = nil
    ) {
        self.init(prompt, grounding: grounding, examples: examples, options: options)
        self.schema = schema
        self.schemaName = name
        self.policy = policy
    }
}

extension GenerationRequest {
    /// The request as the session's core reads it.
    var sessionRequest: SessionRequest {
        let backendExamples = examples.map(\.backendExample)
        var request =
            scope.map {
                SessionRequest(
                    prompt: prompt, facts: facts, scope: $0, template: template, examples: backendExamples,
                    options: options)
            }
            ?? SessionRequest(
                prompt: prompt, grounding: grounding, template: template, examples: backendExamples, options: options)
        request.choices = choices
        return request
    }

    /// ``policy`` with its fallback replaced by ``fallback`` when one is given.
    func policy(orRegistered registered: OutputPolicy<Output>?) -> OutputPolicy<Output>? {
        var chosen = policy ?? registered
        if let fallback {
            chosen = chosen ?? OutputPolicy(fallback: { _ in fallback })
            chosen?.fallback = { _ in fallback }
        }
        return chosen
    }
}
