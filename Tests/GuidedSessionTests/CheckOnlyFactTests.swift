import CanonicalSchemas
import Guided
import Testing

/// A fact not shown to the model (``Fact/checksOnly(_:scopes:)``) never reaches the prompt but
/// still reaches the checks: a completed step stays out of the model's sight and out of its output.
@Suite struct CheckOnlyFactTests {
    static let scope = FactScope.goal("knit")
    static let facts = [
        Fact("Goal: learn to knit a scarf", scopes: [scope]),
        Fact("Journal: Cast on stitches with thick yarn.", scopes: [scope]),
        Fact.checksOnly("Done: Buy needles and yarn", scopes: [scope]),
    ]

    @Test func aChecksOnlyFactStaysOutOfThePromptButIsChecked() async throws {
        let copyingDone: GeneratedContent = [
            "steps": ["Buy needles and yarn", "Knit one row with the thick yarn", "Cast on a few more stitches"]
        ]
        let good: GeneratedContent = [
            "steps": [
                "Knit one row with the thick yarn", "Cast on a few more stitches",
                "Practise the purl stitch on the scarf",
            ]
        ]
        let backend = RecordingBackend(answers: [copyingDone, good])
        let session = LanguageModelSession(
            configuration: GuidedConfiguration(backends: [backend]),
            router: Router(policy: RoutePolicy(attemptsPerBackend: 2)))
        try session.register(
            StepSuggestions.self,
            policy: .noSuggestion(validators: ValidatorChain([CopiedFactValidator()]), candidates: .single))
        let suggestion = await session.result(
            GenerationRequest<StepSuggestions>("Suggest three next steps.", facts: Self.facts, scope: Self.scope))
        guard case .success(let outcome) = suggestion else {
            Issue.record("no suggestion: \(suggestion)")
            return
        }
        #expect(outcome.value.steps.first == "Knit one row with the thick yarn")
        #expect(outcome.attempts.map(\.outcomeCode) == ["rejected:copiedFact/copiesFact", "succeeded"])
        #expect(backend.prompts.allSatisfy { !$0.contains("Buy needles") }, "the done step reached the prompt")
        #expect(backend.prompts.allSatisfy { $0.contains("Cast on stitches") })
    }
}
