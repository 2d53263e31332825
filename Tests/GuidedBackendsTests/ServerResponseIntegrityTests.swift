import Guided
import GuidedHTTP
import GuidedLlamaServer
import GuidedServerBackends
import GuidedTestSupport
import Testing

/// Issue 23: invalid UTF-8 from a server shipped as U+FFFD (the same bytes in a file are
/// refused), and a 1 MB response header was "Out of memory (curl 27)". Both are typed errors
/// that name the backend now.
@Suite struct ServerResponseIntegrityTests {
    /// `text` with the byte 0xFF in place of its `#` (one byte no UTF-8 text holds).
    static func withInvalidByte(_ text: String) -> [UInt8] {
        Array(text.utf8).map { $0 == UInt8(ascii: "#") ? 0xFF : $0 }
    }

    @Test func aStreamedEventThatIsNotUTF8IsAMalformedResponseOfTheBackend() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        let events = [
            LlamaServerBackendStubTests.event(#"{"steps": ["Sw#m"#, index: 0),
            LlamaServerBackendStubTests.finalEvent(predicted: 1),
        ]
        server.route("POST", "/completion") { _ in
            .stream(
                status: 200, headers: [StubHeader("Content-Type", "text/event-stream")],
                chunks: events.map { StubChunk(Self.withInvalidByte($0)) }, framing: .chunked)
        }
        let backend = LlamaServerBackend(name: "local", baseURL: server.baseURL)
        let result = await collect(backend.streamResponse(to: LlamaServerBackendStubTests.stepsRequest()))
        #expect(result.final == nil)
        #expect(result.partials.allSatisfy { !$0.contains("\u{FFFD}") }, "\(result.partials)")
        let error = try #require(result.backendError, "\(String(describing: result.error))")
        #expect(error.code == .malformedResponse, "\(error)")
        #expect(error.backend == "local")
        #expect(error.message.contains("not valid UTF-8"), "\(error)")
    }

    @Test func aWholeReplyThatIsNotUTF8IsAMalformedResponseEvenWhenSecretsAreRedacted() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        let body = Self.withInvalidByte(#"{"choices": [{"message": {"content": "Sw#m"}}]}"#)
        server.route("POST", "/v1/chat/completions") { _ in
            .full(status: 200, headers: [StubHeader("Content-Type", "application/json")], body: body)
        }
        // A key to redact: the reply is then read as text, where invalid bytes became U+FFFD.
        let http = JSONOverHTTP(
            client: HTTPClient(), backend: "v1", headers: [HTTPHeader("Authorization", "Bearer sk-test-0123456789")])
        let error = try #require(
            await backendError { try await http.send(server.baseURL + "/v1/chat/completions", body: ["x": 1]) })
        #expect(error.code == .malformedResponse, "\(error)")
        #expect(error.backend == "v1")
        #expect(error.message.contains("not valid UTF-8"), "\(error)")
    }

    @Test func aHugeResponseHeaderIsATransportErrorNamingTheBackendAndTheURL() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        let big = String(repeating: "a", count: 1 << 20)
        server.route("GET", "/health") { _ in .full(status: 200, headers: [StubHeader("X-Big", big)], body: []) }
        let http = JSONOverHTTP(client: HTTPClient(), backend: "local")
        let error = try #require(await backendError { try await http.send(server.baseURL + "/health") })
        #expect(error.code == .transport)
        #expect(
            error.description.hasPrefix(
                "local: error: responseHeaderTooLarge: \(server.baseURL)/health: the response headers are too large"
            ),
            "\(error)")
    }
}
