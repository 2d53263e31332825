import Guided
import Synchronization

/// A backend that answers from a script and keeps every request it was sent, with the
/// completion prompt a base-model backend would render for it.
final class RecordingBackend: LanguageModelBackend {
    let name: String
    let kind = "recording"
    let capabilities = BackendCapabilities(
        grammar: true, jsonSchema: true, greedy: true, topK: true, topP: true, seed: true, streaming: true,
        tokenCounting: false)
    let answers: [GeneratedContent]
    let context: Int
    let requests = Mutex<[BackendRequest]>([])

    init(_ name: String = "recording", answers: [GeneratedContent], contextSize: Int = 4096) {
        self.name = name
        self.answers = answers
        self.context = contextSize
    }

    /// The requests sent so far, oldest first.
    var sent: [BackendRequest] { requests.withLock { $0 } }

    /// The prompts rendered so far, oldest first.
    var prompts: [String] { requests.withLock { $0.map(CompletionPrompt.render) } }

    func availability() async -> BackendAvailability { .available }

    func respond(to request: BackendRequest) async throws(BackendError) -> BackendResponse {
        let call = requests.withLock { sent -> Int in
            sent.append(request)
            return sent.count - 1
        }
        let content = answers[min(call, answers.count - 1)]
        let text = request.schema == nil ? (content.stringValue ?? content.jsonText()) : content.jsonText()
        let validated = try OutputValidation.content(from: text, schema: request.schema, backend: name) { _ in content }
        return BackendResponse(
            backend: name, content: validated, text: text, tokensGenerated: 9, promptTokens: 30,
            stopReason: .endOfSequence, milliseconds: 1, tokensPerSecond: nil)
    }

    func streamResponse(to request: BackendRequest) -> AsyncThrowingStream<BackendStreamEvent, any Error> {
        BackendStreaming.stream(backend: name) { _ in try await self.respond(to: request) }
    }

    func tokenCount(of text: String) async throws(BackendError) -> TokenCount { .estimate(of: text) }
    func contextSize() async throws(BackendError) -> Int { context }
}
