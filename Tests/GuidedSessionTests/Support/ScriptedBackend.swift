import Guided
import Synchronization

/// A backend whose availability and answers are scripted, counting every call.
final class ScriptedBackend: LanguageModelBackend {
    enum Answer: Sendable {
        case output(GeneratedContent)
        case failure(BackendError.Code)
        case slow(Duration, GeneratedContent)
    }

    let name: String
    let kind = "scripted"
    static let everything = BackendCapabilities(
        grammar: true, jsonSchema: true, greedy: true, topK: true, topP: true, seed: true,
        streaming: true, tokenCounting: false)
    let capabilities: BackendCapabilities
    let available: BackendAvailability
    let answers: [Answer]
    let availabilityCalls = Mutex(0)
    let respondCalls = Mutex(0)

    /// When set, streaming yields the output's text in growing prefixes this many characters apart
    /// (else just `{`).
    let streamChunk: Int?

    init(
        _ name: String, available: BackendAvailability = .available, capabilities: BackendCapabilities = everything,
        streamChunk: Int? = nil, answers: [Answer]
    ) {
        self.name = name
        self.available = available
        self.capabilities = capabilities
        self.streamChunk = streamChunk
        self.answers = answers
    }

    func availability() async -> BackendAvailability {
        availabilityCalls.withLock { $0 += 1 }
        return available
    }

    func respond(to request: BackendRequest) async throws(BackendError) -> BackendResponse {
        let call = respondCalls.withLock { count -> Int in
            defer { count += 1 }
            return count
        }
        let answer = answers[min(call, answers.count - 1)]
        let content: GeneratedContent
        switch answer {
        case .failure(let code): throw BackendError(code, backend: name, "scripted \(code)")
        case .output(let value): content = value
        case .slow(let delay, let value):
            do { try await Task.sleep(for: delay) } catch { throw BackendError(.cancelled, backend: name, "cancelled") }
            content = value
        }
        let text = request.schema == nil ? (content.stringValue ?? content.jsonText()) : content.jsonText()
        let validated = try OutputValidation.content(from: text, schema: request.schema, backend: name) { _ in content }
        return BackendResponse(
            backend: name, content: validated, text: text, tokensGenerated: 7, promptTokens: 11,
            stopReason: .endOfSequence, milliseconds: 1, tokensPerSecond: nil)
    }

    func streamResponse(to request: BackendRequest) -> AsyncThrowingStream<BackendStreamEvent, any Error> {
        BackendStreaming.stream(backend: name) { continuation in
            guard let chunk = self.streamChunk else {
                continuation.yield(.partial("{"))
                return try await self.respond(to: request)
            }
            let response = try await self.respond(to: request)
            for end in stride(from: chunk, to: response.text.count, by: chunk) {
                continuation.yield(.partial(String(response.text.prefix(end))))
            }
            return response
        }
    }

    func tokenCount(of text: String) async throws(BackendError) -> TokenCount { .estimate(of: text) }
    func contextSize() async throws(BackendError) -> Int { 4096 }
}
