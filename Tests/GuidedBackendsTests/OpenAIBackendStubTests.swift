import Guided
import GuidedJSON
import GuidedOpenAI
import GuidedServerBackends
import GuidedTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `openai-compatible` against a stub with the Chat Completions shapes: strict
/// `response_format`, the API key from an environment variable (and never in an error),
/// no top-k, strict-mode nulls for absent optionals, SSE ending in `[DONE]`.
@Suite struct OpenAIBackendStubTests {
    /// An environment variable with a unique name holding a random secret. It is set once per
    /// process (setenv racing getenv on other threads is unsafe) and never unset.
    struct Secret: Sendable {
        let variable: String
        let key: String

        init() {
            let token = UInt64.random(in: 1...UInt64.max)
            variable = "GUIDED_TEST_OPENAI_KEY_\(token)"
            key = "sk-test-\(String(token, radix: 36))-SECRET"
            setenv(variable, key, 1)
        }
    }

    static let secret = Secret()

    static func request(_ options: GenerationOptions = GenerationOptions(maximumResponseTokens: 200)) throws
        -> BackendRequest
    {
        BackendRequest(
            prompt: "Plan a pool day.", instructions: "Answer in JSON.", schema: try titleAndOptionalNoteSchema(),
            options: options)
    }

    /// A non-stream chat completion answer.
    static func completion(_ content: String, finishReason: String = "stop") -> StubResponse {
        .json(
            #"""
            {"id":"chatcmpl-7","object":"chat.completion","created":1764470400,"model":"x","system_fingerprint":"b0-unknown",\#
            "choices":[{"index":0,"message":{"role":"assistant","content":\#(jsonString(content))},"finish_reason":"\#(finishReason)"}],\#
            "usage":{"completion_tokens":12,"prompt_tokens":30,"total_tokens":42}}
            """#)
    }

    func backend(_ server: StubHTTPServer, key variable: String? = nil) -> OpenAICompatibleBackend {
        OpenAICompatibleBackend(
            name: "v1", baseURL: server.baseURL + "/v1", model: "x", apiKeyVariable: variable, timeout: .seconds(10))
    }

    func sentBody(_ request: BackendRequest) async throws -> GeneratedContent {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("POST", "/v1/chat/completions") { _ in Self.completion(#"{"title":"Pool day","note":null}"#) }
        _ = try await backend(server).respond(to: request)
        let requests = server.requests(to: "/v1/chat/completions")
        try #require(requests.count == 1)
        return try requests[0].json()
    }

    /// `type: [T, "null"]` or `anyOf` with a `{"type": "null"}` branch.
    static func isNullable(_ schema: GeneratedContent?) -> Bool {
        guard let schema else { return false }
        if let types = schema["type"]?.arrayValue { return types.contains("null") }
        if let branches = schema["anyOf"]?.arrayValue { return branches.contains { $0["type"]?.stringValue == "null" } }
        return false
    }

    // MARK: Request body

    @Test func responseFormatIsStrictJSONSchemaWithEveryPropertyRequired() async throws {
        let body = try await sentBody(try Self.request())
        let format = try #require(body["response_format"])
        #expect(format["type"]?.stringValue == "json_schema")
        #expect(format.value(at: ["json_schema", "strict"])?.boolValue == true)
        #expect(format.value(at: ["json_schema", "name"])?.stringValue?.isEmpty == false)
        let schema = try #require(
            format.value(at: ["json_schema", "schema"]),
            "the schema sits under json_schema.schema, where servers read it")
        #expect(format["schema"] == nil, "a top-level response_format.schema is silently ignored by llama-server")
        #expect(schema["type"]?.stringValue == "object")
        #expect(schema["additionalProperties"]?.boolValue == false)
        let required = Set(try #require(schema["required"]?.arrayValue).compactMap(\.stringValue))
        #expect(required == ["title", "note"])
        #expect(Self.isNullable(schema.value(at: ["properties", "note"])), "the optional property is nullable")
        #expect(!Self.isNullable(schema.value(at: ["properties", "title"])), "the required property is not")
    }

    @Test func messagesAndSamplingAreSent() async throws {
        let body = try await sentBody(
            try Self.request(
                GenerationOptions(sampling: .random(probabilityThreshold: 0.9, seed: 5), maximumResponseTokens: 150)))
        #expect(body["model"]?.stringValue == "x")
        #expect(body["max_tokens"]?.intValue == 150)
        #expect(body["top_p"]?.doubleValue == 0.9)
        #expect(body["seed"]?.intValue == 5)
        // Streamed on the wire even for respond(to:): the idle timeout needs a reply that shows progress.
        #expect(body["stream"]?.boolValue == true)
        let messages = try #require(body["messages"]?.arrayValue)
        #expect(messages.map { $0["role"]?.stringValue } == ["system", "user"])
        // The instructions are the system turn and are recalled at the end of the last user turn (ChatPrompt).
        #expect(messages.last?["content"]?.stringValue == "Plan a pool day.\n\n(Remember: Answer in JSON.)")
    }

    @Test func greedyIsTemperature0() async throws {
        let body = try await sentBody(try Self.request(GenerationOptions(sampling: .greedy)))
        #expect(body["temperature"]?.doubleValue == 0)
        #expect(body["seed"] == nil)
        #expect(body["top_k"] == nil)
    }

    @Test func topKIsUnsupportedAndNothingIsSent() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("POST", "/v1/chat/completions") { _ in Self.completion(#"{"title":"x","note":null}"#) }
        let backend = backend(server)
        #expect(backend.capabilities.topK == false)
        let error = try #require(
            await backendError {
                try await backend.respond(to: try Self.request(GenerationOptions(sampling: .random(top: 40, seed: 1))))
            })
        #expect(error.code == .unsupportedOption)
        let streamed = await collect(
            backend.streamResponse(to: try Self.request(GenerationOptions(sampling: .random(top: 40)))))
        #expect(streamed.backendError?.code == .unsupportedOption)
        // Only the dialect probe (`/models`, which this stub does not serve) went out.
        #expect(server.requests.allSatisfy { $0.method == "GET" }, "sent: \(server.requests.map(\.path))")
    }

    // MARK: API key

    @Test func authorizationCarriesTheKeyFromTheNamedVariable() async throws {
        let secret = Self.secret
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("GET", "/v1/models") { _ in
            .json(#"{"object":"list","data":[{"id":"x","object":"model","created":1764470400,"owned_by":"someone"}]}"#)
        }
        server.route("POST", "/v1/chat/completions") { _ in Self.completion(#"{"title":"Pool day","note":null}"#) }
        let backend = backend(server, key: secret.variable)
        #expect(await backend.availability() == .available)
        _ = try await backend.respond(to: try Self.request())
        // The dialect probes (a model owned by no engine's name) carry the key as well.
        #expect(
            server.requests.map(\.path) == [
                "/v1/models", "/info", "/server_info", "/get_server_info", "/version", "/v1/chat/completions",
            ])
        for request in server.requests {
            #expect(request.header("Authorization") == "Bearer \(secret.key)", "\(request.path)")
        }
    }

    @Test func noKeyVariableSendsNoAuthorization() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("POST", "/v1/chat/completions") { _ in Self.completion(#"{"title":"Pool day","note":null}"#) }
        _ = try await backend(server).respond(to: try Self.request())
        #expect(server.requests.first?.header("Authorization") == nil)
    }

    @Test func keyNeverAppearsInErrors() async throws {
        let secret = Self.secret
        let server = try StubHTTPServer()
        defer { server.stop() }
        let backend = backend(server, key: secret.variable)

        server.route("POST", "/v1/chat/completions") { _ in
            .json(status: 500, #"{"error":{"code":500,"message":"upstream failed","type":"server_error"}}"#)
        }
        let status = try #require(await backendError { try await backend.respond(to: try Self.request()) })
        #expect(status.code == .httpStatus)

        server.route("POST", "/v1/chat/completions") { _ in Self.completion(#"{"title":"","note":7}"#) }
        let invalid = try #require(await backendError { try await backend.respond(to: try Self.request()) })
        #expect(invalid.code == .invalidOutput)

        server.route("POST", "/v1/chat/completions") { _ in .text(status: 200, "not json") }
        let malformed = try #require(await backendError { try await backend.respond(to: try Self.request()) })
        #expect(malformed.code == .malformedResponse)

        for error in [status, invalid, malformed] {
            #expect(!error.description.contains(secret.key), "\(error.description)")
            #expect(!error.description.contains(String(secret.key.dropFirst(3).prefix(12))), "\(error.description)")
        }
        #expect(server.requests.allSatisfy { $0.header("Authorization") == "Bearer \(secret.key)" })
    }

    @Test func keyEchoedByTheServerIsRedactedFromErrors() async throws {
        let secret = Self.secret
        let server = try StubHTTPServer()
        defer { server.stop() }
        // Some servers repeat the credential they were given in their error message.
        server.route("POST", "/v1/chat/completions") { request in
            let sent = request.header("Authorization") ?? ""
            return .json(
                status: 401,
                #"{"error":{"code":401,"message":"Incorrect API key provided: \#(sent)","type":"invalid_request_error"}}"#
            )
        }
        let error = try #require(
            await backendError { try await backend(server, key: secret.variable).respond(to: try Self.request()) })
        #expect(error.code == .httpStatus)
        #expect(error.message.contains("Incorrect API key provided"))
        #expect(!error.description.contains(secret.key), "\(error.description)")
    }

    @Test func unsetKeyVariableIsMisconfigured() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        let variable = "GUIDED_TEST_UNSET_\(UInt64.random(in: 1...UInt64.max))"
        let backend = backend(server, key: variable)
        guard case .unavailable(let reason) = await backend.availability() else {
            Issue.record("an unset key variable is available")
            return
        }
        #expect(reason.code == .misconfigured)
        #expect(reason.message.contains(variable))
        let error = try #require(await backendError { try await backend.respond(to: try Self.request()) })
        #expect(error.code == .unavailable)
        #expect(server.requests.isEmpty, "nothing is sent without the key")
    }

    @Test func rejectedKeyIsMisconfigured() async throws {
        let secret = Self.secret
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("GET", "/v1/models") { _ in
            .json(status: 401, #"{"error":{"code":401,"message":"Invalid API Key","type":"authentication_error"}}"#)
        }
        guard case .unavailable(let reason) = await backend(server, key: secret.variable).availability() else {
            Issue.record("a rejected key is available")
            return
        }
        #expect(reason.code == .misconfigured)
    }

    // MARK: Responses

    @Test func strictNullForAnAbsentOptionalIsRemovedBeforeValidation() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("POST", "/v1/chat/completions") { _ in Self.completion(#"{"title":"Pool day","note":null}"#) }
        let response = try await backend(server).respond(to: try Self.request())
        #expect(response.content["title"]?.stringValue == "Pool day")
        #expect(response.content["note"] == nil, "null stood for an absent property")
        #expect(response.content.properties?.map(\.name) == ["title"])
        #expect(response.text == #"{"title":"Pool day","note":null}"#)
        #expect(response.stopReason == .endOfSequence)
        #expect(response.tokensGenerated == 12)
        #expect(response.promptTokens == 30)
    }

    @Test func presentOptionalIsKept() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("POST", "/v1/chat/completions") { _ in
            Self.completion(#"{"title":"Pool day","note":"bring a towel"}"#)
        }
        let response = try await backend(server).respond(to: try Self.request())
        #expect(response.content["note"]?.stringValue == "bring a towel")
    }

    @Test func nullForARequiredPropertyIsStillInvalid() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("POST", "/v1/chat/completions") { _ in Self.completion(#"{"title":null,"note":null}"#) }
        let error = try #require(await backendError { try await backend(server).respond(to: try Self.request()) })
        #expect(error.code == .invalidOutput)
        #expect(error.violations.contains { $0.pointer == JSONPointer(tokens: ["title"]) })
    }

    @Test func finishReasonLengthIsTruncated() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("POST", "/v1/chat/completions") { _ in Self.completion(#"{"title":"Pool"#, finishReason: "length")
        }
        let error = try #require(await backendError { try await backend(server).respond(to: try Self.request()) })
        #expect(error.code == .truncated)
    }

    // MARK: SSE streaming

    static func chunk(delta: String, finishReason: String? = nil) -> String {
        let reason = finishReason.map { "\"\($0)\"" } ?? "null"
        return
            #"data: {"id":"chatcmpl-7","object":"chat.completion.chunk","created":1764470400,"model":"x","system_fingerprint":"b0-unknown","choices":[{"index":0,"delta":\#(delta),"finish_reason":\#(reason)}]}"#
            + "\n\n"
    }

    static let pieces = [#"{"title":"#, #""Pool "#, #"day","note""#, #":null}"#]

    static var streamChunks: [String] {
        [chunk(delta: #"{"role":"assistant","content":null}"#)]
            + pieces.map { chunk(delta: #"{"content":\#(jsonString($0))}"#) }
            + [chunk(delta: "{}", finishReason: "stop")]
    }

    @Test func sseStreamEndingInDoneGivesSnapshotsThenTheValidatedResponse() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        let chunks = Self.streamChunks + ["data: [DONE]\n\n"]
        server.route("POST", "/v1/chat/completions") { _ in .sse(chunks, delay: .milliseconds(5)) }
        let result = await collect(backend(server).streamResponse(to: try Self.request()))
        #expect(result.error == nil, "\(String(describing: result.error))")
        #expect(result.partials.count == Self.pieces.count)
        #expect(isGrowing(result.partials))
        let response = try #require(result.final)
        #expect(response.text == Self.pieces.joined())
        #expect(response.content["title"]?.stringValue == "Pool day")
        #expect(response.content["note"] == nil)
        #expect(response.stopReason == .endOfSequence)
        #expect(try server.requests(to: "/v1/chat/completions").first?.json()["stream"]?.boolValue == true)
    }

    @Test func sseStreamCutBeforeDoneThrows() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("POST", "/v1/chat/completions") { _ in
            .cut(
                status: 200, headers: [StubHeader("Content-Type", "text/event-stream")],
                chunks: Self.streamChunks.map { StubChunk($0) }, declaredLength: nil)
        }
        let result = await collect(backend(server).streamResponse(to: try Self.request()))
        #expect(result.final == nil)
        #expect(result.error != nil)
        #expect(result.backendError != nil, "stream errors are BackendErrors: \(String(describing: result.error))")
    }

    @Test func sseStreamEndingCleanlyWithoutDoneThrows() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        let chunks = Self.streamChunks
        server.route("POST", "/v1/chat/completions") { _ in .sse(chunks, delay: .zero) }
        let result = await collect(backend(server).streamResponse(to: try Self.request()))
        #expect(result.final == nil)
        #expect(result.backendError?.code == .transport)
    }
}

@Suite struct OpenAIPromptRenderingTests {
    @Test func examplesBecomeTurnsAndGroundingPrecedesThePrompt() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("POST", "/v1/chat/completions") { _ in
            .json(#"{"choices":[{"message":{"content":"{\"text\":\"ok\"}"},"finish_reason":"stop"}]}"#)
        }
        let backend = OpenAICompatibleBackend(
            name: "v1", baseURL: server.baseURL + "/v1", model: "m", apiKeyVariable: nil)
        let schema = try GenerationSchema.fromJSONSchema([
            "type": "object", "properties": ["text": ["type": "string"]], "required": ["text"],
        ]).schema
        _ = try await backend.respond(
            to: BackendRequest(
                prompt: "Rewrite it", instructions: "Be plain.", schema: schema,
                grounding: ["parcel arrives Friday"],
                examples: [.init(input: "Rewrite: late", output: ["text": "It is late."])]))
        let body = try JSONReader.parse(bytes: try #require(server.requests.last).body)
        let messages = try #require(body["messages"]?.arrayValue)
        #expect(messages.map { $0["role"]?.stringValue ?? "" } == ["system", "user", "assistant", "user"])
        #expect(messages[2]["content"] == #"{"text":"It is late."}"#)
        #expect(messages[0]["content"] == "Be plain.\nAnswer in JSON.")
        #expect(messages[3]["content"] == "Facts:\n- parcel arrives Friday\n\nRewrite it\n\n(Remember: Be plain.)")
    }
}
