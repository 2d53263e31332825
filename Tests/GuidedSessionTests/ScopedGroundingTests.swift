import CanonicalSchemas
import Guided
import Testing

/// Facts tagged by goal and thread: only the request's own facts, and only its own scope's
/// earlier turns, reach its prompt and its checks.
@Suite struct ScopedGroundingTests {
    static let facts = [
        Fact("Goal: bake sourdough at home", slot: "goal", scopes: [.goal("sourdough")]),
        Fact("2026-03-01: Fed the starter twice", slot: "entry", scopes: [.goal("sourdough"), .thread("baking")]),
        Fact("Goal: learn to swim", slot: "goal", scopes: [.goal("swim")]),
        Fact("2026-04-02: Bought goggles at the pool shop", slot: "entry", scopes: [.goal("swim")]),
        Fact("An untagged note about a piano", scopes: []),
    ]
    static let sourdoughSteps: GeneratedContent = [
        "steps": ["Feed the starter each morning", "Bake a small sourdough loaf", "Note how the starter rises"]
    ]
    static let swimSteps: GeneratedContent = [
        "steps": ["Wear the goggles in the pool", "Book a swim lesson", "Practise floating in the pool"]
    ]

    static func session(_ backend: RecordingBackend, history: TranscriptHistory) throws -> LanguageModelSession {
        let session = LanguageModelSession(
            instructions: "Suggest next steps.", configuration: GuidedConfiguration(backends: [backend]))
        try session.register(
            StepSuggestions.self,
            policy: OutputPolicy.noSuggestion(validators: ValidatorChain([GroundingValidator()]), history: history)
                .ownChecksOnly)
        return session
    }

    @Test func scopedFactsAreTheOnlyOnesAScopeSees() {
        #expect(Self.facts.scoped(to: .goal("sourdough")).map(\.slots.keys.first) == ["goal", "entry"])
        #expect(Self.facts.scoped(to: .thread("baking")).map(\.text) == ["2026-03-01: Fed the starter twice"])
        #expect(Self.facts.scoped(to: .goal("piano")).isEmpty, "an untagged fact belongs to no request")
    }

    @Test(arguments: [TranscriptHistory.independent, .kept])
    func oneGoalsFactsAndOutputsNeverReachAnotherGoalsPrompt(history: TranscriptHistory) async throws {
        let backend = RecordingBackend(answers: [Self.sourdoughSteps, Self.swimSteps])
        let session = try Self.session(backend, history: history)
        let first = await session.result(
            GenerationRequest<StepSuggestions>(
                "Goal: bake sourdough at home", facts: Self.facts, scope: .goal("sourdough")))
        let second = await session.result(
            GenerationRequest<StepSuggestions>("Goal: learn to swim", facts: Self.facts, scope: .goal("swim")))
        #expect(first.outcome?.value.steps.first == "Feed the starter each morning")
        #expect(second.outcome?.value.steps.first == "Wear the goggles in the pool")
        let swimPrompt = try #require(backend.prompts.last)
        for leaked in ["sourdough", "starter", "Fed the", "loaf", "piano"] {
            #expect(!swimPrompt.contains(leaked), "\(leaked) reached the swim prompt:\n\(swimPrompt)")
        }
        #expect(
            swimPrompt.contains("- Goal: learn to swim")
                && swimPrompt.contains("- 2026-04-02: Bought goggles at the pool shop"))
        let swimRequest = try #require(backend.sent.last)
        #expect(swimRequest.grounding == ["Goal: learn to swim", "2026-04-02: Bought goggles at the pool shop"])
        #expect(swimRequest.transcript.isEmpty)
    }

    @Test func anotherGoalsFactsDoNotCountForTheGroundingCheck() async throws {
        // The swim request's model output talks only about the sourdough goal: it must be
        // checked against the swim facts alone, and so rejected.
        let backend = RecordingBackend(answers: [Self.sourdoughSteps])
        let session = try Self.session(backend, history: .independent)
        let outcome = await session.result(
            GenerationRequest<StepSuggestions>("Goal: learn to swim", facts: Self.facts, scope: .goal("swim")))
        guard case .failure(let none) = outcome else {
            Issue.record("expected no suggestion, got \(outcome)")
            return
        }
        #expect(none.reason.code == .allBackendsFailed)
        #expect(none.attempts.map(\.outcomeCode) == ["rejected:grounding/noSharedWords"])
    }

    @Test func aKeptHistoryRendersEarlierTurnsOfTheSameScopeOnly() async throws {
        let backend = RecordingBackend(answers: [Self.sourdoughSteps, Self.swimSteps, Self.sourdoughSteps])
        let session = try Self.session(backend, history: .kept)
        _ = await session.result(
            GenerationRequest<StepSuggestions>(
                "Goal: bake sourdough at home", facts: Self.facts, scope: .goal("sourdough")))
        _ = await session.result(
            GenerationRequest<StepSuggestions>("Goal: learn to swim", facts: Self.facts, scope: .goal("swim")))
        _ = await session.result(
            GenerationRequest<StepSuggestions>(
                "Goal: bake sourdough at home", facts: Self.facts, scope: .goal("sourdough")))
        let third = try #require(backend.sent.last)
        #expect(
            third.transcript == [
                TranscriptEntry(.user, "Goal: bake sourdough at home"),
                TranscriptEntry(.model, Self.sourdoughSteps.jsonText()),
            ])
        #expect(!backend.prompts[2].contains("goggles"))
        #expect(session.transcript.count == 6)
    }

    @Test func independentRequestsKeepNoTranscript() async throws {
        let backend = RecordingBackend(answers: [Self.sourdoughSteps])
        let session = try Self.session(backend, history: .independent)
        _ = await session.result(
            GenerationRequest<StepSuggestions>(
                "Goal: bake sourdough at home", facts: Self.facts, scope: .goal("sourdough")))
        _ = await session.result(
            GenerationRequest<StepSuggestions>(
                "Goal: bake sourdough at home", facts: Self.facts, scope: .goal("sourdough")))
        #expect(session.transcript.isEmpty)
        #expect(backend.sent.allSatisfy { $0.transcript.isEmpty })
    }
}
