public import Guided

/// Senba's copywriter: a callback notification from a copy request.
///
/// The authored template, filled from the request's facts, is both the copy the model is asked
/// to polish and the fallback that ships word for word. The model's rewrite ships only when it
/// passes `RewrittenNotification`'s 180-character cap, the scaffolding-echo check, the outward
/// voice (phrases the person wrote themselves are exempt) and the grounding check.
public struct Copywriter: Sendable {
    /// The session: one per app, serving every goal (requests are independent and scoped).
    public let session: LanguageModelSession

    /// The checks a rewrite must pass: the 180-character cap, no scaffolding echoed, the outward
    /// voice (the person's own words exempt), grounded in the goal and the entry, not just the
    /// entry handed back, addressed to the reader, and the person-level checks (fragments,
    /// repetition, text cut at the cap, word salad).
    public static let validators = ValidatorChain([
        CharacterCapValidator(maximum: 180), ScaffoldingEchoValidator(), BlockedPhraseValidator(), GroundingValidator(minimumSharedWords: 2),
        CopiedFactValidator(), ReaderVoiceValidator(),
    ] + ValidatorChain.personLevel(lengthCap: 180).validators)

    /// A copywriter routing through `configuration`.
    public init(configuration: GuidedConfiguration, router: Router = Router()) throws(FlowError) {
        session = LanguageModelSession(instructions: "Rewrite the notification in a calm, warm voice. Keep the quoted words. Add nothing that is not in the facts.",
                                       configuration: configuration, router: router)
        do {
            try session.register(RewrittenNotification.self, policy: .template({ RewrittenNotification(text: $0) }, validators: Self.validators,
                                                                                  cleanup: [.trim, .collapseWhitespace]))
        } catch {
            throw FlowError("the notification policy does not fit its schema: \(error)")
        }
    }

    /// The facts of `request`, all scoped to its goal: the goal, then each entry.
    public static func facts(for request: CopyRequest) -> (facts: [Fact], scope: FactScope) {
        let scope = FactScope.goal(request.goal)
        let facts = [JournalFacts.goal(request.goal, scopes: [scope])]
            + request.entries.map { JournalFacts.entry(date: $0.date, text: $0.text, scopes: [scope]) }
        return (facts, scope)
    }

    /// Writes the notification for `request`: the model's rewrite, or the filled template, and why.
    public func write(_ request: CopyRequest, options: GenerationOptions = FlowDefaults.options) async throws(FlowError) -> FlowReport {
        let (facts, scope) = Self.facts(for: request)
        let copy: FilledTemplate
        do {
            copy = try AuthoredTemplate(request.template).filled(from: facts)
        } catch {
            throw FlowError("\(error)")
        }
        do {
            let outcome = try await session.respond(polishing: copy, generating: RewrittenNotification.self, facts: facts, scope: scope,
                                                    options: options)
            var report = FlowReport(flow: "copywriter", outcome: outcome)
            report.extra = [("template", GeneratedContent(copy.text))]
            return report
        } catch {
            throw FlowError("no notification: \(error)")
        }
    }

    /// The notification's text.
    public static func render(_ value: GeneratedContent) -> String { value["text"]?.stringValue ?? value.jsonText() }
}
