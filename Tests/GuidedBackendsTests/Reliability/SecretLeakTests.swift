import Guided
import GuidedHTTP
import GuidedJSON
import GuidedLlamaServer
import GuidedOllama
import GuidedOpenAI
import GuidedTestSupport
import Testing

/// Issue 12's secret leaks, each reproduced: a key in an error body past the excerpt's cut, a key
/// echoed token by token into generated text (partial snapshots and the validated output), and
/// `user:password@` in backend URLs for every kind.
@Suite struct SecretLeakTests {
    static let secret = OpenAIBackendStubTests.secret

    /// Every 8-character piece of `secret`: text holding any of them leaks part of it.
    static func leaks(_ text: String, _ secret: String) -> Bool {
        let characters = Array(secret)
        return (0...(characters.count - 8)).contains { text.contains(String(characters[$0..<($0 + 8)])) }
    }

    func backend(_ server: StubHTTPServer) -> OpenAICompatibleBackend {
        OpenAICompatibleBackend(
            name: "v1", baseURL: server.baseURL + "/v1", model: "x", apiKeyVariable: Self.secret.variable,
            timeout: .seconds(10))
    }

    @Test(arguments: [150, 175, 180, 190, 195, 199, 205])
    func keyInAnErrorBodyPastTheExcerptCutNeverLeaks(padding: Int) async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        let body = String(repeating: "x", count: padding) + " key " + Self.secret.key + " rejected"
        server.route("POST", "/v1/chat/completions") { _ in .text(status: 500, body) }
        let error = try #require(
            await backendError { try await backend(server).respond(to: try OpenAIBackendStubTests.request()) })
        #expect(error.code == .httpStatus)
        #expect(!Self.leaks(error.description, Self.secret.key), "\(error.description)")
    }

    @Test func keyEchoedTokenByTokenNeverAppearsInSnapshotsOrOutput() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        let key = Array(Self.secret.key)
        let keyPieces = stride(from: 0, to: key.count, by: 3).map { String(key[$0..<min($0 + 3, key.count)]) }
        let pieces = [#"{"title":"my key is "#] + keyPieces + [#" ok","note":null}"#]
        let chunks =
            [OpenAIBackendStubTests.chunk(delta: #"{"role":"assistant","content":null}"#)]
            + pieces.map { OpenAIBackendStubTests.chunk(delta: #"{"content":\#(jsonString($0))}"#) }
            + [OpenAIBackendStubTests.chunk(delta: "{}", finishReason: "stop"), "data: [DONE]\n\n"]
        server.route("POST", "/v1/chat/completions") { _ in .sse(chunks, delay: .milliseconds(1)) }
        let streamed = await collect(backend(server).streamResponse(to: try OpenAIBackendStubTests.request()))
        let response = try #require(streamed.final, "\(String(describing: streamed.error))")
        #expect(!streamed.partials.isEmpty)
        for partial in streamed.partials {
            #expect(!Self.leaks(partial, Self.secret.key) && !partial.hasSuffix(String(key.prefix(3))), "\(partial)")
        }
        #expect(response.content["title"]?.stringValue == "my key is [redacted] ok")
        #expect(!Self.leaks(response.text, Self.secret.key))
    }

    @Test func keyEchoedIntoANonStreamedOutputIsRedactedBeforeValidation() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("POST", "/v1/chat/completions") { _ in
            OpenAIBackendStubTests.completion(#"{"title":"\#(Self.secret.key)","note":null}"#)
        }
        let response = try await backend(server).respond(to: try OpenAIBackendStubTests.request())
        #expect(response.content["title"]?.stringValue == "[redacted]")
    }

    static let kinds = ["llama-server", "ollama", "openai-compatible"]

    @Test(arguments: kinds)
    func passwordInABackendURLIsNeverPrinted(kind: String) async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        let authority = server.baseURL.replacing("http://", with: "http://reader:hunter2-\(kind)@")
        let url = kind == "openai-compatible" ? authority + "/v1" : authority
        let model = kind == "llama-server" ? "" : #","model":"m""#
        let document = try JSONReader.parse(#"{"backends":[{"name":"b","kind":"\#(kind)","url":"\#(url)"\#(model)}]}"#)
        let backend = try #require(try GuidedConfiguration.from(document, registry: .standard()).backends.first)
        let availability = "\(await backend.availability())"
        let failure = try #require(
            await backendError { try await backend.respond(to: try OpenAIBackendStubTests.request()) })
        for text in [availability, failure.description] {
            #expect(!text.contains("hunter2") && !text.contains("reader:"), "\(text)")
        }
        let sent = try #require(server.requests.first)
        #expect(sent.header("Authorization")?.hasPrefix("Basic ") == true)
    }

    @Test func basicCredentialsAreEncodedAsLibcurlWould() {
        // RFC 7617's example.
        #expect(
            URLCredentials("http://Aladdin:open%20sesame@h:1/x").authorization
                == HTTPHeader("Authorization", "Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ=="))
        #expect(URLCredentials("http://Aladdin:open%20sesame@h:1/x").url == "http://h:1/x")
        #expect(URLCredentials("http://h:1/x").authorization == nil)
    }
}
