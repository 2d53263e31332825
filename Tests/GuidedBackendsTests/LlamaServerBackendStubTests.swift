import CanonicalSchemas
import Guided
import GuidedLlamaServer
import GuidedTestSupport
import GuidedTestTraits
import Synchronization
import Testing

/// `llama-server` against a stub that answers with llama-server's real shapes
/// (see /work/shared/notes/llama-server.md §2–3): availability, the request body, stop
/// reasons, error mapping, the context check and SSE streaming.
@Suite(.measuresTime) struct LlamaServerBackendStubTests {
    static let validSteps = #"{"steps": ["Swim in the sea for 30 minutes", "Learn to float", "Go to the pool at 7"]}"#

    static func stepsRequest(_ options: GenerationOptions = GenerationOptions(maximumResponseTokens: 300))
        -> BackendRequest
    {
        BackendRequest(
            prompt: "Goal: learn to swim.", instructions: "Suggest three next steps.",
            schema: StepSuggestions.generationSchema, options: options)
    }

    /// A non-stream `/completion` answer, as llama-server writes it.
    static func completion(_ content: String, stopType: String = "eos", truncated: Bool = false) -> StubResponse {
        .json(
            #"""
            {"index":0,"content":\#(jsonString(content)),"tokens":[],"id_slot":0,"stop":true,"model":"MODEL.gguf",\#
            "tokens_predicted":26,"tokens_evaluated":93,"prompt":"<bos>Suggest three next steps.","has_new_line":false,\#
            "truncated":\#(truncated),"stop_type":"\#(stopType)","stopping_word":"","tokens_cached":118,\#
            "generation_settings":{"n_predict":300,"grammar":"root ::= ..."},\#
            "timings":{"cache_n":88,"prompt_n":5,"prompt_ms":150.028,"prompt_per_token_ms":30.0056,"prompt_per_second":33.33,\#
            "predicted_n":26,"predicted_ms":705.771,"predicted_per_token_ms":28.2308,"predicted_per_second":35.42}}
            """#)
    }

    static let loading = StubResponse.json(
        status: 503, #"{"error":{"message":"Loading model","type":"unavailable_error","code":503}}"#)

    func backend(_ server: StubHTTPServer, timeout: Duration = .seconds(10)) -> LlamaServerBackend {
        LlamaServerBackend(name: "local", baseURL: server.baseURL, timeout: timeout)
    }

    // MARK: Availability

    @Test func connectionRefusedIsUnreachable() async throws {
        let backend = LlamaServerBackend(name: "local", baseURL: try closedPortURL())
        let availability = await backend.availability()
        guard case .unavailable(let reason) = availability else {
            Issue.record("a closed port is available: \(availability)")
            return
        }
        #expect(reason.code == .unreachable)
    }

    @Test func loadingModel503IsLoading() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("GET", "/health") { _ in Self.loading }
        let availability = await backend(server).availability()
        #expect(
            availability
                == .unavailable(UnavailableReason(.loading, "llama-server at \(server.baseURL) is loading its model")))
        #expect(server.requests(to: "/health").count == 1)
    }

    @Test func health200IsAvailable() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("GET", "/health") { _ in .json(#"{"status":"ok"}"#) }
        #expect(await backend(server).availability() == .available)
    }

    @Test func health500IsUnhealthy() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("GET", "/health") { _ in
            .json(status: 500, #"{"error":{"code":500,"message":"boom","type":"server_error"}}"#)
        }
        guard case .unavailable(let reason) = await backend(server).availability() else {
            Issue.record("a 500 is available")
            return
        }
        #expect(reason.code == .unhealthy)
    }

    /// Many processes' requests on one slot can hold `/health` past its 3 s: a server that was
    /// healthy a moment ago is busy, not unhealthy; one that never answered is unhealthy.
    @Test func aSlowHealthFromAServerHealthyAMomentAgoIsBusyNotUnhealthy() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        let answered = Mutex(false)
        server.route("GET", "/health") { _ in
            answered.withLock { done in
                defer { done = true }
                return done ? .hang : .json(#"{"status":"ok"}"#)
            }
        }
        let backend = backend(server)
        #expect(await backend.availability() == .available)
        #expect(await backend.availability() == .available, "slow after a healthy answer: busy")
        let stranger = self.backend(server)
        guard case .unavailable(let reason) = await stranger.availability() else {
            Issue.record("a server that never answered /health is available")
            return
        }
        #expect(reason.code == .unhealthy, "\(reason)")
    }

    // MARK: Request body

    /// Sends `options` and returns the `/completion` body the server received.
    func sentBody(_ options: GenerationOptions) async throws -> GeneratedContent {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("POST", "/completion") { _ in Self.completion(Self.validSteps) }
        _ = try await backend(server).respond(to: Self.stepsRequest(options))
        let requests = server.requests(to: "/completion")
        try #require(requests.count == 1)
        #expect(requests[0].header("Content-Type") == "application/json")
        return try requests[0].json()
    }

    @Test func bodyCarriesTheGrammarPromptAndTokenLimit() async throws {
        let body = try await sentBody(GenerationOptions(maximumResponseTokens: 333))
        let grammar = try #require(body["grammar"]?.stringValue)
        #expect(grammar.hasPrefix("root ::="), "grammar starts with: \(grammar.prefix(40))")
        #expect(grammar.contains("steps"))
        #expect(body["n_predict"]?.intValue == 333)
        // Streamed on the wire even for respond(to:): the idle timeout needs a reply that shows progress.
        #expect(body["stream"]?.boolValue == true)
        #expect(body["return_progress"]?.boolValue == true, "prompt processing shows as progress")
        let prompt = try #require(body["prompt"]?.stringValue)
        #expect(prompt.hasPrefix("Suggest three next steps."))
        #expect(prompt.hasSuffix("Input: Goal: learn to swim.\nOutput:"))
        #expect(body["json_schema"] == nil, "grammar wins over json_schema on /completion: send one, not both")
        // No sampling mode: the server's defaults, nothing forced.
        #expect(body["top_k"] == nil && body["seed"] == nil && body["cache_prompt"] == nil)
    }

    @Test func defaultTokenLimitWhenTheRequestSetsNone() async throws {
        let body = try await sentBody(GenerationOptions())
        #expect(body["n_predict"]?.intValue == 512)
    }

    @Test func greedyIsTopK1WithoutPromptCache() async throws {
        let body = try await sentBody(GenerationOptions(sampling: .greedy, maximumResponseTokens: 300))
        #expect(body["top_k"]?.intValue == 1)
        #expect(body["temperature"]?.doubleValue == 0)
        #expect(body["cache_prompt"]?.boolValue == false)
        #expect(body["seed"] == nil)
    }

    @Test func seededTopKSendsSeedAndTopK() async throws {
        let body = try await sentBody(
            GenerationOptions(sampling: .random(top: 40, seed: 42), temperature: 0.8, maximumResponseTokens: 300))
        #expect(body["top_k"]?.intValue == 40)
        #expect(body["seed"]?.intValue == 42)
        #expect(body["temperature"]?.doubleValue == 0.8)
        #expect(body["cache_prompt"]?.boolValue == false, "a seeded request must be reproducible")
    }

    @Test func topPSendsTopPAndDisablesTopK() async throws {
        let body = try await sentBody(
            GenerationOptions(sampling: .random(probabilityThreshold: 0.9, seed: 7), maximumResponseTokens: 300))
        #expect(body["top_p"]?.doubleValue == 0.9)
        #expect(body["top_k"]?.intValue == 0)
        #expect(body["seed"]?.intValue == 7)
    }

    @Test func unseededSamplingSendsNoSeed() async throws {
        let body = try await sentBody(GenerationOptions(sampling: .random(top: 20), maximumResponseTokens: 300))
        #expect(body["top_k"]?.intValue == 20)
        #expect(body["seed"] == nil)
        #expect(body["cache_prompt"] == nil, "only reproducible modes turn the prompt cache off")
    }

    // MARK: Responses

    @Test func validOutputIsDecoded() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("POST", "/completion") { _ in Self.completion(Self.validSteps) }
        let response = try await backend(server).respond(to: Self.stepsRequest())
        let steps = try StepSuggestions(response.content)
        #expect(steps.steps == ["Swim in the sea for 30 minutes", "Learn to float", "Go to the pool at 7"])
        #expect(response.text == Self.validSteps)
        #expect(response.backend == "local")
        #expect(response.stopReason == .endOfSequence)
        #expect(response.tokensGenerated == 26)
        #expect(response.promptTokens == 93)
        #expect(response.tokensPerSecond == 35.42)
    }

    @Test func outputBreakingTheSchemaIsInvalidOutput() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        // A server that ignored the grammar: two steps, one of them empty.
        let text = #"{"steps": ["Swim", ""]}"#
        server.route("POST", "/completion") { _ in Self.completion(text) }
        let error = try #require(await backendError { try await backend(server).respond(to: Self.stepsRequest()) })
        #expect(error.code == .invalidOutput)
        #expect(!error.violations.isEmpty)
        #expect(
            error.violations.contains {
                $0.keyword == "minItems" || $0.keyword == "count" || $0.pointer == JSONPointer(tokens: ["steps"])
            })
        #expect(error.violations.contains { $0.pointer == JSONPointer(tokens: ["steps", "1"]) })
        #expect(error.excerpt == text)
    }

    @Test func outputThatIsNotJSONIsInvalidOutput() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("POST", "/completion") { _ in Self.completion("1. Swim\n2. Float\n3. Pool") }
        let error = try #require(await backendError { try await backend(server).respond(to: Self.stepsRequest()) })
        #expect(error.code == .invalidOutput)
    }

    @Test(arguments: [("limit", false), ("eos", true), ("limit", true)])
    func cutOutputIsTruncated(stopType: String, truncated: Bool) async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        // Even a complete, valid-looking text is refused when the server says it was cut.
        server.route("POST", "/completion") { _ in
            Self.completion(Self.validSteps, stopType: stopType, truncated: truncated)
        }
        let error = try #require(await backendError { try await backend(server).respond(to: Self.stepsRequest()) })
        #expect(error.code == .truncated)
    }

    @Test func status500IsHTTPStatus() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("POST", "/completion") { _ in
            .json(
                status: 500,
                #"{"error":{"code":500,"message":"Cannot use both json_schema and grammar","type":"server_error"}}"#)
        }
        let error = try #require(await backendError { try await backend(server).respond(to: Self.stepsRequest()) })
        #expect(error.code == .httpStatus)
        #expect(error.message.contains("500"))
        #expect(error.message.contains("Cannot use both json_schema and grammar"))
    }

    @Test func status400GrammarErrorIsGrammarRejected() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("POST", "/completion") { _ in
            .json(
                status: 400,
                #"{"error":{"code":400,"message":"Failed to initialize samplers: failed to parse grammar","type":"invalid_request_error"}}"#
            )
        }
        let error = try #require(await backendError { try await backend(server).respond(to: Self.stepsRequest()) })
        #expect(error.code == .grammarRejected)
        #expect(error.message == "Failed to initialize samplers: failed to parse grammar")
    }

    @Test func status400ContextErrorIsContextExceeded() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("POST", "/completion") { _ in Self.contextRefusal }
        let error = try #require(await backendError { try await backend(server).respond(to: Self.stepsRequest()) })
        #expect(error.code == .contextExceeded)
    }

    /// llama-server's refusal of a prompt over its context, with both numbers.
    static let contextRefusal = StubResponse.json(
        status: 400,
        #"""
        {"error":{"code":400,"message":"request (6002 tokens) exceeds the available context size (4096 tokens), try increasing it",\#
        "type":"exceed_context_size_error","n_prompt_tokens":6002,"n_ctx":4096}}
        """#)

    @Test func loadingDuringCompletionIsUnavailable() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("POST", "/completion") { _ in Self.loading }
        let error = try #require(await backendError { try await backend(server).respond(to: Self.stepsRequest()) })
        #expect(error.code == .unavailable)
    }

    @Test func malformedJSONBodyIsMalformedResponse() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("POST", "/completion") { _ in .json(#"{"index":0,"content":"{\"steps\": [", "stop":tr"#) }
        let error = try #require(await backendError { try await backend(server).respond(to: Self.stepsRequest()) })
        #expect(error.code == .malformedResponse)
    }

    @Test func answerWithoutContentIsMalformedResponse() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("POST", "/completion") { _ in .json(#"{"index":0,"stop":true,"stop_type":"eos"}"#) }
        let error = try #require(await backendError { try await backend(server).respond(to: Self.stepsRequest()) })
        #expect(error.code == .malformedResponse)
    }

    @Test func hangingServerTimesOut() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("POST", "/completion") { _ in .hang }
        let started = ContinuousClock.now
        let error = try #require(
            await backendError {
                try await backend(server, timeout: .milliseconds(300)).respond(to: Self.stepsRequest())
            })
        // The 300 ms total timeout ended it: not the 8 s idle timeout (whose message says so), and
        // well before anything later (the bound leaves room for a loaded machine).
        #expect(error.code == .timeout)
        #expect(!error.message.contains("idle timeout"), "\(error)")
        #expect(ContinuousClock.now - started < .seconds(30))
    }

    @Test func connectionRefusedDuringRespondIsUnavailable() async throws {
        let backend = LlamaServerBackend(name: "local", baseURL: try closedPortURL())
        let error = try #require(await backendError { try await backend.respond(to: Self.stepsRequest()) })
        #expect(error.code == .unavailable)
    }

    // MARK: Context check

    static func props(nCtx: Int) -> StubResponse {
        .json(
            #"""
            {"default_generation_settings":{"n_ctx":\#(nCtx),"params":{"seed":4294967295,"temperature":0.8,"top_k":40,"top_p":0.95,\#
            "n_predict":-1,"stream":false}},"total_slots":1,"model_alias":"MODEL.gguf","model_path":"MODEL.gguf",\#
            "bos_token":"<bos>","eos_token":"<eos>","build_info":"b0-unknown","is_sleeping":false}
            """#)
    }

    static func tokens(_ count: Int) -> StubResponse {
        .json(#"{"tokens":[\#((0..<count).map { String(9259 + $0) }.joined(separator: ","))]}"#)
    }

    @Test func promptTooLongForTheContextFailsBeforeCompletion() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("GET", "/props") { _ in Self.props(nCtx: 256) }
        server.route("POST", "/tokenize") { _ in Self.tokens(200) }
        server.route("POST", "/completion") { _ in Self.completion(Self.validSteps) }
        let error = try #require(
            await backendError {
                try await backend(server).respond(to: Self.stepsRequest(GenerationOptions(maximumResponseTokens: 100)))
            })
        #expect(error.code == .contextExceeded)
        #expect(error.message.contains("200") && error.message.contains("100") && error.message.contains("256"))
        #expect(server.requests(to: "/completion").isEmpty)
        // The prompt that was counted is the one that would have been sent.
        let tokenize = try #require(server.requests(to: "/tokenize").first)
        #expect(try tokenize.json()["content"]?.stringValue?.hasSuffix("Input: Goal: learn to swim.\nOutput:") == true)
    }

    @Test func promptThatFitsIsSentAndPropsIsCached() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("GET", "/props") { _ in Self.props(nCtx: 4096) }
        server.route("POST", "/tokenize") { _ in Self.tokens(20) }
        server.route("POST", "/completion") { _ in Self.completion(Self.validSteps) }
        let backend = backend(server)
        _ = try await backend.respond(to: Self.stepsRequest())
        _ = try await backend.respond(to: Self.stepsRequest())
        #expect(server.requests(to: "/completion").count == 2)
        #expect(server.requests(to: "/props").count == 1)
        #expect(try await backend.contextSize() == 4096)
        #expect(try await backend.tokenCount(of: "Hello world") == .exact(20))
    }

    // MARK: Streaming

    /// One SSE event as llama-server streams it.
    static func event(_ piece: String, index: Int) -> String {
        #"data: {"index":0,"content":\#(jsonString(piece)),"tokens":[\#(14937 + index)],"stop":false,"id_slot":-1,"tokens_predicted":\#(index + 1),"tokens_evaluated":93}"#
            + "\n\n"
    }

    static func finalEvent(stopType: String = "eos", predicted: Int) -> String {
        #"""
        data: {"index":0,"content":"","tokens":[],"id_slot":1,"stop":true,"model":"MODEL.gguf","tokens_predicted":\#(predicted),\#
        "tokens_evaluated":93,"generation_settings":{"n_predict":300},"prompt":"<bos>Suggest three next steps.","has_new_line":false,\#
        "truncated":false,"stop_type":"\#(stopType)","stopping_word":"","tokens_cached":132,\#
        "timings":{"predicted_n":\#(predicted),"predicted_per_second":31.5}}
        """# + "\n\n"
    }

    static let pieces = [
        #"{""#, #"steps": [""#, #"Swim in the sea for 30 minutes", ""#, #"Learn to float", ""#,
        #"Go to the pool at 7"]}"#,
    ]

    @Test func streamGivesGrowingSnapshotsThenTheValidatedResponse() async throws {
        #expect(Self.pieces.joined() == Self.validSteps)
        let server = try StubHTTPServer()
        defer { server.stop() }
        let events =
            Self.pieces.enumerated().map { Self.event($1, index: $0) } + [Self.finalEvent(predicted: Self.pieces.count)]
        server.route("POST", "/completion") { _ in .sse(events, delay: .milliseconds(5)) }
        let result = await collect(backend(server).streamResponse(to: Self.stepsRequest()))
        #expect(result.error == nil, "\(String(describing: result.error))")
        #expect(result.partials.count == Self.pieces.count)
        #expect(isGrowing(result.partials))
        #expect(result.partials.last == Self.validSteps)
        let response = try #require(result.final)
        #expect(try StepSuggestions(response.content).steps.count == 3)
        #expect(response.stopReason == .endOfSequence)
        #expect(response.tokensPerSecond == 31.5)
        #expect(result.eventsAfterComplete == 0)
        #expect(try server.requests(to: "/completion").first?.json()["stream"]?.boolValue == true)
    }

    @Test func streamCutBeforeTheFinalEventThrows() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        // Every piece of valid JSON arrives, but the connection dies before `stop: true`.
        let events = Self.pieces.enumerated().map { Self.event($1, index: $0) }
        server.route("POST", "/completion") { _ in
            .cut(
                status: 200, headers: [StubHeader("Content-Type", "text/event-stream")],
                chunks: events.map { StubChunk($0) }, declaredLength: nil)
        }
        let result = await collect(backend(server).streamResponse(to: Self.stepsRequest()))
        #expect(result.final == nil)
        #expect(result.error != nil)
        #expect(result.backendError != nil, "stream errors are BackendErrors: \(String(describing: result.error))")
    }

    @Test func streamEndingCleanlyWithoutTheFinalEventThrows() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        let events = Self.pieces.enumerated().map { Self.event($1, index: $0) }
        server.route("POST", "/completion") { _ in .sse(events, delay: .zero) }
        let result = await collect(backend(server).streamResponse(to: Self.stepsRequest()))
        #expect(result.final == nil)
        #expect(result.backendError?.code == .transport)
    }

    @Test func streamStoppedByTheLimitIsTruncated() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        let events =
            Self.pieces.prefix(2).enumerated().map { Self.event($1, index: $0) } + [
                Self.finalEvent(stopType: "limit", predicted: 2)
            ]
        server.route("POST", "/completion") { _ in .sse(events, delay: .zero) }
        let result = await collect(backend(server).streamResponse(to: Self.stepsRequest()))
        #expect(result.final == nil)
        #expect(result.backendError?.code == .truncated)
    }

    /// A stream refused up front fails with the same codes as `respond`, read from the error body.
    @Test func streamRefusedGrammarIsGrammarRejected() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("POST", "/completion") { _ in
            .json(
                status: 400,
                #"{"error":{"code":400,"message":"Failed to initialize samplers: failed to parse grammar","type":"invalid_request_error"}}"#
            )
        }
        let result = await collect(backend(server).streamResponse(to: Self.stepsRequest()))
        #expect(result.final == nil)
        #expect(result.partials.isEmpty)
        #expect(result.backendError?.code == .grammarRejected, "\(String(describing: result.error))")
    }

    @Test func streamWhileLoadingIsUnavailable() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("POST", "/completion") { _ in Self.loading }
        let result = await collect(backend(server).streamResponse(to: Self.stepsRequest()))
        #expect(result.final == nil)
        #expect(result.backendError?.code == .unavailable, "\(String(describing: result.error))")
    }

    @Test func streamAnswered500IsHTTPStatus() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("POST", "/completion") { _ in
            .json(
                status: 500,
                #"{"error":{"code":500,"message":"Cannot use both json_schema and grammar","type":"server_error"}}"#)
        }
        let result = await collect(backend(server).streamResponse(to: Self.stepsRequest()))
        #expect(result.backendError?.code == .httpStatus)
        #expect(
            result.backendError?.message.contains("Cannot use both json_schema and grammar") == true,
            "\(String(describing: result.error))")
    }
}
