import Guided
import Synchronization
import Testing

// The code of Guided's article on free text and a chat app's settings (ChatSettings.md), run on a
// scripted backend that answers each prompt in turn and records what it was sent.

/// A text backend that answers with `replies` in turn and records every request.
final class ScriptedTextBackend: LanguageModelBackend {
    let name = "scripted"
    let kind = "scripted"
    let capabilities = BackendCapabilities(greedy: true, topK: true, topP: true, seed: true, tokenCounting: false)
    let replies: [(text: String, stop: StopReason)]
    let sent = Mutex<[BackendRequest]>([])

    init(_ replies: [(text: String, stop: StopReason)]) { self.replies = replies }

    func availability() async -> BackendAvailability { .available }

    func respond(to request: BackendRequest) async throws(BackendError) -> BackendResponse {
        let index = sent.withLock { sent in
            sent.append(request)
            return sent.count - 1
        }
        let reply = replies[min(index, replies.count - 1)]
        return BackendResponse(
            backend: name, content: GeneratedContent(reply.text), text: reply.text, tokensGenerated: 9,
            promptTokens: nil, stopReason: reply.stop, milliseconds: 1, tokensPerSecond: nil)
    }

    func contextSize() async throws(BackendError) -> Int { 4096 }
}

@Suite struct ChatSettingsArticleTests {
    static func tutorSession(_ replies: [(text: String, stop: StopReason)]) -> (
        LanguageModelSession, ScriptedTextBackend
    ) {
        let backend = ScriptedTextBackend(replies)
        let configuration = GuidedConfiguration(backends: [backend])
        let tutor = LanguageModelSession(
            instructions: "You are a math tutor. Give every answer as a decimal, never as a fraction.",
            configuration: configuration)
        return (tutor, backend)
    }

    @Test func instructionsGoWithEveryPromptAndTheTranscriptIsTheConversation() async throws {
        let backend = ScriptedTextBackend([("3 divided by 4 is 0.75.", .endOfSequence)])
        let configuration = GuidedConfiguration(backends: [backend])
        let tutor = LanguageModelSession(
            instructions: "You are a math tutor. Give every answer as a decimal, never as a fraction.",
            configuration: configuration)
        let answer = try await tutor.respond(to: "What is 3 divided by 4?")
        print(answer.value) // the model's words, or an error saying why there are none
        for entry in tutor.transcript { print(entry.role == .user ? "you:" : "tutor:", entry.text) }
        #expect(
            tutor.transcript == [
                TranscriptEntry(.user, "What is 3 divided by 4?"), TranscriptEntry(.model, "3 divided by 4 is 0.75."),
            ])
        #expect(backend.sent.withLock { $0.first?.instructions } == tutor.instructions)
        tutor.resetTranscript()
        #expect(tutor.transcript.isEmpty && tutor.instructions != nil)
    }

    @Test func eachSamplingModeReachesTheBackendAsWritten() async throws {
        let (tutor, backend) = Self.tutorSession([("0.875", .endOfSequence)])
        let settings = [
            GenerationOptions(sampling: .greedy), // the same answer every time
            GenerationOptions(sampling: .random(top: 40, seed: 7), temperature: 0.7),
            GenerationOptions(sampling: .random(probabilityThreshold: 0.9, seed: 7), temperature: 1.2),
        ]
        for options in settings {
            let reply = try await tutor.respond(to: "What is 7 divided by 8?", options: options)
            print(reply.value)
        }
        #expect(backend.sent.withLock { $0.map(\.options) } == settings)
        // The second and third prompts continue the conversation.
        #expect(backend.sent.withLock { $0.last?.transcript.count } == 4)
        let refused = await #expect(throws: GenerationError.self) {
            try await tutor.respond(to: "Too hot?", options: GenerationOptions(temperature: 3))
        }
        #expect(refused?.reason.code == .invalidOptions)
    }

    @Test func aCutAnswerShipsMarkedAndKeptToItsLastSentence() async throws {
        let (tutor, backend) = Self.tutorSession([("Write 4 under 9. Then bring the", .limit)])
        let short = try await tutor.respond(
            to: "Explain long division.",
            options: GenerationOptions(maximumResponseTokens: 60, stopSequences: ["\n\n"], trimsToLastSentence: true))
        if short.isTruncated { print("cut at 60 tokens, kept to its last sentence:", short.value) }
        #expect(short.isTruncated && short.value == "Write 4 under 9.")
        #expect(backend.sent.withLock { $0.first?.options.stopSequences } == ["\n\n"])
    }

    @Test func contextFillCountsTheConversationTheNextPromptCarries() async throws {
        let (tutor, _) = Self.tutorSession([("0.75", .endOfSequence)])
        _ = try await tutor.respond(to: "What is 3 divided by 4?")
        let fill = await tutor.contextFill()
        print("\(fill.used.value) of \(fill.contextSize ?? 0) tokens used;", fill.remaining ?? 0, "left")
        #expect(fill.used.isEstimate && fill.used.value > 0 && fill.contextSize == 4096)
    }

    @Test func aStreamEndsWithTheOutcome() async throws {
        let (tutor, _) = Self.tutorSession([("1 divided by 8 is 0.125.", .endOfSequence)])
        for try await snapshot in tutor.streamResponse(to: "Now divide 1 by 8.") {
            switch snapshot {
            case .partial(let partial): print(partial.text)
            case .restarted: print("(the backend failed; another is answering)")
            case .complete(let outcome): print("done:", outcome.value)
            }
        }
        #expect(tutor.transcript.last == TranscriptEntry(.model, "1 divided by 8 is 0.125."))
    }

    @Test func anEchoIsRejectedAndTheRequestsFallbackShips() async throws {
        let (tutor, _) = Self.tutorSession([("What is 2 divided by 5?", .endOfSequence)])
        let reply = try await tutor.respond(
            to: GenerationRequest<String>("What is 2 divided by 5?", fallback: "The tutor is away; try again soon."))
        print(reply.source) // .model(…), or .fallback(reason) with the fallback's text as the value
        #expect(!reply.isFromModel && reply.value == "The tutor is away; try again soon.")
        #expect(reply.attempts.first?.outcomeCode == "rejected:promptEcho/promptEcho")
    }
}
