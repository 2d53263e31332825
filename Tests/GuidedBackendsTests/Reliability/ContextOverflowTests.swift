import CanonicalSchemas
import Guided
import GuidedLlamaServer
import GuidedTestSupport
import Testing

/// A server reporting an `n_ctx` near `Int.max`, asked for a huge maximum: the context check
/// used to add `promptTokens + maximum` and trap (issue 12). It compares without adding now.
@Suite struct ContextOverflowTests {
    @Test(arguments: [Int.max, Int.max - 1, Int.max - 20])
    func aHugeContextAndAHugeMaximumDoNotOverflow(nCtx: Int) async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("GET", "/props") { _ in LlamaServerBackendStubTests.props(nCtx: nCtx) }
        server.route("POST", "/tokenize") { _ in LlamaServerBackendStubTests.tokens(30) }
        server.route("POST", "/completion") { _ in
            LlamaServerBackendStubTests.completion(LlamaServerBackendStubTests.validSteps)
        }
        let backend = LlamaServerBackend(name: "local", baseURL: server.baseURL, timeout: .seconds(10))
        let fits = LlamaServerBackendStubTests.stepsRequest(GenerationOptions(maximumResponseTokens: nCtx - 30))
        #expect(try await backend.respond(to: fits).content["steps"]?.arrayValue?.count == 3)
        let tooMany = LlamaServerBackendStubTests.stepsRequest(GenerationOptions(maximumResponseTokens: Int.max))
        if nCtx != Int.max {
            let error = try #require(await backendError { try await backend.respond(to: tooMany) })
            #expect(error.code == .contextExceeded)
        }
    }

    @Test func aPromptLongerThanTheContextIsRefusedWithoutArithmeticOnTheMaximum() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("GET", "/props") { _ in LlamaServerBackendStubTests.props(nCtx: 16) }
        server.route("POST", "/tokenize") { _ in LlamaServerBackendStubTests.tokens(30) }
        let backend = LlamaServerBackend(name: "local", baseURL: server.baseURL, timeout: .seconds(10))
        let error = try #require(
            await backendError {
                try await backend.respond(
                    to: LlamaServerBackendStubTests.stepsRequest(GenerationOptions(maximumResponseTokens: Int.max)))
            })
        #expect(error.code == .contextExceeded)
    }
}
