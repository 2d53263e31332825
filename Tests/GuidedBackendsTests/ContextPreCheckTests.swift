import CanonicalSchemas
import Guided
import GuidedOllama
import GuidedOpenAI
import GuidedTestSupport
import Testing

/// Ollama and OpenAI-compatible backends refuse a request whose prompt (estimated, and said to
/// be) plus its response budget cannot fit the context, before sending anything.
@Suite struct ContextPreCheckTests {
    static func request(prompt: String, maximum: Int) -> BackendRequest {
        BackendRequest(
            prompt: prompt, schema: StepSuggestions.generationSchema,
            options: GenerationOptions(maximumResponseTokens: maximum))
    }

    @Test func ollamaRefusesARequestOverItsContextWithoutGenerating() async throws {
        let server = try StubHTTPServer()
        server.route("POST", "/api/generate") { _ in .json(#"{"response":"{}","done":true,"done_reason":"stop"}"#) }
        let backend = OllamaBackend(
            name: "o", baseURL: server.baseURL, model: "m", timeout: .seconds(10), fallbackContextSize: 512)
        let error = try #require(
            await backendError { try await backend.respond(to: Self.request(prompt: "Goal: swim", maximum: 600)) })
        #expect(error.code == .contextExceeded)
        #expect(error.message.contains("(estimated)"))
        let long = String(repeating: "word ", count: 400) // about 500 tokens by the estimate
        let streamed = await collect(backend.streamResponse(to: Self.request(prompt: long, maximum: 100)))
        #expect(streamed.backendError?.code == .contextExceeded)
        #expect(server.requests(to: "/api/generate").isEmpty)
    }

    @Test func ollamaAsksForTheContextItChecksAgainst() async throws {
        let server = try StubHTTPServer()
        server.route("POST", "/api/show") { _ in .json(#"{"model_info":{"gemma3.context_length":32768}}"#) }
        server.route("POST", "/api/generate") { _ in
            .json(#"{"response":"{\"steps\":[\"a\",\"b\",\"c\"]}","done":true,"done_reason":"stop"}"#)
        }
        let backend = OllamaBackend(
            name: "o", baseURL: server.baseURL, model: "m", timeout: .seconds(10), fallbackContextSize: 4096)
        #expect(try await backend.contextSize() == 4096)
        _ = try? await backend.respond(to: Self.request(prompt: "Goal: swim", maximum: 100))
        let body = try #require(server.requests(to: "/api/generate").first).json()
        #expect(body["options"]?["num_ctx"]?.intValue == 4096)
        #expect(try await backend.tokenCount(of: "twelve bytes").isEstimate)
    }

    @Test func openAICompatibleRefusesARequestOverItsContextWithoutGenerating() async throws {
        let server = try StubHTTPServer()
        let backend = OpenAICompatibleBackend(
            name: "v1", baseURL: server.baseURL + "/v1", model: "x", apiKeyVariable: nil,
            timeout: .seconds(10), contextSize: 256)
        let error = try #require(
            await backendError { try await backend.respond(to: Self.request(prompt: "Goal: swim", maximum: 300)) })
        #expect(error.code == .contextExceeded)
        #expect(error.message.contains("(estimated)"))
        #expect(server.requests(to: "/v1/chat/completions").isEmpty)
        #expect(try await backend.tokenCount(of: "twelve bytes") == .estimated(3))
    }

    @Test func theBudgetCheckComparesWithoutOverflowing() throws {
        #expect(throws: Never.self) {
            try ContextBudget.check(prompt: .exact(100), response: 156, context: 256, backend: "b")
        }
        #expect(throws: BackendError.self) {
            try ContextBudget.check(prompt: .exact(100), response: 157, context: 256, backend: "b")
        }
        #expect(throws: BackendError.self) {
            try ContextBudget.check(prompt: .exact(300), response: 0, context: 256, backend: "b")
        }
        #expect(throws: BackendError.self) {
            try ContextBudget.check(prompt: .exact(1), response: .max, context: .max, backend: "b")
        }
    }
}
