import Guided
import Synchronization

/// The request a session builds for a call, as a backend receives it: the framework's defaults
/// applied (the schema's examples, grounded decoding, options), captured by a backend that
/// answers nothing. The speed benchmarks send its prompt and grammar, so what they measure is
/// what the default path sends.
enum SentRequest {
    static func of(
        _ prompt: String, schema: GenerationSchema, name: String, instructions: String, facts: [String]
    ) async -> BackendRequest {
        let capture = CapturingBackend()
        let session = LanguageModelSession(
            instructions: instructions, configuration: GuidedConfiguration(backends: [capture]))
        _ = try? await session.respond(to: GenerationRequest(prompt, schema: schema, name: name, grounding: facts))
        guard let request = capture.first.withLock({ $0 }) else {
            preconditionFailure("the session sent no request for \(name)")
        }
        return request
    }

    /// Keeps the first request and refuses every one.
    private final class CapturingBackend: LanguageModelBackend {
        let name = "capture"
        let kind = "capture"
        let capabilities = BackendCapabilities(
            grammar: true, jsonSchema: true, greedy: true, topK: true, topP: true, seed: true, streaming: true,
            tokenCounting: false)
        let first = Mutex<BackendRequest?>(nil)

        func availability() async -> BackendAvailability { .available }

        func respond(to request: BackendRequest) async throws(BackendError) -> BackendResponse {
            first.withLock { $0 = $0 ?? request }
            throw BackendError(.unavailable, backend: name, "captured, not answered")
        }

        func streamResponse(to request: BackendRequest) -> AsyncThrowingStream<BackendStreamEvent, any Error> {
            BackendStreaming.stream(backend: name) { _ in try await self.respond(to: request) }
        }

        func tokenCount(of text: String) async throws(BackendError) -> TokenCount { .estimate(of: text) }
        func contextSize() async throws(BackendError) -> Int { 32_768 }
    }
}
