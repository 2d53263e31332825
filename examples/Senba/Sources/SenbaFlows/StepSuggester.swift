public import Guided

/// Senba's step suggester: exactly three next steps toward one goal, from that goal's entries
/// and completed steps only, each at most 100 characters, cleaned and checked — or no
/// suggestion, so the person writes their own step. Never placeholder steps.
public struct StepSuggester: Sendable {
    /// The session: one per app, serving every goal (requests are independent and scoped).
    public let session: LanguageModelSession

    /// The checks the steps must pass: enough words and no duplicates, grounded in the goal's own
    /// facts, no scaffolding echoed, the outward voice, no step already done or copied from a
    /// fact, and the person-level checks (each step an action, no fragments, repetition or
    /// word salad).
    public static let validators = ValidatorChain([
        MinimumContentValidator(), GroundingValidator(), ScaffoldingEchoValidator(), BlockedPhraseValidator(), NotAlreadyDoneValidator(),
        CopiedFactValidator(),
    ] + ValidatorChain.personLevel(stepItems: [JSONPointer("/steps")!]).validators)

    /// A step suggester routing through `configuration`.
    public init(configuration: GuidedConfiguration, router: Router = Router()) throws(FlowError) {
        session = LanguageModelSession(instructions: "Suggest three short, concrete next steps toward the goal. Start each with a verb. Do not repeat a step that is done.",
                                       configuration: configuration, router: router)
        do {
            try session.register(StepSuggestions.self, policy: .noSuggestion(validators: Self.validators, cleanup: .all()))
        } catch {
            throw FlowError("the steps policy does not fit its schema: \(error)")
        }
    }

    /// The facts of `request`, all scoped to its goal: the goal, each entry, each done step.
    public static func facts(for request: StepRequest) -> (facts: [Fact], scope: FactScope) {
        let scope = FactScope.goal(request.goal)
        let facts = [JournalFacts.goal(request.goal, scopes: [scope])]
            + request.entries.map { JournalFacts.entry(date: $0.date, text: $0.text, scopes: [scope]) }
            + (request.done ?? []).map { JournalFacts.done($0, scopes: [scope]) }
        return (facts, scope)
    }

    /// Three checked steps from the model, or no suggestion and why.
    public func suggest(_ request: StepRequest, options: GenerationOptions = FlowDefaults.options) async -> FlowReport {
        let (facts, scope) = Self.facts(for: request)
        let suggestion = await session.suggest(to: "Goal: \(request.goal)", generating: StepSuggestions.self, facts: facts, scope: scope,
                                               options: options)
        return FlowReport(flow: "step-suggester", suggestion: suggestion)
    }

    /// The steps, numbered.
    public static func render(_ value: GeneratedContent) -> String {
        (value["steps"]?.arrayValue ?? []).enumerated().map { "\($0.offset + 1). \($0.element.stringValue ?? "")" }.joined(separator: "\n")
    }
}

/// Settings every flow shares.
public enum FlowDefaults {
    /// Greedy decoding (reproducible) with room for three steps or one notification.
    public static let options = GenerationOptions(sampling: .greedy, maximumResponseTokens: 300)
}

/// A request or configuration the flow cannot use, said plainly.
public struct FlowError: Error, Sendable, CustomStringConvertible {
    /// What is wrong, and where.
    public var message: String

    /// Creates an error.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}
