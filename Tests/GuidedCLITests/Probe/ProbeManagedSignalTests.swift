import Foundation
import GuidedTestSupport
import GuidedTestTraits
import Testing

/// The probe's signals and stubborn servers around a managed backend's wrapper script
/// (`cases_hangs.py`, `managed-wrapper-*`): SIGTERM or SIGHUP sent to `guided generate` while the
/// wrapper's server starts ends `guided` by that same signal, and the server goes with it; a server
/// that ignores SIGTERM is ended all the same when its start times out. Each time is the probe's
/// bound, as a hang guard only; the probe also holds each run to a peak resident size (600 MB),
/// which these tests do not assert.
@Suite(.ownThreads) struct ProbeManagedSignalTests {
    /// The probe's `SLEEPER`: the wrapper starts a long `sleep` as its server, records its pid and
    /// waits for it.
    static let sleeper = "sleep 300 &\necho $! >> \"$PIDS\"\nwait"
    /// A server that ignores SIGTERM, records its own pid and runs until killed.
    static let ignoresTerm = #"sh -c 'trap "" TERM; echo $$ >> "$PIDS"; while :; do sleep 1; done' &"# + "\nwait"

    /// One signal case: the probe's name and the signal sent.
    struct SignalProbe: Sendable, CustomTestStringConvertible {
        var name: String
        var signal: Int32

        var testDescription: String { name }
    }

    static let signals: [SignalProbe] = [
        SignalProbe(name: "managed-wrapper-SIGTERM-guided", signal: SIGTERM),
        SignalProbe(name: "managed-wrapper-SIGHUP-guided", signal: SIGHUP),
    ]

    /// Once the wrapper has recorded its server's pid (waiting at most 20 s) and 0.3 s more, the
    /// signal goes to `guided`, which must die of it within 15 s; the server must be gone within
    /// 10 s of that.
    @Test(arguments: signals) func aSignalWhileTheServerStartsEndsGuidedByItAndTheServerWithIt(
        _ row: SignalProbe
    ) throws {
        let folder = try ProbeManagedBinaryTests.standInFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let pids = folder + "/pids"
        let config = try Self.configuration(in: folder, body: Self.sleeper, startupTimeoutSeconds: 120)
        let guided = try #require(GuidedCommandTests.builtProduct("guided"))
        let arguments = ProbeCase.generate(config: config).map {
            $0.replacingOccurrences(of: "{repo}", with: GuidedCommandTests.repository)
        }
        let sent = row.signal
        let ended = RunEnded()
        let run = try ExecutableRun.run(
            guided, arguments, directory: GuidedCommandTests.repository, stdinPath: "/dev/null",
            started: { pid in
                Thread.detachNewThread {
                    _ = Self.recordedPIDs(pids, within: 20)
                    Thread.sleep(forTimeInterval: 0.3)
                    ended.send(sent, to: pid)
                }
            }, timeout: .seconds(15))
        ended.end()
        let shown = "exit \(run.status)\nstdout: \(run.stdout.prefix(2000))\nstderr: \(run.stderr.prefix(2000))"
        #expect(!run.timedOut, "still running after 15 s\n\(shown)")
        #expect(run.signalled && run.status == sent, "guided should die of signal \(sent)\n\(shown)")
        for (stream, text) in [("stdout", run.stdout), ("stderr", run.stderr)] {
            let controls = TerminalSafetyTests.rawControls(text, allowing: ["\n", "\t"])
            #expect(controls.isEmpty, "raw control characters on \(stream): \(controls.prefix(8))")
        }
        Self.expectServerGone(pids)
    }

    /// managed-wrapper-child-ignores-term: `guided backends` with a 2-second start timeout ends
    /// within 15 s, exit 0 or 3, and the server that ignores SIGTERM is gone within 10 s.
    @Test func aServerIgnoringSIGTERMIsEndedWhenItsStartTimesOut() throws {
        let folder = try ProbeManagedBinaryTests.standInFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let config = try Self.configuration(in: folder, body: Self.ignoresTerm, startupTimeoutSeconds: 2)
        let probe = ProbeCase(
            name: "managed-wrapper-child-ignores-term", arguments: ["backends", "--config", config], exits: [0, 3],
            seconds: 15)
        let guided = try #require(GuidedCommandTests.builtProduct("guided"))
        let run = try ExecutableRun.run(
            guided, probe.arguments, directory: GuidedCommandTests.repository, stdinPath: "/dev/null",
            timeout: .seconds(probe.seconds))
        try probe.verify(run)
        Self.expectServerGone(folder + "/pids")
    }

    /// Writes the wrapper (`body`, `PIDS` the folder's `pids`) and the probe's managed
    /// configuration using it with `startupTimeoutSeconds`; returns the configuration's path.
    static func configuration(in folder: String, body: String, startupTimeoutSeconds: Int) throws -> String {
        let script = folder + "/wrapper.sh"
        try ProbeManagedBinaryTests.writeScript(body, at: script, pids: folder + "/pids")
        let text = ProbeManagedBinaryTests.configuration(
            binary: script, [("startupTimeoutSeconds", String(startupTimeoutSeconds))]
        ).replacingOccurrences(of: "{managed}", with: folder)
        let path = folder + "/guided.json"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The pids written to `file` (one a line), once there is one or `seconds` have passed.
    static func recordedPIDs(_ file: String, within seconds: Double) -> [Int32] {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
            let pids = text.split(whereSeparator: \.isWhitespace).compactMap { Int32($0) }
            if !pids.isEmpty || Date() >= deadline { return pids }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    /// The probe's orphan check: the server recorded a pid, and every recorded process is gone
    /// within 10 s (any left is killed here).
    static func expectServerGone(_ file: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let pids = recordedPIDs(file, within: 0)
        #expect(!pids.isEmpty, "the stand-in server never started (no pid recorded)", sourceLocation: sourceLocation)
        let deadline = Date().addingTimeInterval(10)
        var left = pids.filter(ManagedServerGroupTests.isRunning)
        while !left.isEmpty && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.1)
            left = left.filter(ManagedServerGroupTests.isRunning)
        }
        #expect(
            left.isEmpty, "the wrapper's server outlived guided: pids \(left) still running",
            sourceLocation: sourceLocation)
        for pid in left { kill(pid, SIGKILL) }
    }

    /// Whether the run has ended, so that a signal sent late never reaches a process that has
    /// since taken its pid.
    final class RunEnded: @unchecked Sendable {
        private let lock = NSLock()
        private var ended = false

        /// Marks the run ended.
        func end() { lock.withLock { ended = true } }

        /// Sends `signal` to `pid` unless the run has ended.
        func send(_ signal: Int32, to pid: Int32) {
            lock.withLock {
                if !ended { kill(pid, signal) }
            }
        }
    }
}
