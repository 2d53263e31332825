import CanonicalSchemas
import Guided
import GuidedLlamaServer
import GuidedOpenAI
import GuidedTestSupport
import Testing

/// Foundation Models 27's numbers, as each backend reads them from its server's real reply
/// shapes (/work/shared/notes/llama-server.md §2): the tokens a response read (the cached part
/// too) and wrote, a request over the context with both numbers, and invalid output kept whole.
@Suite struct UsageAndOverflowStubTests {
    typealias LlamaStub = LlamaServerBackendStubTests

    @Test func llamaServerReportsThePromptTokensItReusedFromItsCache() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("POST", "/completion") { _ in LlamaStub.completion(LlamaStub.validSteps) }
        let backend = LlamaServerBackend(name: "local", baseURL: server.baseURL, timeout: .seconds(10))
        let response = try await backend.respond(to: LlamaStub.stepsRequest())
        #expect(
            response.usage
                == GenerationUsage(
                    input: GenerationUsage.Input(totalTokenCount: 93, cachedTokenCount: 88),
                    output: GenerationUsage.Output(totalTokenCount: 26)))
    }

    @Test func anOpenAICompatibleServerReportsItsCachedPromptTokens() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("POST", "/v1/chat/completions") { _ in
            .json(
                #"""
                {"id":"c","object":"chat.completion","created":1,"model":"x","choices":[{"index":0,\#
                "message":{"role":"assistant","content":"Hello."},"finish_reason":"stop"}],\#
                "usage":{"completion_tokens":3,"prompt_tokens":40,"total_tokens":43,"prompt_tokens_details":{"cached_tokens":32}}}
                """#)
        }
        let backend = OpenAICompatibleBackend(
            name: "v1", baseURL: server.baseURL + "/v1", model: "x", apiKeyVariable: nil, timeout: .seconds(10))
        let usage = try await backend.respond(to: BackendRequest(prompt: "Say hello.")).usage
        #expect(usage.input.totalTokenCount == 40 && usage.input.cachedTokenCount == 32)
        #expect(usage.output.totalTokenCount == 3)
    }

    @Test func aServerThatSaysNothingOfItsCacheLeavesTheCountUnknown() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("POST", "/v1/chat/completions") { _ in OpenAIBackendStubTests.completion("Hello.") }
        let backend = OpenAICompatibleBackend(
            name: "v1", baseURL: server.baseURL + "/v1", model: "x", apiKeyVariable: nil, timeout: .seconds(10))
        let usage = try await backend.respond(to: BackendRequest(prompt: "Say hello.")).usage
        #expect(usage.input.totalTokenCount == 30 && usage.input.cachedTokenCount == nil)
        #expect((usage + .zero).input.cachedTokenCount == nil, "an unknown count stays unknown in a sum")
        #expect((usage + usage).input.totalTokenCount == 60)
    }

    @Test func llamaServersContextRefusalCarriesBothNumbers() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("POST", "/completion") { _ in LlamaStub.contextRefusal }
        let backend = LlamaServerBackend(name: "local", baseURL: server.baseURL, timeout: .seconds(10))
        let error = try #require(await backendError { try await backend.respond(to: LlamaStub.stepsRequest()) })
        #expect(error.code == .contextExceeded)
        #expect(error.contextOverflow == ContextOverflow(contextSize: 4096, tokenCount: 6002))
    }

    @Test func llamaServersOwnCheckCountsThePromptAndEveryResponse() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("GET", "/props") { _ in LlamaStub.props(nCtx: 256) }
        server.route("POST", "/tokenize") { _ in LlamaStub.tokens(200) }
        let backend = LlamaServerBackend(name: "local", baseURL: server.baseURL, timeout: .seconds(10))
        let request = LlamaStub.stepsRequest(GenerationOptions(maximumResponseTokens: 100))
        let error = try #require(await backendError { try await backend.respond(to: request) })
        #expect(error.contextOverflow == ContextOverflow(contextSize: 256, tokenCount: 300))
        #expect(server.requests(to: "/completion").isEmpty)
    }

    @Test func theBudgetCheckGivesItsNumbersWithoutOverflowing() throws {
        let error = try #require(
            throws: BackendError.self,
            performing: {
                try ContextBudget.check(prompt: .estimate(of: "x"), response: 300, context: 256, backend: "b")
            })
        #expect(error.contextOverflow == ContextOverflow(contextSize: 256, tokenCount: 301))
        let huge = try #require(
            throws: BackendError.self,
            performing: { try ContextBudget.check(prompt: .exact(2), response: .max, context: 256, backend: "b") })
        #expect(huge.contextOverflow?.tokenCount == .max)
    }

    @Test func outputThatBreaksTheSchemaIsKeptWhole() async throws {
        let long = #"{"steps": [""# + String(repeating: "swim ", count: 80) + #""]}"#
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("POST", "/completion") { _ in LlamaStub.completion(long) }
        let backend = LlamaServerBackend(name: "local", baseURL: server.baseURL, timeout: .seconds(10))
        let error = try #require(await backendError { try await backend.respond(to: LlamaStub.stepsRequest()) })
        #expect(error.code == .invalidOutput)
        #expect(error.rawOutput == long, "all \(long.count) characters, where the excerpt keeps 200")
        let notJSON = try #require(
            throws: BackendError.self,
            performing: {
                try OutputValidation.content(
                    from: "Sure! Here are", schema: StepSuggestions.generationSchema, backend: "b",
                    parse: { _ in throw BackendError(.invalidOutput, backend: "b", "not JSON") })
            })
        #expect(notJSON.rawOutput == "Sure! Here are")
    }

    @Test func outputCutByTheLimitIsKeptWhole() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("POST", "/completion") { _ in LlamaStub.completion(#"{"steps": ["Swim"#, stopType: "limit") }
        let backend = LlamaServerBackend(name: "local", baseURL: server.baseURL, timeout: .seconds(10))
        let error = try #require(await backendError { try await backend.respond(to: LlamaStub.stepsRequest()) })
        #expect(error.code == .truncated && error.rawOutput == #"{"steps": ["Swim"#)
    }
}
