import Guided
import SenbaFlows
import Testing

/// Issue 23: the flows' readable report quoted what a server or model wrote with its control
/// characters raw, so a reason or a value could clear the screen or start a forged line.
@Suite struct FlowReportTerminalTests {
    @Test func aReadableReportEscapesTheValueAndKeepsTheReasonOnItsLine() {
        let report = FlowReport(
            flow: "copywriter", value: ["text": "Bake \u{1B}[2J today\nsecond line"], source: .fallback, backend: nil,
            reason: "allBackendsFailed: boom\r\ntrace: forged", attempts: [])
        #expect(
            report.readable { $0["text"]?.stringValue ?? "" }
                == "Bake \\e[2J today\nsecond line\n  [authored fallback — allBackendsFailed: boom\\r\\ntrace: forged]")
    }
}
