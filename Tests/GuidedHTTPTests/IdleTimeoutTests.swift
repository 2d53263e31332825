import GuidedHTTP
import GuidedTestSupport
import GuidedTestTraits
import Testing

/// The idle timeout (no byte for N): a silent server is left after it, long before the total
/// timeout, while a slow stream that keeps sending is never cut by it.
@Suite(.measuresTime) struct IdleTimeoutTests {
    let client = HTTPClient()

    func request(_ server: StubHTTPServer, idle: Duration) -> HTTPRequest {
        var request = HTTPRequest(method: "POST", url: server.baseURL + "/completion", body: [])
        request.timeout = .seconds(60)
        request.idleTimeout = idle
        return request
    }

    @Test func aServerThatAcceptsAndNeverAnswersIsLeftAtTheIdleTimeout() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("POST", "/completion") { _ in .hang }
        let started = ContinuousClock.now
        let error = try #require(
            await httpError { _ = try await client.send(request(server, idle: .milliseconds(300))) })
        #expect(error.code == .timedOut)
        #expect(error.message.contains("idle timeout"), "\(error)")
        #expect(ContinuousClock.now - started < .seconds(30), "the idle timeout, not the 60 s total, ended it")
    }

    @Test func aStreamThatStopsMidwayIsLeftAtTheIdleTimeout() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("POST", "/completion") { _ in
            .stream(
                status: 200, headers: [StubHeader("Content-Type", "text/event-stream")],
                chunks: [StubChunk("data: {\"content\":\"a\"}\n\n"), StubChunk("data: {}\n\n", after: .seconds(120))],
                framing: .chunked)
        }
        let result = await collect(client.stream(request(server, idle: .milliseconds(300))))
        #expect(result.lines.contains("data: {\"content\":\"a\"}"))
        #expect(result.error?.code == .timedOut)
        #expect(result.error?.message.contains("idle timeout") == true)
    }

    @Test func aSlowButSteadyStreamFinishes() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        // 16 events 250 ms apart: 3.75 s in all, past the 3 s idle timeout, never silent that long
        // (12 times the gap, so a loaded machine's scheduling delays do not trip it).
        server.route("POST", "/completion") { _ in
            .sse((0..<16).map { "data: {\"n\":\($0)}\n\n" }, delay: .milliseconds(250))
        }
        let result = await collect(client.stream(request(server, idle: .seconds(3))))
        #expect(result.error == nil, "\(String(describing: result.error))")
        #expect(result.lines.filter { $0.hasPrefix("data:") }.count == 16)
    }

    @Test func noIdleTimeoutByDefault() {
        #expect(HTTPRequest(url: "http://127.0.0.1:1/").idleTimeout == .zero)
    }
}
