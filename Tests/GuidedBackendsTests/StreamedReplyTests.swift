import GuidedBackends
import GuidedHTTP
import GuidedSchema
import GuidedServerBackends
import GuidedTestSupport
import GuidedTestTraits
import Testing

/// `JSONOverHTTP.receive`, the one loop that reads every HTTP backend's streamed reply: events
/// in order, whole replies told from streams, errors mapped and redacted.
@Suite(.measuresTime) struct StreamedReplyTests {
    static let secret = "sk-streamed-reply-secret"

    /// Reads `response` served at `/s` with `framing`; the data of each event, and how it ended.
    func read(_ response: StubResponse, framing: StreamedReply.Framing = .serverSentEvents) async throws(BackendError)
        -> (events: [String], reply: StreamedReply, progress: Int)
    {
        let server = try! StubHTTPServer()
        defer { server.stop() }
        server.route("POST", "/s") { _ in response }
        let http = JSONOverHTTP(
            client: HTTPClient(), backend: "b", timeout: .seconds(10),
            headers: [HTTPHeader("Authorization", "Bearer \(Self.secret)")])
        var events: [String] = []
        var progress = 0
        let reply = try await http.receive(
            http.streamRequest(server.baseURL + "/s", body: ["a": 1]), framing: framing, progress: { progress += 1 }
        ) { data in events.append(data) }
        return (events, reply, progress)
    }

    @Test func serverSentEventsReachTheHandlerInOrderWithTheirData() async throws {
        let result = try await read(.sse(["data: {\"n\":1}\n\n", ": comment\n", "data: {\"n\":2}\n\n"], delay: .zero))
        #expect(result.events == [#"{"n":1}"#, #"{"n":2}"#])
        guard case .events = result.reply else {
            Issue.record("\(result.reply)")
            return
        }
        #expect(result.progress >= 3, "the head and every line count as progress")
    }

    @Test func jsonLinesSkipEmptyLines() async throws {
        let result = try await read(.ndjson([#"{"n":1}"#, "", #"{"n":2}"#], delay: .zero), framing: .jsonLines)
        #expect(result.events == [#"{"n":1}"#, #"{"n":2}"#])
    }

    @Test func anErrorStatusIsReadWholeAndRedacted() async throws {
        let result = try await read(.json(status: 500, #"{"error":"bad key \#(Self.secret)"}"#))
        #expect(result.events.isEmpty)
        guard case .whole(let reply) = result.reply else {
            Issue.record("\(result.reply)")
            return
        }
        #expect(reply.status == 500)
        #expect(reply.json?["error"]?.stringValue == "bad key [redacted]")
    }

    /// A server or proxy that ignores `stream` answers whole JSON: that is a whole reply, never
    /// an event stream that sends nothing.
    @Test func aTwoHundredThatIsNotAStreamIsAWholeReply() async throws {
        let result = try await read(.json(#"{"content":"whole","stop":true}"#))
        #expect(result.events.isEmpty)
        guard case .whole(let reply) = result.reply else {
            Issue.record("\(result.reply)")
            return
        }
        #expect(reply.status == 200)
        #expect(reply.json?["content"]?.stringValue == "whole")
    }

    @Test func aHandlersErrorEndsTheStreamRedacted() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("POST", "/s") { _ in .sse(["data: 1\n\n", "data: 2\n\n"], delay: .zero) }
        let http = JSONOverHTTP(
            client: HTTPClient(), backend: "b", timeout: .seconds(10),
            headers: [HTTPHeader("Authorization", "Bearer \(Self.secret)")])
        var seen: [String] = []
        let error = await #expect(throws: BackendError.self) {
            _ = try await http.receive(
                http.streamRequest(server.baseURL + "/s", body: ["a": 1]), framing: .serverSentEvents
            ) { data throws(BackendError) in
                seen.append(data)
                throw BackendError(.malformedResponse, backend: "b", "event \(data) echoes \(Self.secret)")
            }
        }
        #expect(seen == ["1"], "no event after the handler failed")
        #expect(error?.code == .malformedResponse)
        #expect(error?.message == "event 1 echoes [redacted]")
    }

    @Test func aRefusedConnectionIsUnavailable() async throws {
        let port = try ReservedPort(.refuse)
        let http = JSONOverHTTP(client: HTTPClient(), backend: "b", timeout: .seconds(10))
        let error = await #expect(throws: BackendError.self) {
            _ = try await http.receive(
                http.streamRequest("http://127.0.0.1:\(port.port)/s", body: ["a": 1]), framing: .jsonLines
            ) { _ in }
        }
        #expect(error?.code == .unavailable)
    }
}
