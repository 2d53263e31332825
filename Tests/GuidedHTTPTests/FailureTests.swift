import GuidedHTTP
import GuidedTestSupport
import Testing

@Suite struct FailureTests {
    let client = HTTPClient()

    @Test func connectionRefusedIsCouldNotConnectAndFast() async throws {
        let refused = try ReservedPort(.refuse)
        let url = refused.baseURL + "/health"
        let clock = ContinuousClock()
        let start = clock.now
        let error = await httpError { _ = try await client.send(HTTPRequest(url: url)) }
        let elapsed = clock.now - start
        #expect(error?.code == .couldNotConnect)
        #expect(error?.curlCode == 7)
        #expect(error?.url == url)
        #expect(elapsed < .seconds(1), "refused after \(elapsed)")
    }

    @Test func hangingRouteTimesOut() async throws {
        let server = try StubHTTPServer()
        server.route("GET", "/hang") { _ in .hang }
        var request = HTTPRequest(url: server.baseURL + "/hang")
        request.timeout = .milliseconds(300)
        let clock = ContinuousClock()
        let start = clock.now
        let error = await httpError { _ = try await client.send(request) }
        let elapsed = clock.now - start
        #expect(error?.code == .timedOut)
        #expect(error?.curlCode == 28)
        #expect(elapsed >= .milliseconds(250))
        #expect(elapsed < .seconds(3))
    }

    @Test func slowAnswerWithinTimeoutSucceeds() async throws {
        let server = try StubHTTPServer()
        server.route("GET", "/slow") { _ in .slow(delay: .milliseconds(300), then: .text("late")) }
        var request = HTTPRequest(url: server.baseURL + "/slow")
        request.timeout = .seconds(5)
        let response = try await client.send(request)
        #expect(response.bodyText == "late")
    }

    @Test func cancellingAHangingRequestAbortsItPromptly() async throws {
        let server = try StubHTTPServer()
        server.route("GET", "/hang") { _ in .hang }
        let client = self.client
        let url = server.baseURL + "/hang"
        let task = Task { () async -> HTTPError? in
            await httpError { _ = try await client.send(HTTPRequest(url: url)) }
        }
        #expect(await eventually { server.requests.count == 1 })
        #expect(server.openConnections == 1)
        let clock = ContinuousClock()
        let start = clock.now
        task.cancel()
        let error = await task.value
        let elapsed = clock.now - start
        #expect(error?.code == .cancelled)
        #expect(elapsed < .milliseconds(500), "cancel took \(elapsed)")
        // The transfer really stopped: the client closed its socket.
        #expect(await eventually { server.openConnections == 0 })
    }

    @Test func alreadyCancelledTaskSendsNothing() async throws {
        let server = try StubHTTPServer()
        server.route("GET", "/a") { _ in .text("a") }
        let client = self.client
        let url = server.baseURL + "/a"
        let task = Task { () async -> HTTPError? in
            withUnsafeCurrentTask { $0?.cancel() }
            return await httpError { _ = try await client.send(HTTPRequest(url: url)) }
        }
        #expect(await task.value?.code == .cancelled)
        #expect(server.requests.isEmpty)
    }

    @Test func announcedBodyOverLimitIsTooLarge() async throws {
        let server = try StubHTTPServer()
        server.route("GET", "/big") { _ in .full(status: 200, headers: [], body: Array(repeating: 65, count: 5000)) }
        var request = HTTPRequest(url: server.baseURL + "/big")
        request.maximumResponseBytes = 4096
        let error = await httpError { _ = try await client.send(request) }
        #expect(error?.code == .responseTooLarge)
    }

    @Test func chunkedBodyOverLimitIsTooLarge() async throws {
        let server = try StubHTTPServer()
        let chunk = [UInt8](repeating: 66, count: 1500)
        server.route("GET", "/big") { _ in
            .stream(
                status: 200, headers: [], chunks: Array(repeating: StubChunk(chunk, after: .milliseconds(5)), count: 4),
                framing: .chunked)
        }
        var request = HTTPRequest(url: server.baseURL + "/big")
        request.maximumResponseBytes = 4096
        let error = await httpError { _ = try await client.send(request) }
        #expect(error?.code == .responseTooLarge)
        #expect(error?.message.contains("4096") == true)
    }

    @Test func bodyExactlyAtLimitIsAccepted() async throws {
        let server = try StubHTTPServer()
        server.route("GET", "/fit") { _ in .full(status: 200, headers: [], body: Array(repeating: 65, count: 4096)) }
        var request = HTTPRequest(url: server.baseURL + "/fit")
        request.maximumResponseBytes = 4096
        let response = try await client.send(request)
        #expect(response.body.count == 4096)
    }

    @Test func bodyCutShortIsConnectionClosed() async throws {
        let server = try StubHTTPServer()
        server.route("GET", "/cut") { _ in
            .cut(status: 200, headers: [], chunks: [StubChunk("only part")], declaredLength: 100)
        }
        let error = await httpError { _ = try await client.send(HTTPRequest(url: server.baseURL + "/cut")) }
        #expect(error?.code == .connectionClosed)
        #expect(error?.curlCode == 18)
    }

    @Test func closeWithoutAnswerIsConnectionClosed() async throws {
        let server = try StubHTTPServer()
        server.route("GET", "/drop") { _ in .closeConnection }
        let error = await httpError { _ = try await client.send(HTTPRequest(url: server.baseURL + "/drop")) }
        #expect(error?.code == .connectionClosed)
        #expect(error?.curlCode == 52)
    }

    @Test(arguments: ["ftp://127.0.0.1/file", "file:///etc/passwd", "http://", "no scheme at all", "http://[::1"])
    func badURLIsInvalidURL(url: String) async throws {
        let error = await httpError { _ = try await client.send(HTTPRequest(url: url)) }
        #expect(error?.code == .invalidURL)
    }

    @Test func headerInjectionIsRejectedWithoutEchoingTheValue() async throws {
        let server = try StubHTTPServer()
        let request = HTTPRequest(
            url: server.baseURL + "/x", headers: [HTTPHeader("Authorization", "Bearer sk-secret\r\nX-Evil: 1")])
        let error = await httpError { _ = try await client.send(request) }
        #expect(error?.code == .invalidRequest)
        #expect(error.map { !"\($0)".contains("sk-secret") } == true)
        #expect(server.requests.isEmpty)
    }

    @Test func errorsNameTheURLButNoHeaderValues() async throws {
        let refused = try ReservedPort(.refuse)
        let url = refused.baseURL + "/v1/chat/completions"
        let request = HTTPRequest(
            method: "POST", url: url, headers: [HTTPHeader("Authorization", "Bearer sk-very-secret")], body: [])
        let error = try #require(await httpError { _ = try await client.send(request) })
        #expect(error.description.contains(url))
        #expect(!error.description.contains("sk-very-secret"))
        #expect(!error.message.contains("sk-very-secret"))
    }

    @Test func credentialsInURLAreRedactedInErrors() {
        let error = HTTPError(code: .other, url: "http://user:pw@127.0.0.1:8080/a?b=c@d", message: "m")
        #expect(error.url == "http://127.0.0.1:8080/a?b=c@d")
        let plain = HTTPError(code: .other, url: "http://127.0.0.1/a@b", message: "m")
        #expect(plain.url == "http://127.0.0.1/a@b")
    }
}

@Suite struct TLSAndStubTests {
    @Test func tlsHandshakeAgainstPlainHTTPIsTLSError() async throws {
        let server = try StubHTTPServer()
        server.route("GET", "/x") { _ in .text("plain") }
        let url = "https://127.0.0.1:\(server.port)/x"
        let error = await httpError { _ = try await HTTPClient().send(HTTPRequest(url: url)) }
        #expect(error?.code == .tls)
    }

    @Test func connectTimeoutCoversTheTLSHandshake() async throws {
        let listener = try ReservedPort(.neverAnswer)
        var request = HTTPRequest(url: "https://127.0.0.1:\(listener.port)/v1/models")
        request.connectTimeout = .milliseconds(300)
        let clock = ContinuousClock()
        let start = clock.now
        let error = await httpError { _ = try await HTTPClient().send(request) }
        let elapsed = clock.now - start
        #expect(error?.code == .timedOut)
        #expect(elapsed >= .milliseconds(250))
        #expect(elapsed < .seconds(2), "connect timeout took \(elapsed)")
    }

    @Test func stoppingTheStubEndsAHangingRequest() async throws {
        let server = try StubHTTPServer()
        server.route("GET", "/hang") { _ in .hang }
        let url = server.baseURL + "/hang"
        let task = Task { await httpError { _ = try await HTTPClient().send(HTTPRequest(url: url)) } }
        #expect(await eventually { server.requests.count == 1 })
        let clock = ContinuousClock()
        let start = clock.now
        server.stop()
        server.stop() // idempotent
        #expect(clock.now - start < .seconds(1))
        #expect(server.openConnections == 0)
        #expect(await task.value?.code == .connectionClosed)
    }

    @Test func stubRecordsRequestsAcrossKeepAlive() async throws {
        let server = try StubHTTPServer()
        server.route("POST", "/echo") { request in .text(request.bodyText) }
        let client = HTTPClient()
        for index in 0..<3 {
            let response = try await client.send(
                HTTPRequest(method: "POST", url: server.baseURL + "/echo", body: Array("body \(index)".utf8)))
            #expect(response.bodyText == "body \(index)")
        }
        #expect(server.requests.map(\.bodyText) == ["body 0", "body 1", "body 2"])
        #expect(server.requests.map(\.connection) == [1, 1, 1])
        #expect(server.openConnections == 1)
    }
}
