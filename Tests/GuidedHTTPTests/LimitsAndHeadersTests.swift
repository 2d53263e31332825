import GuidedHTTP
import GuidedTestSupport
import Testing

@Suite struct RequestDefaultsTests {
    @Test func defaults() {
        let request = HTTPRequest(url: "http://127.0.0.1:8080/")
        #expect(request.method == "GET")
        #expect(request.connectTimeout == .seconds(2))
        #expect(request.timeout == .seconds(60))
        #expect(request.maximumResponseBytes == 8 * 1024 * 1024)
        #expect(request.body == nil)
        #expect(request.headers.isEmpty)
    }

    @Test func headerLookupIgnoresCase() {
        let headers = [HTTPHeader("Content-Type", "a"), HTTPHeader("content-type", "b")]
        #expect(headers.value(forHeader: "CONTENT-TYPE") == "a")
        #expect(headers.value(forHeader: "Accept") == nil)
    }

    @Test func emptyHeaderValueIsSent() async throws {
        let server = try StubHTTPServer()
        server.route("GET", "/h") { _ in .text("ok") }
        let request = HTTPRequest(url: server.baseURL + "/h", headers: [HTTPHeader("X-Empty", "")])
        _ = try await HTTPClient().send(request)
        #expect(server.requests.first?.header("X-Empty") == "")
    }

    @Test func disabledTotalTimeoutStillCompletes() async throws {
        let server = try StubHTTPServer()
        server.route("GET", "/h") { _ in .slow(delay: .milliseconds(50), then: .text("ok")) }
        var request = HTTPRequest(url: server.baseURL + "/h")
        request.timeout = .zero
        #expect(try await HTTPClient().send(request).bodyText == "ok")
    }
}
