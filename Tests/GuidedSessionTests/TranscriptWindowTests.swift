import CanonicalSchemas
import Guided
import Testing

@testable import GuidedSession

/// A kept transcript is windowed to the context: oldest exchanges dropped first.
@Suite struct TranscriptWindowTests {
    static func turns(_ count: Int) -> [TranscriptEntry] {
        (0..<count).flatMap { index in
            [
                TranscriptEntry(.user, "Goal number \(index): " + String(repeating: "words ", count: 40)),
                TranscriptEntry(.model, #"{"steps":["a","b","c"]}"#),
            ]
        }
    }

    @Test func everythingFitsInALargeContext() {
        let request = BackendRequest(prompt: "Goal", options: GenerationOptions(maximumResponseTokens: 100))
        #expect(TranscriptWindow.fit(Self.turns(5), into: request, contextSize: 100_000).count == 10)
    }

    @Test func theOldestExchangesAreDroppedFirst() {
        let request = BackendRequest(prompt: "Goal", options: GenerationOptions(maximumResponseTokens: 100))
        let kept = TranscriptWindow.fit(Self.turns(20), into: request, contextSize: 1000)
        #expect(!kept.isEmpty && kept.count < 40)
        #expect(kept.count % 2 == 0 && kept.first?.role == .user)
        #expect(kept.last == Self.turns(20).last)
        var windowed = request
        windowed.transcript = kept
        #expect(TokenCount.estimate(of: CompletionPrompt.render(windowed)).value + 100 <= 900)
    }

    @Test func aSessionNeverOverflowsTheContextWithAKeptHistory() async throws {
        let backend = RecordingBackend(answers: [RouterTests.good], contextSize: 700)
        let session = LanguageModelSession(configuration: GuidedConfiguration(backends: [backend]))
        try session.register(
            StepSuggestions.self,
            policy: OutputPolicy(fallback: { _ in StepSuggestions(steps: ["a", "b", "c"]) }, history: .kept)
                .ownChecksOnly)
        let options = GenerationOptions(maximumResponseTokens: 100)
        for index in 0..<30 {
            _ = try await session.respond(
                to: "Goal \(index): " + String(repeating: "swim ", count: 30), generating: StepSuggestions.self,
                options: options)
        }
        #expect(session.transcript.count == 60)
        for prompt in backend.prompts { #expect(TokenCount.estimate(of: prompt).value + 100 <= 630) }
        #expect(backend.sent.last!.transcript.count < 60)
    }

    @Test func theWindowDropsACallWithItsExchange() {
        let turns = [
            TranscriptEntry(.user, String(repeating: "old ", count: 200)), TranscriptEntry(ToolTranscriptTests.call),
            TranscriptEntry(ToolTranscriptTests.call), TranscriptEntry(.model, "Saturday."),
            TranscriptEntry(.user, "Thanks."), TranscriptEntry(.model, "You're welcome."),
        ]
        let request = BackendRequest(prompt: "Bye.", options: GenerationOptions(maximumResponseTokens: 100))
        let kept = TranscriptWindow.fit(turns, into: request, contextSize: 300)
        #expect(kept == Array(turns[4...]), "the old prompt went with both its calls and its answer")
    }
}
