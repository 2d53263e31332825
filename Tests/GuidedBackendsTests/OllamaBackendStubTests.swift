import CanonicalSchemas
import Guided
import GuidedGrammar
import GuidedOllama
import GuidedServerBackends
import GuidedTestSupport
import Testing

/// `ollama` against a stub with Ollama's shapes: `/api/tags` for availability, `/api/generate`
/// with `format` (JSON Schema), `raw` and `options`, `done_reason`, NDJSON streaming.
@Suite struct OllamaBackendStubTests {
    static let validSteps = #"{"steps": ["Swim in the sea for 30 minutes", "Learn to float", "Go to the pool at 7"]}"#

    static func stepsRequest(_ options: GenerationOptions = GenerationOptions(maximumResponseTokens: 300))
        -> BackendRequest
    {
        BackendRequest(
            prompt: "Goal: learn to swim.", instructions: "Suggest three next steps.",
            schema: StepSuggestions.generationSchema, options: options)
    }

    static func tags(_ names: [String]) -> StubResponse {
        let models = names.map { name in
            #"""
            {"name":"\#(name)","model":"\#(name)","modified_at":"2025-08-14T10:00:00.000000Z","size":291554930,\#
            "digest":"e7d36fb2c3b3293cfe56d55889867a064b3a2b22e98335f2e6e8a387e081d6be",\#
            "details":{"parent_model":"","format":"gguf","family":"gemma3","families":["gemma3"],\#
            "parameter_size":"268.10M","quantization_level":"Q8_0"}}
            """#
        }
        return .json(#"{"models":[\#(models.joined(separator: ","))]}"#)
    }

    /// A non-stream `/api/generate` answer.
    static func generate(_ text: String, doneReason: String = "stop") -> StubResponse {
        .json(
            #"""
            {"model":"gemma3:270m","created_at":"2025-08-14T10:00:01.123456Z","response":\#(jsonString(text)),"done":true,\#
            "done_reason":"\#(doneReason)","context":[105,2364,107],"total_duration":1043500667,"load_duration":5025959,\#
            "prompt_eval_count":26,"prompt_eval_duration":125953000,"eval_count":30,"eval_duration":1000000000}
            """#)
    }

    func backend(_ server: StubHTTPServer, model: String = "gemma3:270m") -> OllamaBackend {
        OllamaBackend(name: "o", baseURL: server.baseURL, model: model, timeout: .seconds(10))
    }

    // MARK: Availability

    @Test func modelListedIsAvailable() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("GET", "/api/tags") { _ in Self.tags(["llama3.2:latest", "gemma3:270m"]) }
        #expect(await backend(server).availability() == .available)
    }

    @Test func untaggedModelMatchesLatest() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("GET", "/api/tags") { _ in Self.tags(["gemma3:latest"]) }
        #expect(await backend(server, model: "gemma3").availability() == .available)
    }

    @Test func modelNotListedIsModelMissing() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("GET", "/api/tags") { _ in Self.tags(["gemma3:1b", "llama3.2:latest"]) }
        guard case .unavailable(let reason) = await backend(server).availability() else {
            Issue.record("a missing model is available")
            return
        }
        #expect(reason.code == .modelMissing)
        #expect(reason.message.contains("ollama pull gemma3:270m"))
    }

    @Test func noModelsAtAllIsModelMissing() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("GET", "/api/tags") { _ in .json(#"{"models":[]}"#) }
        guard case .unavailable(let reason) = await backend(server).availability() else {
            Issue.record("an empty server is available")
            return
        }
        #expect(reason.code == .modelMissing)
    }

    @Test func connectionRefusedIsUnreachable() async throws {
        let backend = OllamaBackend(name: "o", baseURL: try closedPortURL(), model: "gemma3:270m")
        guard case .unavailable(let reason) = await backend.availability() else {
            Issue.record("a closed port is available")
            return
        }
        #expect(reason.code == .unreachable)
    }

    // MARK: Request body

    func sentBody(_ request: BackendRequest) async throws -> GeneratedContent {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("POST", "/api/generate") { _ in Self.generate(Self.validSteps) }
        _ = try await backend(server).respond(to: request)
        let requests = server.requests(to: "/api/generate")
        try #require(requests.count == 1)
        return try requests[0].json()
    }

    @Test func bodyHasTheSchemaAsFormatRawPromptAndOptions() async throws {
        let body = try await sentBody(
            Self.stepsRequest(
                GenerationOptions(
                    sampling: .random(top: 40, seed: 42), temperature: 0.7,
                    maximumResponseTokens: 250)))
        #expect(body["model"]?.stringValue == "gemma3:270m")
        #expect(body["raw"]?.boolValue == true)
        // Streamed on the wire even for respond(to:): the idle timeout needs a reply that shows progress.
        #expect(body["stream"]?.boolValue == true)
        let format = try #require(body["format"])
        #expect(format == StepSuggestions.generationSchema.serverSchema(.plain).document)
        #expect(format["type"]?.stringValue == "object")
        #expect(format.value(at: ["properties", "steps", "minItems"])?.intValue == 3)
        #expect(format.value(at: ["properties", "steps", "maxItems"])?.intValue == 3)
        #expect(format.value(at: ["properties", "steps", "items", "maxLength"])?.intValue == 100)
        #expect(format["required"] == ["steps"])
        let options = try #require(body["options"])
        #expect(options["num_predict"]?.intValue == 250)
        #expect(options["seed"]?.intValue == 42)
        #expect(options["top_k"]?.intValue == 40)
        #expect(options["temperature"]?.doubleValue == 0.7)
        let prompt = try #require(body["prompt"]?.stringValue)
        #expect(prompt == CompletionPrompt.render(Self.stepsRequest()))
        #expect(prompt.hasSuffix("Input: Goal: learn to swim.\nOutput:"))
    }

    @Test func greedyIsTopK1AndTemperature0WithoutSeed() async throws {
        let options = try #require(
            try await sentBody(Self.stepsRequest(GenerationOptions(sampling: .greedy)))["options"])
        #expect(options["top_k"]?.intValue == 1)
        #expect(options["temperature"]?.doubleValue == 0)
        #expect(options["seed"] == nil)
        #expect(options["num_predict"]?.intValue == 512)
    }

    @Test func topPWithoutSeedSendsNoSeed() async throws {
        let options = try #require(
            try await sentBody(Self.stepsRequest(GenerationOptions(sampling: .random(probabilityThreshold: 0.9))))[
                "options"])
        #expect(options["top_p"]?.doubleValue == 0.9)
        #expect(options["seed"] == nil)
        #expect(options["top_k"] == nil)
    }

    @Test func freeTextSendsNoFormat() async throws {
        let body = try await sentBody(BackendRequest(prompt: "Say hi"))
        #expect(body["format"] == nil)
    }

    // MARK: Responses

    @Test func validOutputIsDecoded() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("POST", "/api/generate") { _ in Self.generate(Self.validSteps) }
        let response = try await backend(server).respond(to: Self.stepsRequest())
        #expect(
            try StepSuggestions(response.content).steps == [
                "Swim in the sea for 30 minutes", "Learn to float", "Go to the pool at 7",
            ])
        #expect(response.stopReason == .endOfSequence)
        #expect(response.tokensGenerated == 30)
        #expect(response.promptTokens == 26)
        #expect(response.tokensPerSecond == 30)
    }

    @Test func doneReasonLengthIsTruncated() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("POST", "/api/generate") { _ in
            Self.generate(#"{"steps": ["Swim in the sea", "Le"#, doneReason: "length")
        }
        let error = try #require(await backendError { try await backend(server).respond(to: Self.stepsRequest()) })
        #expect(error.code == .truncated)
        #expect(error.excerpt == #"{"steps": ["Swim in the sea", "Le"#)
    }

    @Test func outputBreakingTheSchemaIsInvalidOutput() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("POST", "/api/generate") { _ in Self.generate(#"{"steps": ["Swim"]}"#) }
        let error = try #require(await backendError { try await backend(server).respond(to: Self.stepsRequest()) })
        #expect(error.code == .invalidOutput)
        #expect(!error.violations.isEmpty)
    }

    @Test func unknownModel404IsUnavailable() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("POST", "/api/generate") { _ in .json(status: 404, #"{"error":"model 'gemma3:270m' not found"}"#) }
        let error = try #require(await backendError { try await backend(server).respond(to: Self.stepsRequest()) })
        #expect(error.code == .unavailable)
        #expect(error.message.contains("model 'gemma3:270m' not found"))
    }

    @Test func status500IsHTTPStatus() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("POST", "/api/generate") { _ in
            .json(status: 500, #"{"error":"llama runner process has terminated"}"#)
        }
        let error = try #require(await backendError { try await backend(server).respond(to: Self.stepsRequest()) })
        #expect(error.code == .httpStatus)
    }

    // MARK: NDJSON streaming

    static func line(_ piece: String) -> String {
        #"{"model":"gemma3:270m","created_at":"2025-08-14T10:00:01.1Z","response":\#(jsonString(piece)),"done":false}"#
    }

    static func finalLine(doneReason: String = "stop") -> String {
        #"""
        {"model":"gemma3:270m","created_at":"2025-08-14T10:00:01.9Z","response":"","done":true,"done_reason":"\#(doneReason)",\#
        "context":[105,2364],"total_duration":900000000,"load_duration":5000000,"prompt_eval_count":26,\#
        "prompt_eval_duration":100000000,"eval_count":5,"eval_duration":500000000}
        """#
    }

    static let pieces = [
        #"{""#, #"steps": [""#, #"Swim in the sea for 30 minutes", ""#, #"Learn to float", ""#,
        #"Go to the pool at 7"]}"#,
    ]

    @Test func ndjsonStreamGivesGrowingSnapshotsThenTheValidatedResponse() async throws {
        #expect(Self.pieces.joined() == Self.validSteps)
        let server = try StubHTTPServer()
        defer { server.stop() }
        let lines = Self.pieces.map(Self.line) + [Self.finalLine()]
        server.route("POST", "/api/generate") { _ in .ndjson(lines, delay: .milliseconds(5)) }
        let result = await collect(backend(server).streamResponse(to: Self.stepsRequest()))
        #expect(result.error == nil, "\(String(describing: result.error))")
        #expect(result.partials.count == Self.pieces.count)
        #expect(isGrowing(result.partials))
        let response = try #require(result.final)
        #expect(response.text == Self.validSteps)
        #expect(try StepSuggestions(response.content).steps.count == 3)
        #expect(response.tokensPerSecond == 10)
        #expect(try server.requests(to: "/api/generate").first?.json()["stream"]?.boolValue == true)
    }

    @Test func ndjsonStreamCutBeforeDoneThrows() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        let lines = Self.pieces.map(Self.line)
        server.route("POST", "/api/generate") { _ in
            .cut(
                status: 200, headers: [StubHeader("Content-Type", "application/x-ndjson")],
                chunks: lines.map { StubChunk($0 + "\n") }, declaredLength: nil)
        }
        let result = await collect(backend(server).streamResponse(to: Self.stepsRequest()))
        #expect(result.final == nil)
        #expect(result.error != nil)
        #expect(result.backendError != nil, "stream errors are BackendErrors: \(String(describing: result.error))")
    }

    @Test func ndjsonStreamEndingWithoutDoneThrows() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("POST", "/api/generate") { _ in .ndjson(Self.pieces.map(Self.line), delay: .zero) }
        let result = await collect(backend(server).streamResponse(to: Self.stepsRequest()))
        #expect(result.final == nil)
        #expect(result.backendError?.code == .transport)
    }

    @Test func ndjsonStreamDoneWithLengthIsTruncated() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        let lines = Self.pieces.prefix(3).map(Self.line) + [Self.finalLine(doneReason: "length")]
        server.route("POST", "/api/generate") { _ in .ndjson(lines, delay: .zero) }
        let result = await collect(backend(server).streamResponse(to: Self.stepsRequest()))
        #expect(result.final == nil)
        #expect(result.backendError?.code == .truncated)
    }
}
