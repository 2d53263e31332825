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
    public static let validators = ValidatorChain(
        factChecks.validators + ValidatorChain.personLevel(lengthCap: 180).validators)

    /// The checks that concern the facts and the voice, without the person-level reading.
    public static let factChecks = ValidatorChain([
        CharacterCapValidator(maximum: 180), ScaffoldingEchoValidator(), BlockedPhraseValidator(),
        GroundingValidator(minimumSharedWords: 2),
        MinimumContentValidator(minimumWords: 4), CopiedFactValidator(), ReaderVoiceValidator(), ExampleLeakValidator(),
    ])

    /// What the model is told, once, above the examples.
    public static let instructions =
        "Rewrite the reminder as one short, friendly notification for the person who wrote the entry. Keep their facts; add no new ones."

    /// Worked examples from other domains, each with its own goal and dated entry and the
    /// filled template as input: the rewrite speaks to the reader and adds a warm follow-up.
    public static let examples: [Example<RewrittenNotification>] = [
        Example(
            "Back in January you wrote: \"Solved some puzzles before bed.\"",
            grounding: ["Goal: get better at chess", "12 January 2026: Solved some puzzles before bed."],
            output: RewrittenNotification(text: "In January you solved some puzzles before bed. Up for a few more?")),
        Example(
            "On 10 November you wrote: \"Folded a paper crane from a square sheet.\"",
            grounding: ["Goal: learn origami", "10 November 2025: Folded a paper crane from a square sheet."],
            output: RewrittenNotification(
                text: "On 10 November you folded a paper crane from a square sheet. Look how far your folding has come."
            )),
        Example(
            "Remember September? You wrote: \"The clove hitch kept slipping.\"",
            grounding: ["Goal: learn to tie sailing knots", "2 September 2025: The clove hitch kept slipping."],
            output: RewrittenNotification(
                text: "Remember September? Your clove hitch kept slipping. Ready to tie it tight now?")),
    ]

    /// Up to six candidates, two at a time, under grounded decoding; the filled template ships
    /// when none passes.
    public static let candidates = CandidatePolicy(count: 6, batchSize: 2)

    /// A copywriter routing through `configuration`; the last three change what the flow does,
    /// for measuring it (`guided-bench quality`).
    public init(
        configuration: GuidedConfiguration, router: Router? = nil, validators: ValidatorChain = Self.validators,
        candidates: CandidatePolicy = Self.candidates, groundedDecoding: Bool = true
    ) throws(FlowError) {
        session = LanguageModelSession(instructions: Self.instructions, configuration: configuration, router: router)
        var policy = OutputPolicy<RewrittenNotification>.template(
            { RewrittenNotification(text: $0) }, validators: validators, cleanup: [.trim, .collapseWhitespace],
            candidates: candidates)
        policy.options.groundedDecoding = groundedDecoding
        do {
            try session.register(RewrittenNotification.self, policy: policy)
        } catch {
            throw FlowError("the notification policy does not fit its schema: \(error)")
        }
    }

    /// The facts of `request`, all scoped to its goal: the goal, then each entry.
    public static func facts(for request: CopyRequest) -> (facts: [Fact], scope: FactScope) {
        let scope = FactScope.goal(request.goal)
        let facts =
            [JournalFacts.goal(request.goal, scopes: [scope])]
            + request.entries.map { JournalFacts.entry(date: $0.date, text: $0.text, scopes: [scope]) }
        return (facts, scope)
    }

    /// Writes the notification for `request`: the model's rewrite, or the filled template, and why.
    public func write(_ request: CopyRequest, options: GenerationOptions = FlowDefaults.notification)
        async throws(FlowError) -> FlowReport
    {
        let (facts, scope) = Self.facts(for: request)
        let copy: FilledTemplate
        do {
            copy = try AuthoredTemplate(request.template).filled(from: facts)
        } catch {
            throw FlowError("\(error)")
        }
        do {
            let outcome = try await session.respond(
                to: GenerationRequest<RewrittenNotification>(
                    polishing: copy, facts: facts, scope: scope, examples: Self.examples, options: options))
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
