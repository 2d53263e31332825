import Foundation
import GuidedTestSupport
import GuidedTestTraits
import Testing

/// Time the process did not run is not the server's silence: `guided` stopped (SIGSTOP, a laptop
/// lid) in the middle of a stream that is still coming, then resumed, reads the rest instead of
/// dropping the stream at the idle timeout.
@Suite(.ownThreads) struct SuspendedStreamTests {
    @Test func aStreamStillComingWhenTheStoppedProcessResumesIsReadToItsEnd() throws {
        let words = (1...16).map { "word\($0) " }
        let server = try StubHTTPServer()
        defer { server.stop() }
        func chunk(_ delta: String, _ reason: String = "null") -> String {
            #"data: {"choices":[{"index":0,"delta":\#(delta),"finish_reason":\#(reason)}]}"# + "\n\n"
        }
        let chunks = words.map { chunk(#"{"content":"\#($0)"}"#) } + [chunk("{}", #""stop""#), "data: [DONE]\n\n"]
        server.route("GET", "/v1/models") { _ in .json(#"{"object":"list","data":[{"id":"m"}]}"#) }
        server.route("POST", "/v1/chat/completions") { _ in .sse(chunks, delay: .milliseconds(250)) }
        let config = try GuidedCommandTests.temporaryFile(
            "suspended.json",
            #"{"backends":[{"name":"b","kind":"openai-compatible","url":"\#(server.baseURL)/v1","model":"m","idleTimeoutSeconds":1.5}],"route":["b"]}"#
        )
        guard let guided = GuidedCommandTests.builtProduct("guided") else {
            Issue.record("guided is not built")
            return
        }
        // Stopped 1 s into the 4.5 s stream for 3.5 s: longer than the idle timeout, while the
        // server goes on sending.
        let run = try ExecutableRun.run(
            guided, ["respond", "--prompt", "Count", "--config", config, "--stream"],
            directory: GuidedCommandTests.repository,
            started: { pid in
                Thread.detachNewThread {
                    Thread.sleep(forTimeInterval: 1)
                    kill(pid, SIGSTOP)
                    Thread.sleep(forTimeInterval: 3.5)
                    kill(pid, SIGCONT)
                }
            })
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
                == words.joined().trimmingCharacters(in: .whitespaces))
    }
}
