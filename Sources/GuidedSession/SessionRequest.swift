import GuidedBackends

/// Everything one request brings to a session, before the session adds its instructions,
/// schema and (for kept histories) earlier turns.
struct SessionRequest: Sendable {
    /// The input for this response.
    var prompt: String
    /// The facts' texts the model is shown and the checks use.
    var grounding: [String]
    /// The facts' texts only the checks use (`Fact.shownToModel` false).
    var checkOnlyGrounding: [String] = []
    /// The facts, when asked with facts and a scope (only the scope's).
    var facts: [Fact] = []
    /// The scope the request belongs to; earlier turns of other scopes never reach its prompt.
    var scope: FactScope?
    /// The authored copy being polished, if any.
    var template: FilledTemplate?
    /// Worked examples.
    var examples: [BackendRequest.Example]
    /// Sampling and length.
    var options: GenerationOptions
    /// What the call decides over the file beyond its options, examples and fallback.
    var choices = CallChoices()

    init(
        prompt: String, grounding: [String], facts: [Fact] = [], scope: FactScope? = nil,
        template: FilledTemplate? = nil,
        examples: [BackendRequest.Example], options: GenerationOptions
    ) {
        self.prompt = prompt
        self.grounding = grounding
        self.facts = facts
        self.scope = scope
        self.template = template
        self.examples = examples
        self.options = options
    }

    /// A request scoped to `scope`: only the facts that belong to it are kept.
    init(
        prompt: String, facts: [Fact], scope: FactScope, template: FilledTemplate? = nil,
        examples: [BackendRequest.Example], options: GenerationOptions
    ) {
        let own = facts.scoped(to: scope)
        self.init(
            prompt: prompt, grounding: own.filter(\.shownToModel).map(\.text), facts: own, scope: scope,
            template: template,
            examples: examples, options: options)
        checkOnlyGrounding = own.filter { !$0.shownToModel }.map(\.text)
    }
}

/// One kept turn and the scope it was asked in.
struct ScopedTurn: Sendable {
    var entry: TranscriptEntry
    var scope: FactScope?
}
