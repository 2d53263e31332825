import GuidedHTTP
import GuidedTestSupport
import GuidedTestTraits
import Testing

@Suite(.measuresTime) struct FailureTests {
    let client = HTTPClient()

    /// A refused connection fails with its own error, at once: not retried, and not left to the
    /// connect timeout (set to a minute here, so only the refusal can end the request within the
    /// bound). How fast it is belongs to `guided-bench router` (first backend down: ~0.2 ms).
    @Test func connectionRefusedIsCouldNotConnectBeforeAnyTimeout() async throws {
        let refused = try ReservedPort(.refuse)
        let url = refused.baseURL + "/health"
        var request = HTTPRequest(url: url)
        request.connectTimeout = .seconds(60)
        request.timeout = .seconds(120)
        let clock = ContinuousClock()
        let start = clock.now
        let error = await httpError { _ = try await client.send(request) }
        let elapsed = clock.now - start
        #expect(error?.code == .couldNotConnect)
        #expect(error?.curlCode == 7)
        #expect(error?.url == url)
        #expect(elapsed < .seconds(30), "refused after \(elapsed)")
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
        // Not early, and the 300 ms timeout, not the 60 s default, ended it (the bound leaves
        // room for a loaded machine; only the 60 s default could also end it with this code).
        #expect(elapsed >= .milliseconds(250))
        #expect(elapsed < .seconds(30))
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
        // Cancelled, not timed out: the cancellation ended the transfer, long before the 60 s
        // default timeout could (the bound leaves room for a loaded machine).
        #expect(error?.code == .cancelled)
        #expect(elapsed < .seconds(30), "cancel took \(elapsed)")
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

    /// The third probe: a reply that is not HTTP was reported as `invalidURL`, blaming a fine URL.
    @Test(arguments: [
        "garbage that is no status line\r\n\r\n", "{\"content\":\"no head at all\"}", "\u{16}\u{3}\u{1}\u{0}",
    ])
    func aReplyThatIsNotHTTPIsNotHTTP(reply: String) async throws {
        let server = try StubHTTPServer()
        server.route("GET", "/x") { _ in .raw(Array(reply.utf8)) }
        let error = await httpError { _ = try await client.send(HTTPRequest(url: server.baseURL + "/x")) }
        #expect(error?.code == .notHTTP, "\(String(describing: error))")
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

@Suite(.measuresTime) struct TLSAndStubTests {
    /// A real TLS server whose certificate chains to a CA nobody installed: the handshake
    /// itself works (a client given the CA reads the page), and only verification refuses it,
    /// so this fails if peer verification were ever off.
    @Test func aCertificateFromAnUntrustedAuthorityIsRefusedByVerification() async throws {
        let server = try TLSTestServer()
        defer { server.stop() }
        #expect(try server.fetchTrustingTheCA("/x") == "secure")
        let url = server.baseURL + "/x"
        let error = await httpError { _ = try await HTTPClient().send(HTTPRequest(url: url)) }
        #expect(error?.code == .tls)
        #expect(error?.curlCode == 60, "peer verification, not a failed handshake: \(String(describing: error))")
    }

    @Test func aCertificateFromTheGivenAuthorityIsAccepted() async throws {
        let server = try TLSTestServer()
        defer { server.stop() }
        var request = HTTPRequest(url: server.baseURL + "/x")
        request.certificateAuthorities = server.caPath
        #expect(try await HTTPClient().send(request).bodyText == "secure")
    }

    /// The given file is what is trusted: another authority's certificate does not vouch for
    /// the server, so verification still refuses it (and a client that accepted anything once a
    /// file is given fails here).
    @Test func anotherAuthorityGivenStillRefusesTheCertificate() async throws {
        let server = try TLSTestServer()
        let other = try TLSTestServer()
        defer {
            server.stop()
            other.stop()
        }
        var request = HTTPRequest(url: server.baseURL + "/x")
        request.certificateAuthorities = other.caPath
        let error = await httpError { _ = try await HTTPClient().send(request) }
        #expect(error?.code == .tls)
        #expect(error?.curlCode == 60, "peer verification: \(String(describing: error))")
    }

    /// One pooled handle serves a trusting request and then one with the system's authorities:
    /// the second is refused, so a given CA never outlives its request.
    @Test func aGivenAuthorityDoesNotCarryOverToTheNextRequest() async throws {
        let server = try TLSTestServer()
        defer { server.stop() }
        let client = HTTPClient(maximumIdleHandles: 1)
        var trusting = HTTPRequest(url: server.baseURL + "/x")
        trusting.certificateAuthorities = server.caPath
        #expect(try await client.send(trusting).bodyText == "secure")
        let error = await httpError { _ = try await client.send(HTTPRequest(url: server.baseURL + "/x")) }
        #expect(error?.curlCode == 60, "\(String(describing: error))")
    }

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
        // The 300 ms connect timeout ended the handshake, not the 60 s total timeout.
        #expect(error?.code == .timedOut)
        #expect(elapsed >= .milliseconds(250))
        #expect(elapsed < .seconds(30), "connect timeout took \(elapsed)")
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
        // stop() does not wait for the hanging route (it would wait forever).
        #expect(clock.now - start < .seconds(30))
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
