import Guided
import Testing

@testable import GuidedSession

/// Free text through a session: the answer is trimmed, a cut answer ships marked truncated (and
/// can keep only its whole sentences), default examples teach a base model a short answer, and
/// an empty or scaffolding answer is rejected.
@Suite struct FreeTextSessionTests {
    /// Answers every request with `text`, cut by the token limit when `cut`.
    struct TextBackend: LanguageModelBackend {
        let name = "text"
        let kind = "text"
        let capabilities = BackendCapabilities(greedy: true, topK: true, topP: true, seed: true)
        let text: String
        let cut: Bool

        func availability() async -> BackendAvailability { .available }
        func respond(to request: BackendRequest) async throws(BackendError) -> BackendResponse {
            BackendResponse(
                backend: name, content: GeneratedContent(text), text: text, tokensGenerated: 12, promptTokens: 40,
                stopReason: cut ? .limit : .stopWord, milliseconds: 1, tokensPerSecond: nil)
        }
        func streamResponse(to request: BackendRequest) -> AsyncThrowingStream<BackendStreamEvent, any Error> {
            BackendStreaming.stream(backend: name) { _ in try await self.respond(to: request) }
        }
        func tokenCount(of text: String) async throws(BackendError) -> TokenCount { .estimate(of: text) }
        func contextSize() async throws(BackendError) -> Int { 4096 }
    }

    static func session(_ text: String, cut: Bool = false) -> LanguageModelSession {
        LanguageModelSession(configuration: GuidedConfiguration(backends: [TextBackend(text: text, cut: cut)]))
    }

    @Test func anAnswerThatEndsIsTrimmedAndNotTruncated() async throws {
        let reply = try await Self.session(" A turtle is a slow reptile with a shell.").respond(
            to: "Describe a turtle.")
        #expect(reply.value == "A turtle is a slow reptile with a shell.")
        #expect(!reply.isTruncated)
    }

    @Test func anAnswerCutAtTheLimitShipsMarkedTruncated() async throws {
        let reply = try await Self.session("A turtle is slow. It walks to the", cut: true).respond(
            to: "Describe a turtle.")
        #expect(reply.isFromModel)
        #expect(reply.isTruncated)
        #expect(reply.value == "A turtle is slow. It walks to the")
        let whole = try await Self.session("A turtle is slow. It walks to the", cut: true).respond(
            to: "Describe a turtle.", options: GenerationOptions(trimsToLastSentence: true))
        #expect(whole.value == "A turtle is slow.")
    }

    @Test func aRequestWithoutExamplesIsShownTheDefaultTextExamples() async throws {
        let backend = RecordingBackend(answers: ["A turtle is slow."])
        let session = LanguageModelSession(configuration: GuidedConfiguration(backends: [backend]))
        _ = try await session.respond(to: "Describe a turtle.")
        #expect(backend.sent.first?.examples == OutputDefaults.textExamples.map(\.backendExample))
        let prompt = try #require(backend.prompts.first)
        #expect(prompt.hasSuffix("Input: Describe a turtle.\nOutput:"))
        #expect(prompt.contains("Output: 12 + 7 is 19.\n\nInput:"), "examples show the answer as plain words")
    }

    @Test(arguments: ["   ", "Input: Describe a turtle.\nOutput: A turtle."])
    func anEmptyOrScaffoldingAnswerIsRejected(_ text: String) async {
        await #expect(throws: GenerationError.self) {
            try await Self.session(text).respond(to: "Describe a turtle.")
        }
    }

    @Test func theLastWholeSentenceRule() {
        #expect(FreeText.upToLastSentence("One. Two! Three? Four") == "One. Two! Three?")
        #expect(FreeText.upToLastSentence("She said \"go.\" Then") == "She said \"go.\"")
        #expect(FreeText.upToLastSentence("3.5 kg of") == "3.5 kg of", "a decimal point ends no sentence")
        #expect(FreeText.upToLastSentence("No end at all ") == "No end at all")
    }
}
