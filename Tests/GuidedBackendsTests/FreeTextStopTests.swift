import Guided
import GuidedLlamaServer
import GuidedOllama
import GuidedOpenAI
import GuidedServerBackends
import GuidedTestSupport
import GuidedTestTraits
import Testing

/// Free text on every backend kind: stop sequences reach each server in its own field, a
/// base model's answer stops at the prompt format's next section, and free text cut by the token
/// limit ends there instead of failing (structured output still fails).
@Suite(.measuresTime) struct FreeTextStopTests {
    static let text = BackendRequest(
        prompt: "Describe a turtle in one sentence.",
        options: GenerationOptions(maximumResponseTokens: 40, stopSequences: ["THE END"]))

    static func strings(_ value: GeneratedContent?) -> [String] {
        (value?.arrayValue ?? []).compactMap(\.stringValue)
    }

    @Test func llamaServerStopsAtTheSectionMarkersAndTheCallersStops() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("POST", "/completion") { request in
            (try? request.json())?["grammar"] == nil
                ? LlamaServerBackendStubTests.completion("A turtle is slow.")
                : LlamaServerBackendStubTests.completion(LlamaServerBackendStubTests.validSteps)
        }
        let backend = LlamaServerBackend(name: "local", baseURL: server.baseURL, timeout: .seconds(10))
        _ = try await backend.respond(to: Self.text)
        let body = try #require(server.requests(to: "/completion").first).json()
        #expect(Self.strings(body["stop"]) == ["THE END"] + CompletionPrompt.sectionMarkers)
        _ = try await backend.respond(to: LlamaServerBackendStubTests.stepsRequest())
        let structured = try #require(server.requests(to: "/completion").last).json()
        #expect(Self.strings(structured["stop"]) == ["\n"], "structured output ends at the line break after its value")
    }

    @Test func llamaServerFreeTextAtTheLimitEndsThereStructuredOutputFails() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("POST", "/completion") { request in
            let body = try? request.json()
            return body?["grammar"] == nil
                ? LlamaServerBackendStubTests.completion("A turtle is slow. It walks to the", stopType: "limit")
                : LlamaServerBackendStubTests.completion(#"{"steps": ["Swim"#, stopType: "limit")
        }
        let backend = LlamaServerBackend(name: "local", baseURL: server.baseURL, timeout: .seconds(10))
        let response = try await backend.respond(to: Self.text)
        #expect(response.stopReason == .limit)
        #expect(response.content.stringValue == "A turtle is slow. It walks to the")
        await #expect(throws: BackendError.self) {
            try await backend.respond(to: LlamaServerBackendStubTests.stepsRequest())
        }
    }

    @Test func ollamaSendsStopsInItsOptionsAndEndsFreeTextAtTheLimit() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("POST", "/api/generate") { _ in
            OllamaBackendStubTests.generate("A turtle is slow. It", doneReason: "length")
        }
        let backend = OllamaBackend(name: "o", baseURL: server.baseURL, model: "gemma3:270m", timeout: .seconds(10))
        let response = try await backend.respond(to: Self.text)
        #expect(response.stopReason == .limit)
        let body = try #require(server.requests(to: "/api/generate").first).json()
        #expect(Self.strings(body.value(at: ["options", "stop"])) == ["THE END"] + CompletionPrompt.sectionMarkers)
    }

    @Test func openAICompatibleSendsTheCallersStopsAndEndsFreeTextAtTheLimit() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("POST", "/v1/chat/completions") { _ in
            OpenAIBackendStubTests.completion("A turtle is slow. It", finishReason: "length")
        }
        let backend = OpenAICompatibleBackend(
            name: "v1", baseURL: server.baseURL + "/v1", model: "x", apiKeyVariable: nil, timeout: .seconds(10))
        var request = Self.text
        request.options.repetitionPenalty = 3
        let response = try await backend.respond(to: request)
        #expect(response.stopReason == .limit)
        let body = try #require(server.requests(to: "/v1/chat/completions").first).json()
        #expect(Self.strings(body["stop"]) == ["THE END"], "a chat API has no prompt sections to stop at")
        #expect(body["frequency_penalty"]?.doubleValue == 2, "OpenAI's strongest penalty")
    }
}
