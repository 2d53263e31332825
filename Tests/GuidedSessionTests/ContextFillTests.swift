import CanonicalSchemas
import Guided
import Testing

/// A session's token usage counts its instructions and transcript once — not the transcript
/// again inside every turn's prompt — and counts the instructions before any response.
@Suite struct ContextFillTests {
    /// Counts one token per character, exactly.
    final class CharacterCountingBackend: LanguageModelBackend {
        let name = "chars"
        let kind = "test"
        let capabilities = ScriptedBackend.everything
        let inner = ScriptedBackend("chars", answers: [.output(RouterTests.good)])
        func availability() async -> BackendAvailability { .available }
        func respond(to request: BackendRequest) async throws(BackendError) -> BackendResponse {
            try await inner.respond(to: request)
        }
        func streamResponse(to request: BackendRequest) -> AsyncThrowingStream<BackendStreamEvent, any Error> {
            inner.streamResponse(to: request)
        }
        func tokenCount(of text: String) async throws(BackendError) -> TokenCount { .exact(text.count) }
        func contextSize() async throws(BackendError) -> Int { 4096 }
    }

    @Test func theInstructionsCountBeforeAnyResponse() async {
        let session = LanguageModelSession(
            instructions: "Suggest three next steps.",
            configuration: GuidedConfiguration(backends: [CharacterCountingBackend()]))
        let usage = await session.contextFill()
        #expect(usage.used.value >= "Suggest three next steps.".count)
        #expect(usage.used.isEstimate == false)
        #expect(usage.contextSize == 4096)
        #expect(usage.remaining == 4096 - usage.used.value)
    }

    @Test func eachTurnIsCountedOnce() async throws {
        let session = LanguageModelSession(
            instructions: "Suggest three next steps.",
            configuration: GuidedConfiguration(backends: [CharacterCountingBackend()]))
        try session.register(StepSuggestions.self, policy: OutputPolicy.noSuggestion(history: .kept).ownChecksOnly)
        let before = await session.contextFill().used.value
        var growth: [Int] = []
        var previous = before
        for goal in ["Goal: learn to swim", "Goal: learn to knit", "Goal: learn to cook"] {
            _ = try await session.respond(to: goal, generating: StepSuggestions.self)
            let now = await session.contextFill().used.value
            growth.append(now - previous)
            previous = now
        }
        // Each turn adds its own prompt and response, about the same size: no turn re-counts
        // the turns before it (which would make the growth climb).
        let turn = "Goal: learn to swim".count + RouterTests.good.jsonText().count
        #expect(growth.allSatisfy { $0 >= turn && $0 < turn + 40 }, "\(growth)")
    }

    @Test func backendsWithoutATokenizerSayTheirCountIsAnEstimate() async {
        let session = LanguageModelSession(
            instructions: "Be brief.",
            configuration: GuidedConfiguration(backends: [ScriptedBackend("s", answers: [.output(RouterTests.good)])]))
        #expect(await session.contextFill().used.isEstimate)
    }
}
