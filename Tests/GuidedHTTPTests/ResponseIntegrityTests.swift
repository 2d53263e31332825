import GuidedHTTP
import GuidedTestSupport
import Testing

/// Issue 23: a 1 MB response header was reported as "Out of memory (curl 27)", and a streamed
/// line of invalid UTF-8 arrived with U+FFFD in it. Each is its own typed error now.
@Suite struct ResponseIntegrityTests {
    let client = HTTPClient()

    @Test func aHeaderLineOfAMegabyteIsResponseHeaderTooLargeNotOutOfMemory() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        let big = String(repeating: "a", count: 1 << 20)
        server.route("GET", "/big") { _ in
            .full(status: 200, headers: [StubHeader("X-Big", big)], body: Array("ok".utf8))
        }
        let url = server.baseURL + "/big"
        let error = try #require(await httpError { _ = try await client.send(HTTPRequest(url: url)) })
        #expect(error.code == .responseHeaderTooLarge, "\(error)")
        #expect(error.url == url)
        #expect(error.description.hasPrefix("responseHeaderTooLarge: \(url): the response headers are too large"))
        #expect(!error.description.contains("Out of memory"), "\(error)")
    }

    @Test func headersPastTheLimitInAllAreResponseHeaderTooLarge() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        let headers = (0..<400).map { StubHeader("X-H\($0)", String(repeating: "b", count: 1000)) }
        server.route("GET", "/many") { _ in .full(status: 200, headers: headers, body: Array("ok".utf8)) }
        let url = server.baseURL + "/many"
        let error = try #require(await httpError { _ = try await client.send(HTTPRequest(url: url)) })
        #expect(error.code == .responseHeaderTooLarge, "\(error)")
        #expect(error.message.contains("\(HTTPRequest.defaultMaximumResponseHeaderBytes) bytes"), "\(error)")
    }

    @Test func aStreamedLineThatIsNotUTF8EndsTheStreamAfterTheLinesBeforeIt() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("POST", "/s") { _ in
            .stream(
                status: 200, headers: [],
                chunks: [StubChunk("data: one\n"), StubChunk(Array("data: t".utf8) + [0xFF] + Array("o\n".utf8))],
                framing: .chunked)
        }
        let url = server.baseURL + "/s"
        var lines: [String] = []
        let error = try #require(
            await httpError {
                for try await event in client.stream(HTTPRequest(method: "POST", url: url, body: [])) {
                    if case .line(let line) = event { lines.append(line) }
                }
            })
        #expect(lines == ["data: one"])
        #expect(error.code == .invalidUTF8, "\(error)")
        #expect(error.description == "invalidUTF8: \(url): line 2 of the response body is not valid UTF-8")
    }

    @Test func aWellFormedReplacementCharacterIsKept() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("POST", "/s") { _ in
            .stream(status: 200, headers: [], chunks: [StubChunk("data: \u{FFFD}\n")], framing: .chunked)
        }
        var lines: [String] = []
        for try await event in client.stream(HTTPRequest(method: "POST", url: server.baseURL + "/s", body: [])) {
            if case .line(let line) = event { lines.append(line) }
        }
        #expect(lines == ["data: \u{FFFD}"])
    }
}
