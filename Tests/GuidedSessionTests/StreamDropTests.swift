import CanonicalSchemas
import Guided
import GuidedLlamaServer
import GuidedTestSupport
import GuidedTestTraits
import Testing

/// Dropping a session's stream reaches the wire: the HTTP transfer to the server is aborted.
@Suite(.measuresTime) struct StreamDropTests {
    /// A llama-server stub whose `/completion` streams one token every 300 ms for 10 minutes, and
    /// whose other endpoints close their connection, so the only connection left open is the
    /// stream's. The stream outlasts every wait below by far, so a closed connection is an abort
    /// even when a busy parallel run makes each step slow (a 15 s wait for the request to arrive
    /// was once too short in CI).
    static func slowServer() throws -> StubHTTPServer {
        let server = try StubHTTPServer()
        let close = [StubHeader("Connection", "close")]
        server.route("GET", "/health") { _ in .json(headers: close, #"{"status":"ok"}"#) }
        server.route("GET", "/props") { _ in .json(headers: close, #"{"default_generation_settings":{"n_ctx":4096}}"#) }
        server.route("POST", "/tokenize") { _ in .json(headers: close, #"{"tokens":[1,2,3]}"#) }
        server.route("POST", "/completion") { _ in
            .sse(
                Array(repeating: #"data: {"content":" ","stop":false}"# + "\n\n", count: 2000),
                delay: .milliseconds(300),
                framing: .closeDelimited)
        }
        return server
    }

    @Test func droppingTheStreamAbortsTheTransfer() async throws {
        let server = try Self.slowServer()
        let backend = LlamaServerBackend(name: "local", baseURL: server.baseURL)
        let session = LanguageModelSession(configuration: GuidedConfiguration(backends: [backend]))
        var partials = 0
        for try await snapshot in session.streamResponse(to: GenerationRequest<StepSuggestions>("Goal: learn to swim"))
        {
            if case .partial = snapshot { partials += 1 }
            if partials == 2 { break }
        }
        #expect(partials == 2)
        // The stream would run for 10 minutes; aborted, its connection closes at once.
        #expect(await eventually(within: .seconds(120)) { server.openConnections == 0 })
        #expect(server.requests.filter { $0.path == "/completion" }.count == 1)
    }

    @Test func cancellingTheRespondingTaskAbortsTheTransfer() async throws {
        let server = try Self.slowServer()
        let backend = LlamaServerBackend(name: "local", baseURL: server.baseURL)
        let session = LanguageModelSession(configuration: GuidedConfiguration(backends: [backend]))
        let responding = Task { try await session.respond(to: "Goal: learn to swim", generating: StepSuggestions.self) }
        #expect(await eventually(within: .seconds(120)) { server.requests.contains { $0.path == "/completion" } })
        responding.cancel()
        await #expect(throws: GenerationError.self) { try await responding.value }
        #expect(await eventually(within: .seconds(120)) { server.openConnections == 0 })
    }
}
