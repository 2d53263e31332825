import GuidedHTTP
import GuidedTestSupport
import Testing

@Suite struct RoundTripTests {
    let client = HTTPClient()

    @Test func getReturnsStatusHeadersAndBody() async throws {
        let server = try StubHTTPServer()
        server.route("GET", "/health") { _ in .json(headers: [StubHeader("X-Server", "stub")], #"{"status":"ok"}"#) }
        let response = try await client.send(HTTPRequest(url: server.baseURL + "/health"))
        #expect(response.status == 200)
        #expect(response.bodyText == #"{"status":"ok"}"#)
        #expect(response.header("content-type") == "application/json")
        #expect(response.header("X-SERVER") == "stub")
        #expect(response.header("X-Missing") == nil)
        #expect(server.requests.map(\.method) == ["GET"])
        #expect(server.requests.first?.path == "/health")
    }

    @Test func postSendsBodyAndHeaders() async throws {
        let server = try StubHTTPServer()
        server.route("POST", "/completion") { request in
            .json(headers: [StubHeader("X-Echo", request.header("X-Trace") ?? "none")], request.bodyText)
        }
        let body = #"{"prompt":"Hello","n_predict":8}"#
        let request = HTTPRequest(
            method: "POST", url: server.baseURL + "/completion",
            headers: [
                HTTPHeader("Content-Type", "application/json"), HTTPHeader("Authorization", "Bearer sk-test"),
                HTTPHeader("X-Trace", "abc"),
            ],
            body: Array(body.utf8))
        let response = try await client.send(request)
        #expect(response.status == 200)
        #expect(response.bodyText == body)
        #expect(response.header("x-echo") == "abc")
        let received = try #require(server.requests.first)
        #expect(received.method == "POST")
        #expect(received.path == "/completion")
        #expect(received.bodyText == body)
        #expect(received.header("Authorization") == "Bearer sk-test")
        #expect(received.header("Content-Type") == "application/json")
        #expect(received.header("Content-Length") == String(body.utf8.count))
    }

    @Test func largePostIsSentWithoutWaitingForContinue() async throws {
        let server = try StubHTTPServer()
        server.route("POST", "/upload") { request in .text(String(request.body.count)) }
        let body = [UInt8](repeating: UInt8(ascii: "x"), count: 3 * 1024 * 1024)
        let response = try await client.send(HTTPRequest(method: "POST", url: server.baseURL + "/upload", body: body))
        #expect(response.bodyText == String(body.count))
        // curl asks for `Expect: 100-continue` on a body this large unless told not to, and then
        // waits up to a second for a `100` the stub never sends; the header's absence is the proof.
        #expect(server.requests.first?.header("Expect") == nil)
    }

    @Test func otherMethodsAndEmptyPost() async throws {
        let server = try StubHTTPServer()
        server.route("DELETE", "/slot/1") { _ in .full(status: 204, headers: [], body: []) }
        server.route("POST", "/empty") { request in .text("\(request.body.count)") }
        server.route("PUT", "/item") { request in .text(request.bodyText) }
        let deleted = try await client.send(HTTPRequest(method: "DELETE", url: server.baseURL + "/slot/1"))
        #expect(deleted.status == 204)
        #expect(deleted.body.isEmpty)
        let empty = try await client.send(HTTPRequest(method: "POST", url: server.baseURL + "/empty"))
        #expect(empty.bodyText == "0")
        let put = try await client.send(
            HTTPRequest(method: "PUT", url: server.baseURL + "/item", body: Array("v".utf8)))
        #expect(put.bodyText == "v")
        #expect(server.requests.map(\.method) == ["DELETE", "POST", "PUT"])
    }

    @Test(arguments: [400, 401, 404, 500, 503])
    func nonSuccessStatusIsAResponse(status: Int) async throws {
        let server = try StubHTTPServer()
        server.route("GET", "/fail") { _ in .json(status: status, #"{"error":"nope"}"#) }
        let response = try await client.send(HTTPRequest(url: server.baseURL + "/fail"))
        #expect(response.status == status)
        #expect(!response.isSuccess)
        #expect(response.bodyText == #"{"error":"nope"}"#)
    }

    @Test func unknownRouteIs404() async throws {
        let server = try StubHTTPServer()
        let response = try await client.send(HTTPRequest(url: server.baseURL + "/nothing"))
        #expect(response.status == 404)
    }

    @Test func redirectIsNotFollowed() async throws {
        let server = try StubHTTPServer()
        server.route("GET", "/old") { _ in .redirect(to: "/new") }
        server.route("GET", "/new") { _ in .text("moved here") }
        let response = try await client.send(HTTPRequest(url: server.baseURL + "/old"))
        #expect(response.status == 302)
        #expect(response.header("Location") == "/new")
        #expect(server.requests.map(\.path) == ["/old"])
    }

    @Test func sequentialRequestsReuseOneConnection() async throws {
        let server = try StubHTTPServer()
        server.route("GET", "/a") { _ in .text("a") }
        server.route("POST", "/b") { _ in .text("b") }
        _ = try await client.send(HTTPRequest(url: server.baseURL + "/a"))
        _ = try await client.send(HTTPRequest(method: "POST", url: server.baseURL + "/b", body: [1, 2, 3]))
        _ = try await client.send(HTTPRequest(url: server.baseURL + "/a"))
        #expect(server.acceptedConnections == 1)
        #expect(Set(server.requests.map(\.connection)) == [1])
    }

    @Test func separateClientsDoNotShareConnections() async throws {
        let server = try StubHTTPServer()
        server.route("GET", "/a") { _ in .text("a") }
        _ = try await HTTPClient().send(HTTPRequest(url: server.baseURL + "/a"))
        _ = try await HTTPClient().send(HTTPRequest(url: server.baseURL + "/a"))
        #expect(server.acceptedConnections == 2)
    }

    @Test func concurrentRequestsAllComplete() async throws {
        let server = try StubHTTPServer()
        server.route("GET", "/slow") { _ in .slow(delay: .milliseconds(100), then: .text("done")) }
        let client = self.client
        let url = server.baseURL + "/slow"
        let bodies = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<6 {
                group.addTask { try await client.send(HTTPRequest(url: url)).bodyText }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(bodies == Array(repeating: "done", count: 6))
    }

    @Test func queryStringReachesTheServer() async throws {
        let server = try StubHTTPServer()
        server.route("GET", "/api/tags") { request in .text(request.path) }
        let response = try await client.send(HTTPRequest(url: server.baseURL + "/api/tags?verbose=1"))
        #expect(response.bodyText == "/api/tags?verbose=1")
    }
}
