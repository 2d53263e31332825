import CanonicalSchemas
import Guided
import GuidedGrammar
import GuidedLlamaServer
import GuidedTestSupport
import Testing

/// A request that carries a grammar compiled at build time (a `PrecompiledGenerable` type's)
/// sends that grammar as is: llama-server is not handed a fresh compile of the schema.
@Suite struct PrecompiledGrammarRequestTests {
    @Test func thePrecompiledGrammarIsSentInsteadOfACompile() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("POST", "/completion") { _ in
            LlamaServerBackendStubTests.completion(LlamaServerBackendStubTests.validSteps)
        }
        // A grammar the compiler would never write (a comment line), so a recompile would show.
        let precompiled =
            "# compiled at build time\n" + (try GrammarCompiler.compile(StepSuggestions.generationSchema).gbnf)
        var request = LlamaServerBackendStubTests.stepsRequest()
        request.grammar = precompiled
        _ = try await LlamaServerBackend(name: "local", baseURL: server.baseURL).respond(to: request)
        let body = try server.requests(to: "/completion")[0].json()
        #expect(body["grammar"]?.stringValue == precompiled)
        #expect(body["stop"] == nil, "a grammar sent as written has no completion frame to stop after")
    }

    @Test func aSessionAttachesAPrecompiledTypesGrammar() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("POST", "/completion") { _ in
            LlamaServerBackendStubTests.completion(LlamaServerBackendStubTests.validSteps)
        }
        server.route("GET", "/health") { _ in .json(#"{"status":"ok"}"#) }
        server.route("GET", "/props") { _ in .json(#"{"default_generation_settings":{"n_ctx":4096}}"#) }
        server.route("POST", "/tokenize") { _ in .json(#"{"tokens":[1,2,3]}"#) }
        let session = LanguageModelSession(
            configuration: GuidedConfiguration(backends: [LlamaServerBackend(name: "local", baseURL: server.baseURL)]))
        _ = try await session.respond(to: "Goal: learn to swim", generating: MarkedSteps.self)
        let body = try server.requests(to: "/completion")[0].json()
        #expect(body["grammar"]?.stringValue == MarkedSteps.precompiledGrammar)
    }
}

/// StepSuggestions with a hand-declared "precompiled" grammar that a recompile would not give.
struct MarkedSteps: PrecompiledGenerable {
    @Guide(.count(3), .element(.length(1...100)))
    var steps: [String] = []

    static let precompiledGrammar = "# marked\n" + ((try? GrammarCompiler.compile(generationSchema).gbnf) ?? "")
}
