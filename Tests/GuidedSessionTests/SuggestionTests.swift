import CanonicalSchemas
import Guided
import Testing

/// "No suggestion": the thrown error with its reason and attempts, distinct from a fallback value.
@Suite struct SuggestionTests {
    static let facts = [
        Fact("Goal: learn to swim", scopes: [.goal("swim")]), Fact("Bought goggles", scopes: [.goal("swim")]),
    ]

    @Test func withNoBackendTheOutcomeIsNoSuggestionWithItsReason() async throws {
        let dead = ScriptedBackend("dead", available: RouterTests.down, answers: [.output(RouterTests.good)])
        let session = LanguageModelSession(configuration: GuidedConfiguration(backends: [dead]))
        try session.register(StepSuggestions.self, policy: .noSuggestion())
        let outcome = await session.result(
            GenerationRequest<StepSuggestions>("Goal: learn to swim", facts: Self.facts, scope: .goal("swim")))
        guard case .failure(let none) = outcome else {
            Issue.record("expected no suggestion, got \(outcome)")
            return
        }
        #expect(none.reason.code == .noBackendAvailable)
        #expect(none.attempts.map(\.outcomeCode) == ["unavailable:unreachable"])
        #expect(outcome.outcome == nil)
        #expect(none.reason.description.hasPrefix("noBackendAvailable: "))
    }

    @Test func aPassingModelOutputIsAValue() async throws {
        let live = ScriptedBackend(
            "live", answers: [.output(["steps": ["Wear the goggles", "Swim one length", "Learn to float"]])])
        let session = LanguageModelSession(configuration: GuidedConfiguration(backends: [live]))
        try session.register(
            StepSuggestions.self, policy: .noSuggestion(validators: ValidatorChain([GroundingValidator()])))
        let outcome = await session.result(
            GenerationRequest<StepSuggestions>("Goal: learn to swim", facts: Self.facts, scope: .goal("swim")))
        guard case .success(let value) = outcome else {
            Issue.record("expected a value, got \(outcome)")
            return
        }
        #expect(value.isFromModel)
        #expect(value.value.steps.count == 3)
    }

    @Test func aTypeWithAFallbackStillShipsItsFallback() async throws {
        let dead = ScriptedBackend("dead", available: RouterTests.down, answers: [.output(RouterTests.good)])
        let session = LanguageModelSession(configuration: GuidedConfiguration(backends: [dead]))
        try session.register(StepSuggestions.self, policy: SessionTests.fallback)
        let outcome = await session.result(
            GenerationRequest<StepSuggestions>("Goal", facts: Self.facts, scope: .goal("swim")))
        #expect(outcome.outcome?.value.steps.first == "Write your own first step")
    }

    @Test func respondThrowsForANoSuggestionType() async throws {
        let dead = ScriptedBackend("dead", available: RouterTests.down, answers: [.output(RouterTests.good)])
        let session = LanguageModelSession(configuration: GuidedConfiguration(backends: [dead]))
        try session.register(StepSuggestions.self, policy: .noSuggestion())
        await #expect(throws: GenerationError.self) {
            try await session.respond(
                to: GenerationRequest<StepSuggestions>("Goal", facts: Self.facts, scope: .goal("swim")))
        }
    }
}
