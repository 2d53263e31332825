import GuidedHTTP
import GuidedTestSupport
import GuidedTestTraits
import Testing

@Suite(.measuresTime) struct StreamTests {
    let client = HTTPClient()

    @Test func sseEventsArriveInOrderBeforeTheStreamEnds() async throws {
        let server = try StubHTTPServer()
        // The server holds the rest of the stream until the test has seen the first event.
        let gate = StubGate()
        server.route("POST", "/completion") { _ in
            .stream(
                status: 200, headers: [StubHeader("Content-Type", "text/event-stream")],
                chunks: [
                    StubChunk("data: {\"content\":\"Hel\"}\n\n"),
                    StubChunk(": keep-alive comment\n\ndata: {\"content\":\"lo\"}\n\n", after: gate),
                    StubChunk("event: done\ndata: {\"stop\":true}\n\ndata: [DONE]\n\n", after: .milliseconds(50)),
                ], framing: .chunked)
        }
        var parser = ServerSentEventParser()
        var events: [ServerSentEvent] = []
        var status: Int?
        var firstCameBeforeTheRest: StubGate.Opener?
        for try await event in client.stream(HTTPRequest(method: "POST", url: server.baseURL + "/completion", body: []))
        {
            switch event {
            case .head(let code, let headers):
                status = code
                #expect(headers.value(forHeader: "content-type") == "text/event-stream")
            case .line(let line):
                if let parsed = parser.feed(line) {
                    events.append(parsed)
                    if events.count == 1 { firstCameBeforeTheRest = gate.open() }
                }
            }
        }
        #expect(parser.finish() == nil)
        #expect(status == 200)
        #expect(
            events == [
                ServerSentEvent(data: #"{"content":"Hel"}"#),
                ServerSentEvent(data: #"{"content":"lo"}"#),
                ServerSentEvent(event: "done", data: #"{"stop":true}"#),
                ServerSentEvent(data: "[DONE]"),
            ])
        // The first event came while the server still held the rest (a client that delivered
        // events only with the end would have left the gate to open by itself).
        #expect(firstCameBeforeTheRest == .byTest)
    }

    @Test func ndjsonLines() async throws {
        let server = try StubHTTPServer()
        let lines = [#"{"response":"a","done":false}"#, #"{"response":"b","done":false}"#, #"{"done":true}"#]
        server.route("POST", "/api/generate") { _ in .ndjson(lines, delay: .milliseconds(30)) }
        let result = await collect(
            client.stream(HTTPRequest(method: "POST", url: server.baseURL + "/api/generate", body: [])))
        #expect(result.error == nil)
        #expect(result.status == 200)
        #expect(result.lines == lines)
    }

    @Test func crlfSplitAcrossChunksAndFinalPartialLine() async throws {
        let server = try StubHTTPServer()
        server.route("GET", "/lines") { _ in
            .stream(
                status: 200, headers: [],
                chunks: [StubChunk("one\r"), StubChunk("\ntw", after: .milliseconds(20)), StubChunk("o\n\nthree")],
                framing: .closeDelimited)
        }
        let result = await collect(client.stream(HTTPRequest(url: server.baseURL + "/lines")))
        #expect(result.error == nil)
        #expect(result.lines == ["one", "two", "", "three"])
    }

    @Test func cutStreamDeliversLinesThenConnectionClosed() async throws {
        let server = try StubHTTPServer()
        server.route("POST", "/v1/chat/completions") { _ in
            .cut(
                status: 200, headers: [StubHeader("Content-Type", "text/event-stream")],
                chunks: [StubChunk("data: 1\n\n"), StubChunk("data: 2\n\ndata: par", after: .milliseconds(50))],
                declaredLength: nil)
        }
        let result = await collect(
            client.stream(HTTPRequest(method: "POST", url: server.baseURL + "/v1/chat/completions", body: [])))
        #expect(result.status == 200)
        #expect(result.lines == ["data: 1", "", "data: 2", ""])
        #expect(result.error?.code == .connectionClosed)
        #expect(result.otherError == nil)
    }

    @Test func nonSuccessStatusStreamsItsBody() async throws {
        let server = try StubHTTPServer()
        server.route("POST", "/completion") { _ in .json(status: 503, #"{"error":"loading model"}"#) }
        let result = await collect(
            client.stream(HTTPRequest(method: "POST", url: server.baseURL + "/completion", body: [])))
        #expect(result.status == 503)
        #expect(result.lines == [#"{"error":"loading model"}"#])
        #expect(result.error == nil)
    }

    @Test func streamFailureBeforeHeadThrows() async throws {
        let refused = try ReservedPort(.refuse)
        let result = await collect(client.stream(HTTPRequest(url: refused.baseURL + "/x")))
        #expect(result.status == nil)
        #expect(result.error?.code == .couldNotConnect)
    }

    @Test func streamTimeout() async throws {
        let server = try StubHTTPServer()
        // Lines keep coming (never idle), but the last only after two minutes.
        server.route("GET", "/trickle") { _ in
            .stream(
                status: 200, headers: [StubHeader("Content-Type", "application/x-ndjson")],
                chunks: [
                    StubChunk("1\n"), StubChunk("2\n", after: .milliseconds(100)),
                    StubChunk("3\n", after: .seconds(120)),
                ],
                framing: .chunked)
        }
        var request = HTTPRequest(url: server.baseURL + "/trickle")
        request.timeout = .seconds(2)
        let clock = ContinuousClock()
        let start = clock.now
        let result = await collect(client.stream(request))
        #expect(result.lines == ["1", "2"])
        #expect(result.error?.code == .timedOut)
        // The 2 s total timeout ended the stream, not the last line or the server.
        #expect(clock.now - start < .seconds(60))
    }

    @Test func consumerThatStopsListeningAbortsTheTransfer() async throws {
        let server = try StubHTTPServer()
        server.route("GET", "/long") { _ in .ndjson((1...50).map(String.init), delay: .milliseconds(200)) }
        var received: [String] = []
        for try await event in client.stream(HTTPRequest(url: server.baseURL + "/long")) {
            if case .line(let line) = event {
                received.append(line)
                break
            }
        }
        #expect(received == ["1"])
        #expect(await eventually { server.openConnections == 0 })
    }

    @Test func cancellingTheConsumingTaskAbortsTheTransfer() async throws {
        let server = try StubHTTPServer()
        server.route("GET", "/long") { _ in .ndjson((1...50).map(String.init), delay: .milliseconds(200)) }
        let client = self.client
        let url = server.baseURL + "/long"
        let task = Task { () async -> Int in
            var count = 0
            do {
                for try await event in client.stream(HTTPRequest(url: url)) {
                    if case .line = event { count += 1 }
                }
            } catch {}
            return count
        }
        #expect(await eventually { server.openConnections == 1 })
        try await Task.sleep(for: .milliseconds(300))
        task.cancel()
        let count = await task.value
        #expect(count < 50)
        #expect(await eventually { server.openConnections == 0 })
    }

    @Test func streamsReuseTheConnectionToo() async throws {
        let server = try StubHTTPServer()
        server.route("GET", "/s") { _ in .ndjson(["a", "b"], delay: .milliseconds(10)) }
        for _ in 0..<3 {
            let result = await collect(client.stream(HTTPRequest(url: server.baseURL + "/s")))
            #expect(result.lines == ["a", "b"])
        }
        #expect(server.acceptedConnections == 1)
    }
}
