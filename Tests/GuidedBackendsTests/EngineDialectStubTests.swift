import Guided
import GuidedGrammar
import GuidedJSON
import GuidedTestSupport
import Testing

@testable import GuidedOpenAI

/// The OpenAI-compatible backend's dialects against stubs that answer with each engine's
/// recorded wire shapes:
/// - vLLM: `/v1/models` cards `owned_by: "vllm"` and `/version` `{"version": "0.32.0"}`, measured
///   on vLLM 0.32.0 (docs/engines.md); `structured_outputs` from vLLM's
///   `docs/features/structured_outputs.md`.
/// - SGLang: `owned_by: "sglang"` (`ModelCard` in `python/sglang/srt/entrypoints/openai/protocol.py`),
///   `/server_info` with `grammar_backend` (`http_server.py`, `ServerArgs`), a top-level `ebnf`
///   (`ChatCompletionRequest`), and a 400 for a grammar XGrammar cannot compile.
/// - TGI: `/info` with `router: "text-generation-router"` (`docs/openapi.json`, `Info`),
///   `/generate_stream` with `parameters.grammar: {type, value}` (`router/src/lib.rs`,
///   `GrammarType`; `docs/source/basic_tutorials/using_guidance.md`), `data:` events without a
///   space and no `[DONE]` (axum's SSE writer; `server.rs` `generate_stream`), validation errors
///   as an `{"error", "error_type"}` event inside a 200 stream.
@Suite struct EngineDialectStubTests {
    static let schema = try! titleAndOptionalNoteSchema()

    static func request(_ options: GenerationOptions = GenerationOptions(maximumResponseTokens: 60)) -> BackendRequest {
        BackendRequest(prompt: "Plan a pool day.", instructions: "Answer in JSON.", schema: schema, options: options)
    }

    static func models(ownedBy owner: String) -> StubResponse {
        .json(
            #"{"object":"list","data":[{"id":"gemma-3-270m","object":"model","created":1796143043,"owned_by":"\#(owner)","root":"/models/gemma","parent":null,"max_model_len":2048}]}"#
        )
    }

    /// One OpenAI chat chunk with `content`, and the closing ones.
    static func chatStream(_ content: String) -> [String] {
        [
            #"data: {"id":"chatcmpl-1","object":"chat.completion.chunk","created":1796143043,"model":"gemma-3-270m","choices":[{"index":0,"delta":{"role":"assistant","content":\#(jsonString(content))},"logprobs":null,"finish_reason":null}]}"#
                + "\n\n",
            #"data: {"id":"chatcmpl-1","object":"chat.completion.chunk","created":1796143043,"model":"gemma-3-270m","choices":[{"index":0,"delta":{"content":""},"logprobs":null,"finish_reason":"stop","stop_reason":null}]}"#
                + "\n\n",
            "data: [DONE]\n\n",
        ]
    }

    /// TGI's `/generate_stream` events for `tokens`, the last carrying `generated_text`.
    static func generateStream(_ tokens: [String], finishReason: String = "eos_token") -> [String] {
        var events: [String] = []
        for (index, token) in tokens.enumerated() {
            let last = index == tokens.count - 1
            let generated = last ? jsonString(tokens.joined()) : "null"
            let details =
                last ? #"{"finish_reason":"\#(finishReason)","generated_tokens":\#(tokens.count),"seed":7}"# : "null"
            events.append(
                #"data:{"index":\#(index + 1),"token":{"id":\#(1000 + index),"text":\#(jsonString(token)),"logprob":-0.5,"special":false},"generated_text":\#(generated),"details":\#(details)}"#
                    + "\n\n")
        }
        return events
    }

    func backend(
        _ server: StubHTTPServer, dialect: OpenAICompatibleDialect? = nil, api: OpenAICompatibleBackend.API = .chat
    )
        -> OpenAICompatibleBackend
    {
        OpenAICompatibleBackend(
            name: "engine", baseURL: server.baseURL + "/v1", model: "gemma-3-270m", apiKeyVariable: nil,
            timeout: .seconds(10), dialect: dialect, api: api)
    }

    // MARK: Detection

    @Test func vLLMIsDetectedFromItsModelCardsWithoutFurtherProbes() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("GET", "/v1/models") { _ in Self.models(ownedBy: "vllm") }
        let backend = backend(server)
        #expect(backend.dialect == .openAI)
        #expect(await backend.availability() == .available)
        #expect(backend.dialect == .vLLM)
        #expect(backend.capabilities.grammar && backend.capabilities.topK)
        #expect(server.requests.map(\.path) == ["/v1/models"])
    }

    @Test func vLLMIsDetectedFromVersionWhenItsCardsSayNothing() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("GET", "/v1/models") { _ in Self.models(ownedBy: "someone") }
        server.route("GET", "/version") { _ in .json(#"{"version":"0.32.0"}"#) }
        let backend = backend(server)
        #expect(await backend.availability() == .available)
        #expect(backend.dialect == .vLLM)
    }

    @Test func sgLangIsDetectedFromServerInfo() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("GET", "/v1/models") { _ in Self.models(ownedBy: "someone") }
        server.route("GET", "/server_info") { _ in
            .json(#"{"model_path":"/models/gemma","tp_size":1,"grammar_backend":"xgrammar","version":"0.5.2"}"#)
        }
        let backend = backend(server)
        #expect(await backend.availability() == .available)
        #expect(backend.dialect == .sgLang)
    }

    @Test func tgiIsDetectedFromInfo() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("GET", "/v1/models") { _ in Self.models(ownedBy: "google/gemma-3-270m") }
        server.route("GET", "/info") { _ in
            .json(
                #"{"model_id":"google/gemma-3-270m","model_sha":null,"max_concurrent_requests":128,"max_best_of":2,"max_stop_sequences":4,"max_input_tokens":1024,"max_total_tokens":2048,"validation_workers":2,"max_client_batch_size":4,"router":"text-generation-router","version":"3.3.6","sha":null,"docker_label":null}"#
            )
        }
        let backend = backend(server)
        #expect(await backend.availability() == .available)
        #expect(backend.dialect == .tgi)
        #expect(!backend.capabilities.grammar && backend.capabilities.jsonSchema && backend.capabilities.topK)
    }

    @Test func aPlainServerStaysOpenAIAndIsProbedOnce() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("GET", "/v1/models") { _ in Self.models(ownedBy: "openai") }
        let backend = backend(server)
        #expect(await backend.availability() == .available)
        #expect(await backend.availability() == .available)
        #expect(backend.dialect == .openAI)
        #expect(!backend.capabilities.grammar && !backend.capabilities.topK)
        #expect(
            server.requests.map(\.path) == [
                "/v1/models", "/info", "/server_info", "/get_server_info", "/version", "/v1/models",
            ])
    }

    @Test func aConfiguredDialectIsUsedWithoutDetection() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("GET", "/v1/models") { _ in Self.models(ownedBy: "llamacpp") }
        let configuration = try GuidedConfiguration.from(
            try JSONReader.parse(
                #"{"backends": [{"name": "v", "kind": "openai-compatible", "url": "\#(server.baseURL)/v1", "model": "m", "dialect": "sglang", "api": "completions"}]}"#
            ), registry: .standard())
        let backend = try #require(configuration.backends.first as? OpenAICompatibleBackend)
        #expect(await backend.availability() == .available)
        #expect(backend.dialect == .sgLang)
        #expect(backend.api == .completions)
        #expect(server.requests.map(\.path) == ["/v1/models"])
    }

    @Test func anUnknownDialectOrAPIIsALocatedConfigurationError() throws {
        for (key, value) in [("dialect", "tensorrt"), ("api", "responses")] {
            let document = try JSONReader.parse(
                #"{"backends": [{"name": "v", "kind": "openai-compatible", "url": "http://127.0.0.1:9/v1", "model": "m", "\#(key)": "\#(value)"}]}"#
            )
            do {
                _ = try GuidedConfiguration.from(document, registry: .standard())
                Issue.record("\(key): \(value) loaded")
            } catch {
                #expect(error.pointer.description == "/backends/0/\(key)")
                #expect(error.message.contains(value))
            }
        }
    }

    // MARK: vLLM and SGLang: Guided's grammar

    @Test func vLLMGetsGuidedsExactGrammarInStructuredOutputsAndNoResponseFormat() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("POST", "/v1/chat/completions") { _ in
            .sse(Self.chatStream(#"{"title":"Pool day"}"#), delay: .zero)
        }
        let response = try await backend(server, dialect: .vLLM).respond(
            to: Self.request(
                GenerationOptions(sampling: .random(probabilityThreshold: 0.9, seed: 3), maximumResponseTokens: 60)))
        #expect(response.content == ["title": "Pool day"])
        let body = try #require(server.requests(to: "/v1/chat/completions").first).json()
        #expect(
            body["structured_outputs"] == [
                "grammar": GeneratedContent(
                    try GrammarCompiler.compile(Self.schema, options: GrammarOptions(plainStrings: true)).gbnf)
            ])
        #expect(body["response_format"] == nil)
        #expect(body["top_p"]?.doubleValue == 0.9)
        #expect(body["top_k"]?.intValue == -1, "the model's own top-k default is switched off")
        #expect(body["seed"]?.intValue == 3)
    }

    @Test func vLLMTopKIsSentAsTopK() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("POST", "/v1/chat/completions") { _ in .sse(Self.chatStream(#"{"title":"x"}"#), delay: .zero) }
        _ = try await backend(server, dialect: .vLLM).respond(
            to: Self.request(GenerationOptions(sampling: .random(top: 40, seed: 1), maximumResponseTokens: 60)))
        let body = try #require(server.requests(to: "/v1/chat/completions").first).json()
        #expect(body["top_k"]?.intValue == 40)
        #expect(body["top_p"]?.doubleValue == 1)
    }

    @Test func sgLangGetsTheSameGrammarAsATopLevelEbnf() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("POST", "/v1/chat/completions") { _ in
            .sse(Self.chatStream(#"{"title":"Pool day"}"#), delay: .zero)
        }
        _ = try await backend(server, dialect: .sgLang).respond(to: Self.request())
        let body = try #require(server.requests(to: "/v1/chat/completions").first).json()
        #expect(
            body["ebnf"]?.stringValue
                == (try GrammarCompiler.compile(Self.schema, options: GrammarOptions(plainStrings: true)).gbnf))
        #expect(body["response_format"] == nil && body["structured_outputs"] == nil)
    }

    /// llama-server's own `/v1` (`owned_by: "llamacpp"`) reads a top-level `grammar`, so the
    /// grammar — grounded decoding and restated quotations with it — reaches the model through
    /// the OpenAI-compatible API as it does through `/completion`.
    @Test func llamaServersV1IsDetectedAndGetsTheGrammarAsATopLevelGrammar() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("GET", "/v1/models") { _ in Self.models(ownedBy: "llamacpp") }
        server.route("POST", "/v1/chat/completions") { _ in
            .sse(Self.chatStream(#"{"title":"Pool day"}"#), delay: .zero)
        }
        let backend = backend(server)
        #expect(await backend.availability() == .available)
        #expect(backend.dialect == .llamaCpp && backend.capabilities.grammar)
        _ = try await backend.respond(to: Self.request())
        #expect(server.requests.map(\.path) == ["/v1/models", "/v1/chat/completions"], "no further probes")
        let body = try #require(server.requests(to: "/v1/chat/completions").first).json()
        #expect(
            body["grammar"]?.stringValue
                == (try GrammarCompiler.compile(Self.schema, options: GrammarOptions(plainStrings: true)).gbnf))
        #expect(body["response_format"] == nil && body["structured_outputs"] == nil)
    }

    @Test func aGrammarTheEngineRefusesIsGrammarRejected() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("POST", "/v1/chat/completions") { _ in
            .json(
                status: 400,
                #"{"object":"error","message":"Failed to compile ebnf grammar: EBNF parser error at line 1, column 10","type":"Bad Request","param":null,"code":400}"#
            )
        }
        let error = await backendError { try await backend(server, dialect: .sgLang).respond(to: Self.request()) }
        #expect(error?.code == .grammarRejected)
        #expect(error?.message.contains("Failed to compile ebnf grammar") == true)
    }

    @Test func theCompletionsAPISendsLlamaServersPromptAndReadsChoicesText() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        let chunks = [
            #"data: {"id":"cmpl-1","object":"text_completion","created":1796143043,"model":"gemma-3-270m","choices":[{"index":0,"text":"{\"title\":","logprobs":null,"finish_reason":null}]}"#
                + "\n\n",
            #"data: {"id":"cmpl-1","object":"text_completion","created":1796143043,"model":"gemma-3-270m","choices":[{"index":0,"text":"\"Pool day\"}","logprobs":null,"finish_reason":"stop","stop_reason":null}]}"#
                + "\n\n",
            "data: [DONE]\n\n",
        ]
        server.route("POST", "/v1/completions") { _ in .sse(chunks, delay: .zero) }
        let request = Self.request()
        let response = try await backend(server, dialect: .vLLM, api: .completions).respond(to: request)
        #expect(response.content == ["title": "Pool day"])
        let body = try #require(server.requests(to: "/v1/completions").first).json()
        #expect(body["prompt"]?.stringValue == CompletionPrompt.render(request))
        #expect(body["messages"] == nil)
        #expect(body["structured_outputs"]?["grammar"] != nil)
    }

    // MARK: TGI: /generate_stream

    @Test func tgiGetsTheSchemaAsAJSONGrammarOnGenerateStream() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("POST", "/generate_stream") { _ in
            .sse(Self.generateStream([#"{"title""#, #":"Pool"#, #" day"}"#]), delay: .milliseconds(2))
        }
        let request = Self.request(
            GenerationOptions(
                sampling: .random(probabilityThreshold: 0.95, seed: 7), temperature: 0.7, maximumResponseTokens: 60))
        let streamed = await collect(backend(server, dialect: .tgi).streamResponse(to: request))
        #expect(streamed.error == nil, "\(String(describing: streamed.error))")
        #expect(streamed.partials.count == 3 && isGrowing(streamed.partials))
        #expect(streamed.final?.content == ["title": "Pool day"])
        #expect(streamed.final?.stopReason == .endOfSequence)
        let body = try #require(server.requests(to: "/generate_stream").first).json()
        #expect(body["inputs"]?.stringValue == CompletionPrompt.render(request))
        let parameters = try #require(body["parameters"])
        #expect(parameters["grammar"] == ["type": "json", "value": Self.schema.serverSchema(.plain).document])
        #expect(parameters["max_new_tokens"]?.intValue == 60)
        #expect(parameters["do_sample"]?.boolValue == true)
        #expect(parameters["top_p"]?.doubleValue == 0.95)
        #expect(parameters["temperature"]?.doubleValue == 0.7)
        #expect(parameters["seed"]?.intValue == 7)
        #expect(parameters["details"]?.boolValue == true)
    }

    @Test func tgiGreedyIsDoSampleFalseAndATopPOfOneIsLeftOut() throws {
        let greedy = OpenAICompatibleBackend.generateSampling(GenerationOptions(sampling: .greedy, temperature: 0.5))
        #expect(greedy.map(\.0) == ["do_sample"])
        #expect(greedy.first?.1.boolValue == false)
        let wide = OpenAICompatibleBackend.generateSampling(
            GenerationOptions(sampling: .random(probabilityThreshold: 1, seed: 2)))
        #expect(wide.map(\.0) == ["do_sample", "seed"])
    }

    @Test func tgiGetsAPatternedStringAsAQuotedWholeMatchRegex() throws {
        let schema = try GenerationSchema.fromJSONSchema(
            try JSONReader.parse(#"{"type": "string", "pattern": "^[a-z]{3}-[0-9]{2}$"}"#)
        ).schema
        #expect(
            OpenAICompatibleBackend.generateGrammar(schema) == ["type": "regex", "value": #""([a-z]{3}-[0-9]{2})""#])
        let loose = try GenerationSchema.fromJSONSchema(try JSONReader.parse(#"{"type": "string", "pattern": "a.c"}"#))
            .schema
        #expect(OpenAICompatibleBackend.generateGrammar(loose)["type"] == "json")
    }

    @Test func tgiValidationErrorInsideA200StreamFailsWithTGIsMessage() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("POST", "/generate_stream") { _ in
            .sse(
                [
                    #"data:{"error":"Input validation error: grammar is not valid: Grammar must have a 'properties' field","error_type":"validation"}"#
                        + "\n\n"
                ],
                delay: .zero)
        }
        let error = await backendError { try await backend(server, dialect: .tgi).respond(to: Self.request()) }
        #expect(error?.code == .grammarRejected)
        #expect(error?.message.contains("Grammar must have a 'properties' field") == true)
    }

    @Test func tgiStreamEndingBeforeItsFinalEventIsATransportError() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("POST", "/generate_stream") { _ in
            .sse(Array(Self.generateStream([#"{"title""#, #":"Pool"#, #" day"}"#]).dropLast()), delay: .zero)
        }
        let error = await backendError { try await backend(server, dialect: .tgi).respond(to: Self.request()) }
        #expect(error?.code == .transport)
    }

    @Test func tgiLengthFinishIsTruncated() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("POST", "/generate_stream") { _ in
            .sse(Self.generateStream([#"{"title""#, #":"Pool"#], finishReason: "length"), delay: .zero)
        }
        let error = await backendError { try await backend(server, dialect: .tgi).respond(to: Self.request()) }
        #expect(error?.code == .truncated)
    }

    // MARK: Pools of engine replicas

    @Test func aPoolOfVLLMReplicasDetectsEachAndSendsEachTheGrammar() async throws {
        let replicas = try (0..<2).map { _ in try StubHTTPServer() }
        defer { for replica in replicas { replica.stop() } }
        for replica in replicas {
            replica.route("GET", "/v1/models") { _ in Self.models(ownedBy: "vllm") }
            replica.route("POST", "/v1/completions") { _ in
                .sse(
                    [
                        #"data: {"id":"cmpl-1","object":"text_completion","choices":[{"index":0,"text":"{\"title\":\"Pool day\"}","finish_reason":"stop"}]}"#
                            + "\n\n", "data: [DONE]\n\n",
                    ], delay: .milliseconds(20))
            }
        }
        let members = replicas.map {
            #"{"kind":"openai-compatible","url":"\#($0.baseURL)/v1","model":"gemma-3-270m","api":"completions"}"#
        }
        let document = try JSONReader.parse(
            #"{"backends":[{"name":"engines","kind":"pool","members":[\#(members.joined(separator: ","))]}]}"#)
        let pool = try #require(try GuidedConfiguration.from(document, registry: .standard()).backends.first)
        #expect(await pool.availability() == .available)
        #expect(pool.capabilities.grammar && pool.capabilities.topK)
        let results = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<4 {
                group.addTask { (try? await pool.respond(to: Self.request()))?.content == ["title": "Pool day"] }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results == [true, true, true, true])
        let grammar = try GrammarCompiler.compile(Self.schema, options: GrammarOptions(plainStrings: true)).gbnf
        for replica in replicas {
            let bodies = try replica.requests(to: "/v1/completions").map { try $0.json() }
            #expect(bodies.count == 2, "each replica serves half")
            #expect(bodies.allSatisfy { $0["structured_outputs"] == ["grammar": GeneratedContent(grammar)] })
        }
    }
}
