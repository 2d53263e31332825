import GuidedHTTP
import Testing

@Suite struct ServerSentEventParserTests {
    private func parse(_ lines: [String], finish: Bool = true) -> [ServerSentEvent] {
        var parser = ServerSentEventParser()
        var events = lines.compactMap { parser.feed($0) }
        if finish, let last = parser.finish() {
            events.append(last)
        }
        return events
    }

    @Test func singleDataLine() {
        #expect(parse(["data: hello", ""]) == [ServerSentEvent(data: "hello")])
    }

    @Test func multiLineDataIsJoinedWithNewlines() {
        #expect(
            parse(["data: first", "data: second", "data:third", ""]) == [ServerSentEvent(data: "first\nsecond\nthird")])
    }

    @Test func eventNameAppliesToOneEventOnly() {
        let events = parse(["event: delta", "data: 1", "", "data: 2", ""])
        #expect(events == [ServerSentEvent(event: "delta", data: "1"), ServerSentEvent(data: "2")])
    }

    @Test func commentsAndUnknownFieldsAreIgnored() {
        let events = parse([": ping", "id: 7", "retry: 1000", "foo: bar", "data: x", ": between", ""])
        #expect(events == [ServerSentEvent(data: "x")])
    }

    @Test func commentOnlyBlockDispatchesNothing() {
        #expect(parse([": keep-alive", "", ": again", ""]).isEmpty)
    }

    @Test func blankLinesWithoutDataDispatchNothing() {
        #expect(parse(["", "", "event: lonely", ""]).isEmpty)
    }

    @Test func crlfRemnantsAreTolerated() {
        let events = parse(["data: a\r", "data: b\r\n", "\r", "data: c", "\r\n"])
        #expect(events == [ServerSentEvent(data: "a\nb"), ServerSentEvent(data: "c")])
    }

    @Test func missingFinalBlankLineIsFlushedByFinish() {
        var parser = ServerSentEventParser()
        #expect(parser.feed("data: tail") == nil)
        #expect(parser.finish() == ServerSentEvent(data: "tail"))
        #expect(parser.finish() == nil)
    }

    @Test func doneIsPlainData() {
        #expect(parse(["data: [DONE]", ""]) == [ServerSentEvent(data: "[DONE]")])
    }

    @Test func onlyOneLeadingSpaceIsRemovedAndColonsInValuesKept() {
        let events = parse(["data:  two spaces", "data: {\"a\":\"b:c\"}", ""])
        #expect(events == [ServerSentEvent(data: " two spaces\n{\"a\":\"b:c\"}")])
    }

    @Test func emptyDataFieldStillDispatches() {
        #expect(parse(["data:", ""]) == [ServerSentEvent(data: "")])
        #expect(parse(["data", "data", ""]) == [ServerSentEvent(data: "\n")])
    }

    @Test func eventIsReturnedByTheBlankLineThatEndsIt() {
        var parser = ServerSentEventParser()
        #expect(parser.feed("event: message_stop") == nil)
        #expect(parser.feed("data: {}") == nil)
        #expect(parser.feed("") == ServerSentEvent(event: "message_stop", data: "{}"))
        #expect(parser.feed("") == nil)
    }
}
