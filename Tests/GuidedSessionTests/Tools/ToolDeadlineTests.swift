import Guided
import Testing

@testable import GuidedSession

/// A tool still running at the request's deadline is cancelled and its call says so, instead of
/// holding the request. Tested on the race itself: through a session, the router's own deadline
/// timers share a loaded machine's threads with every other test, so how far a request gets
/// before its deadline is not the tool's to say.
@Suite struct ToolDeadlineTests {
    @Test func aToolStillRunningAtItsDeadlineIsCancelled() async {
        var tool = DayOfWeekTool()
        tool.delay = .seconds(600)
        let started = ContinuousClock.now
        let result = await ToolLoop.invoke(tool, ["date": "2031-03-01"], by: .now + .milliseconds(200))
        #expect(result == .timedOut)
        #expect(tool.calls.all == ["2031-03-01"], "it was called, then cancelled")
        #expect(ContinuousClock.now - started < .seconds(300), "the race ended long before the tool would have")
    }

    @Test func aToolThatFinishesInTimeReturnsItsOutput() async {
        let result = await ToolLoop.invoke(DayOfWeekTool(), ["date": "2031-03-01"], by: .now + .seconds(600))
        #expect(result == .returned("Saturday"))
    }
}
