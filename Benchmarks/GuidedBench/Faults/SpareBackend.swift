import Guided

/// The next backend in the fault matrix's route: in process, always available, always valid.
final class SpareBackend: LanguageModelBackend {
    let name = "spare"
    let kind = "in-process"
    let capabilities = BackendCapabilities(
        grammar: true, jsonSchema: true, greedy: true, topK: true, topP: true, seed: true, streaming: true,
        tokenCounting: false)
    let output: GeneratedContent

    init(output: GeneratedContent) { self.output = output }

    func availability() async -> BackendAvailability { .available }
    func respond(to request: BackendRequest) async throws(BackendError) -> BackendResponse {
        BackendResponse(
            backend: name, content: output, text: output.jsonText(), tokensGenerated: 8, promptTokens: 20,
            stopReason: .endOfSequence, milliseconds: 0, tokensPerSecond: nil)
    }
    func streamResponse(to request: BackendRequest) -> AsyncThrowingStream<BackendStreamEvent, any Error> {
        BackendStreaming.stream(backend: name) { _ in try await self.respond(to: request) }
    }
    func tokenCount(of text: String) async throws(BackendError) -> TokenCount { .estimate(of: text) }
    func contextSize() async throws(BackendError) -> Int { 4096 }
}
