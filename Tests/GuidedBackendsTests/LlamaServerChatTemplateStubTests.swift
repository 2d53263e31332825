import CanonicalSchemas
import Guided
import GuidedLlamaServer
import GuidedTestSupport
import GuidedTestTraits
import Testing

/// An instruct model on llama-server (`promptStyle: chat`): the request's turns go to
/// `/apply-template`, the model's template turns them into text, and that text is the prompt of
/// the `/completion` request, whose grammar ends at the value (the model ends its turn itself).
@Suite(.measuresTime) struct LlamaServerChatTemplateStubTests {
    /// What the stub's template makes of the turns: ChatML, as Qwen's does.
    static let templated = "<|im_start|>user\nGoal: learn to swim.<|im_end|>\n<|im_start|>assistant\n"

    static func server(template: StubResponse = .json(#"{"prompt": \#(jsonString(templated))}"#)) throws
        -> StubHTTPServer
    {
        let server = try StubHTTPServer()
        server.route("POST", "/apply-template") { _ in template }
        server.route("POST", "/completion") { _ in
            LlamaServerBackendStubTests.completion(LlamaServerCandidatesStubTests.good)
        }
        return server
    }

    static func backend(_ server: StubHTTPServer) -> LlamaServerBackend {
        LlamaServerBackend(name: "local", baseURL: server.baseURL, promptStyle: .chat)
    }

    @Test func theTurnsGoThroughTheTemplateAndItsTextIsThePrompt() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let response = try await Self.backend(server).respond(to: LlamaServerBackendStubTests.stepsRequest())
        #expect(response.content["steps"]?.arrayValue?.count == 3)
        let turns = try server.requests(to: "/apply-template")[0].json()["messages"]?.arrayValue ?? []
        #expect(
            turns == ChatPrompt.messages(LlamaServerBackendStubTests.stepsRequest()).map(\.json),
            "the turns ChatPrompt writes, as OpenAI-style messages")
        let body = try server.requests(to: "/completion")[0].json()
        #expect(body["prompt"]?.stringValue == Self.templated)
        // No completion frame: the grammar ends at the value, and there is no line-break stop.
        #expect(body["stop"] == nil)
        let grammar = body["grammar"]?.stringValue ?? ""
        #expect(grammar.hasPrefix(#"root ::= "{" "\"steps\"""#), "the value is the root: \(grammar)")
        #expect(!grammar.contains(#""\n"{0,2}"#), "\(grammar)")
    }

    @Test func freeTextStopsWhereTheModelEndsItsTurnNotAtTheCompletionPromptsSections() async throws {
        let server = try Self.server()
        defer { server.stop() }
        server.route("POST", "/completion") { _ in LlamaServerBackendStubTests.completion("The moon orbits Earth.") }
        var request = BackendRequest(prompt: "Tell me about the moon.")
        request.options.stopSequences = ["THE END"]
        let response = try await Self.backend(server).respond(to: request)
        #expect(response.content == "The moon orbits Earth.")
        let body = try server.requests(to: "/completion")[0].json()
        #expect(FreeTextStopTests.strings(body["stop"]) == ["THE END"])
    }

    @Test(arguments: [
        StubResponse.json(status: 404, #"{"error": {"message": "File Not Found"}}"#), .json(#"{"text": "?"}"#),
    ])
    func aServerThatCannotApplyTheTemplateIsAMalformedResponse(_ answer: StubResponse) async throws {
        let server = try Self.server(template: answer)
        defer { server.stop() }
        await #expect {
            try await Self.backend(server).respond(to: LlamaServerBackendStubTests.stepsRequest())
        } throws: { error in
            let error = error as? BackendError
            return error?.code == .malformedResponse && error?.message.contains("/apply-template") == true
        }
        #expect(server.requests(to: "/completion").isEmpty)
    }

    @Test func aConfigurationNamesThePromptStyleAndABadOneIsALocatedError() throws {
        let settings = OutputOverridesTests()
        let configuration = try settings.load(
            #"{"backends": [{"name": "q", "kind": "llama-server", "url": "http://127.0.0.1:9", "promptStyle": "chat"}]}"#
        )
        #expect(configuration.backends[0].promptStyle == .chat)
        let plain = try settings.load(
            #"{"backends": [{"name": "g", "kind": "llama-server", "url": "http://127.0.0.1:9"}]}"#)
        #expect(plain.backends[0].promptStyle == .completion)
        let error = try #require(
            try settings.loadingError(
                #"{"backends": [{"name": "q", "kind": "llama-server", "url": "http://127.0.0.1:9", "promptStyle": "instruct"}]}"#,
                file: "guided.json"))
        #expect(error.pointer.description == "/backends/0/promptStyle", "\(error)")
        #expect(error.message.contains("completion") && error.message.contains("chat"), "\(error)")
    }
}
