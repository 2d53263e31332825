import Guided
import GuidedHTTP
import GuidedJSON
import GuidedOllama
import GuidedOpenAI
import GuidedServerBackends
import GuidedTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 23's secret findings, each reproduced: redaction that cost the square of a long secret's
/// length per streamed token, a key the server or the model wrote JSON-escaped coming out decoded,
/// and a URL password with an unencoded `/` or `#` printed whole.
@Suite struct RedactionProbeTests {
    /// A 4 KB bearer token in an environment variable of its own (set once per process).
    static let longKey: (variable: String, key: String) = {
        let token = UInt64.random(in: 1...UInt64.max)
        let variable = "GUIDED_TEST_LONG_KEY_\(token)"
        let key = "sk-" + String(repeating: String(token, radix: 36), count: 4096 / 13 + 1).prefix(4093)
        setenv(variable, key, 1)
        return (variable, key)
    }()

    /// `text` spelled with a JSON `\uXXXX` escape for every character (ASCII text).
    static func escaped(_ text: String) -> String {
        text.unicodeScalars.map {
            "\\u" + String(repeating: "0", count: 4 - String($0.value, radix: 16).count) + String($0.value, radix: 16)
        }
        .joined()
    }

    // MARK: Linear redaction

    @Test(.timeLimit(.minutes(1)))
    func aStreamOf2000TokensWithA4KBKeyIsRedactedWithinTheHangGuard() async throws {
        // Before: every token re-redacted the whole text and tried each of the key's 4096 prefixes
        // against its end, ~50 ms a token with this key, so 2000 tokens took well over a minute.
        let server = try StubHTTPServer()
        defer { server.stop() }
        let pieces = [#"{"title":""#] + Array(repeating: "word ", count: 2000) + [#"","note":null}"#]
        let chunks =
            pieces.map { OpenAIBackendStubTests.chunk(delta: #"{"content":\#(jsonString($0))}"#) }
            + [OpenAIBackendStubTests.chunk(delta: "{}", finishReason: "stop"), "data: [DONE]\n\n"]
        server.route("POST", "/v1/chat/completions") { _ in .sse(chunks, delay: .zero) }
        let backend = OpenAICompatibleBackend(
            name: "v1", baseURL: server.baseURL + "/v1", model: "x", apiKeyVariable: Self.longKey.variable,
            timeout: .seconds(50))
        let streamed = await collect(backend.streamResponse(to: try OpenAIBackendStubTests.request()))
        let response = try #require(streamed.final, "\(String(describing: streamed.error))")
        // Every piece is redacted as it comes; a consumer that is behind sees the newest snapshots
        // (BackendStreaming.bufferedEvents), the last holding the whole text.
        #expect((1...pieces.count).contains(streamed.partials.count))
        #expect(streamed.partials.last?.hasSuffix(#"","note":null}"#) == true)
        #expect(response.content["title"]?.stringValue == String(repeating: "word ", count: 2000))
    }

    @Test func aStreamShowsWhatRedactingTheWholeTextShowsHoldingBackOnlyAPossibleSecretStart() {
        let redactor = SecretRedactor(secrets: ["hunter2-secret", "reader:hunter2-secret", "abcabcab"])
        let text = "key hunter2-secret, pair reader:hunter2-secret, abcabcabcabcab end abcab"
        let whole = redactor.redact(text)
        #expect(whole == "key [redacted], pair [redacted], [redacted] end abcab")
        for size in [1, 2, 3, 5, 8, 13] {
            var stream = SecretRedactor.Stream(redactor)
            var shown: [String] = []
            var start = text.startIndex
            while start < text.endIndex {
                let end = text.index(start, offsetBy: size, limitedBy: text.endIndex) ?? text.endIndex
                stream.append(String(text[start..<end]))
                shown.append(stream.shown)
                start = end
            }
            #expect(stream.finish() == whole, "pieces of \(size)")
            #expect(shown.allSatisfy { whole.hasPrefix($0) }, "pieces of \(size)")
            #expect(!shown.contains { $0.hasSuffix("hunter") || $0.hasSuffix("abcab") }, "pieces of \(size)")
        }
    }

    @Test func aSecretOfRepeatedCharactersInALongRunIsOneRedaction() {
        let redactor = SecretRedactor(secrets: ["aaaaaaaa"])
        #expect(redactor.redact("x" + String(repeating: "a", count: 100_000) + "y") == "x[redacted]y")
        #expect(redactor.redact("aaaaaaa") == "aaaaaaa")
    }

    // MARK: Decoded text

    @Test func aKeyTheModelWritesEscapedInItsJSONComesOutRedacted() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        let key = OpenAIBackendStubTests.secret.key
        server.route("POST", "/v1/chat/completions") { _ in
            OpenAIBackendStubTests.completion(#"{"title":"key \#(Self.escaped(key)) ok","note":null}"#)
        }
        let backend = OpenAICompatibleBackend(
            name: "v1", baseURL: server.baseURL + "/v1", model: "x",
            apiKeyVariable: OpenAIBackendStubTests.secret.variable, timeout: .seconds(10))
        let response = try await backend.respond(to: try OpenAIBackendStubTests.request())
        #expect(response.content == ["title": "key [redacted] ok"])
    }

    @Test func aKeyTheServerWritesEscapedInAWholeReplyComesOutRedacted() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        let key = OpenAIBackendStubTests.secret.key
        // The server's own JSON escapes the text: decoding the reply spells the key.
        let body =
            #"{"choices":[{"index":0,"message":{"role":"assistant","content":"{\"title\":\"\#(Self.escaped(key))\",\"note\":null}"},"finish_reason":"stop"}]}"#
        server.route("POST", "/v1/chat/completions") { _ in .json(body) }
        let backend = OpenAICompatibleBackend(
            name: "v1", baseURL: server.baseURL + "/v1", model: "x",
            apiKeyVariable: OpenAIBackendStubTests.secret.variable, timeout: .seconds(10))
        let response = try await backend.respond(to: try OpenAIBackendStubTests.request())
        #expect(response.content == ["title": "[redacted]"])
        #expect(!response.text.contains(key))
    }

    @Test func aBasicTokenTheModelWritesEscapedInAStreamComesOutRedacted() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        let token = "cmVhZGVyOmh1bnRlcjItYmFzaWM=" // Base64 of reader:hunter2-basic
        let pieces = [#"{"title":"#, #""\#(Self.escaped(token))""#, "}"]
        let lines = pieces.map(OllamaBackendStubTests.line) + [OllamaBackendStubTests.finalLine()]
        server.route("POST", "/api/generate") { _ in .ndjson(lines, delay: .zero) }
        let url = server.baseURL.replacing("http://", with: "http://reader:hunter2-basic@")
        let backend = OllamaBackend(name: "o", baseURL: url, model: "m", timeout: .seconds(10))
        let response = try await backend.respond(to: try OpenAIBackendStubTests.request())
        #expect(response.content == ["title": "[redacted]"])
    }

    @Test func aKeyTheModelStreamsEscapedNeverDecodesOutOfAPartialSnapshot() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        let key = OpenAIBackendStubTests.secret.key
        let escaped = Self.escaped(key)
        // Cut inside escapes, so a piece ends with half of one.
        let model = #"{"title":"key "# + escaped + #" ok","note":null}"#
        let pieces = stride(from: 0, to: model.count, by: 5).map {
            String(Array(model)[$0..<min($0 + 5, model.count)])
        }
        let chunks =
            pieces.map { OpenAIBackendStubTests.chunk(delta: #"{"content":\#(jsonString($0))}"#) }
            + [OpenAIBackendStubTests.chunk(delta: "{}", finishReason: "stop"), "data: [DONE]\n\n"]
        server.route("POST", "/v1/chat/completions") { _ in .sse(chunks, delay: .zero) }
        let backend = OpenAICompatibleBackend(
            name: "v1", baseURL: server.baseURL + "/v1", model: "x",
            apiKeyVariable: OpenAIBackendStubTests.secret.variable, timeout: .seconds(10))
        let streamed = await collect(backend.streamResponse(to: try OpenAIBackendStubTests.request()))
        #expect(streamed.final?.content == ["title": "key [redacted] ok"])
        // What a session's typed snapshot decodes each partial to (PartialResponse.rawContent).
        let decoded = streamed.partials.map { text -> GeneratedContent? in
            switch PartialJSON.parse(text) {
            case .complete(let value): value
            case .incomplete(let value): value
            case .invalid: nil
            }
        }
        for value in decoded {
            #expect(!(value?.jsonText().contains(key) ?? false), "\(String(describing: value))")
        }
        #expect(decoded.last??["title"]?.stringValue == "key [redacted] ok")
    }

    @Test func foldingSpellsOutNeedlessEscapesOnlyAndHoldsACutOne() {
        var folding = JSONEscapeFolding()
        let pieces = [#"a\u00"#, #"73 \/ \\u0073 \u0022 \u000a \n \ud83d"#, #"\"#, "u0041"]
        #expect(pieces.map { folding.append($0) } == ["a", #"s / \\u0073 \u0022 \u000a \n \ud83d"#, "", "A"])
    }

    // MARK: URL passwords that break the URL

    @Test(arguments: ["pa/hunter2-x", "pa#hunter2-x", "pa?hunter2-x", "pa/hun@ter2-x"])
    func aURLPasswordWithAnUnencodedDelimiterIsTakenOutOfTheURL(password: String) {
        let credentials = URLCredentials("http://user:\(password)@127.0.0.1:9/v1")
        #expect(credentials.url == "http://127.0.0.1:9/v1")
        #expect(credentials.secrets.contains(password))
        let error = HTTPError(code: .invalidURL, url: "http://user:\(password)@127.0.0.1:9/v1", message: "bad")
        #expect(error.description == "invalidURL: http://127.0.0.1:9/v1: bad")
    }

    @Test(arguments: ["http://host:8080/users/@me", "http://[::1]/a/@b", "http://host/a@b", "http://u:p@host/@x"])
    func anAtSignInAValidURLsPathIsNotTakenForCredentials(url: String) {
        let expected = url == "http://u:p@host/@x" ? "http://host/@x" : url
        #expect(URLCredentials(url).url == expected)
    }
}
