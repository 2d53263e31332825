import Foundation
import GuidedTestSupport
import GuidedTestTraits
import Testing

/// A `managed-llama-server` whose `binary` is a wrapper script that runs the server as its own
/// child (issue 23's probe: after the start timeout guided blocked until that child exited and
/// left it orphaned, and Ctrl-C left it too). The stand-in wrapper starts a long `sleep` as its
/// "server", records its pid and never becomes ready; guided must end it with the wrapper.
@Suite(.ownThreads) struct ManagedServerGroupTests {
    /// The wrapper and a configuration that uses it, with `startupTimeoutSeconds`.
    static func wrapper(startupTimeout: Int, leavingTheGroup: Bool = false) throws -> (
        config: String, serverPID: String
    ) {
        let pidFile = try GuidedCommandTests.temporaryFile("server.pid", "")
        try FileManager.default.removeItem(atPath: pidFile)
        let script = try GuidedCommandTests.temporaryFile(
            "wrapper.sh",
            """
            #!/bin/sh
            \(leavingTheGroup ? "setsid " : "")sleep 300 &
            echo $! > '\(pidFile)'
            wait

            """)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
        let model = try GuidedCommandTests.temporaryFile("model.gguf", "")
        try StandInModel.write(to: model)
        let config = try GuidedCommandTests.temporaryFile(
            "wrapper.json",
            #"{"backends":[{"name":"wrapped","kind":"managed-llama-server","binary":"\#(script)","model":"\#(model)","startupTimeoutSeconds":\#(startupTimeout)}]}"#
        )
        return (config, pidFile)
    }

    /// Whether `pid` is a live process (a zombie, which only waits for its parent to read its
    /// status, is not).
    static func isRunning(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let state = stat.split(separator: ")").last?.split(separator: " ").first
        else { return false }
        return state != "Z" && state != "X"
    }

    /// The pid the wrapper wrote, once it has written it (within 30 s).
    static func serverPID(_ file: String) throws -> Int32 {
        let pid = eventuallyValue(within: 30) {
            (try? String(contentsOfFile: file, encoding: .utf8)).flatMap {
                Int32($0.trimmingCharacters(in: .whitespacesAndNewlines))
            }
        }
        return try #require(pid, "the wrapper never started its server")
    }

    static func eventuallyValue<T>(within seconds: Double, _ read: () -> T?) -> T? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let value = read() { return value }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return read()
    }

    /// `guided` started with `arguments`, its output discarded.
    static func start(_ arguments: [String]) throws -> Process {
        let guided = Process()
        guided.executableURL = URL(fileURLWithPath: GuidedCommandTests.repository + "/.build/debug/guided")
        guided.arguments = arguments
        guided.currentDirectoryURL = URL(fileURLWithPath: GuidedCommandTests.repository)
        guided.standardOutput = FileHandle.nullDevice
        guided.standardError = FileHandle.nullDevice
        guided.standardInput = FileHandle.nullDevice
        try guided.run()
        return guided
    }

    @Test func theStartTimeoutEndsAWrapperScriptsServerToo() throws {
        let (config, pidFile) = try Self.wrapper(startupTimeout: 2)
        let guided = try Self.start(["backends", "--config", config])
        let pid = try Self.serverPID(pidFile)
        // A hang guard, not a timing: the start timeout is 2 s, and the old wait for the
        // wrapper lasted as long as its server (300 s).
        let exited = Self.eventuallyValue(within: 60) { guided.isRunning ? nil : true }
        #expect(exited == true, "guided still waits for the wrapper after its start timeout")
        if exited == nil { guided.terminate() }
        guided.waitUntilExit()
        let gone = Self.eventuallyValue(within: 10) { Self.isRunning(pid) ? nil : true }
        #expect(gone == true, "the wrapper's server (pid \(pid)) outlived guided")
    }

    @Test func ctrlCEndsAWrapperScriptsServerWhileItStarts() throws {
        let (config, pidFile) = try Self.wrapper(startupTimeout: 120)
        let guided = try Self.start([
            "generate", "--config", config, "--schema", "schemas/RewrittenNotification.json", "--prompt", "Rewrite",
        ])
        let pid = try Self.serverPID(pidFile)
        #expect(Self.isRunning(pid))
        kill(guided.processIdentifier, SIGINT)
        guided.waitUntilExit()
        #expect(guided.terminationReason == .uncaughtSignal && guided.terminationStatus == SIGINT)
        let gone = Self.eventuallyValue(within: 10) { Self.isRunning(pid) ? nil : true }
        #expect(gone == true, "the wrapper's server (pid \(pid)) outlived guided's Ctrl-C")
    }

    /// The second probe: a wrapper whose server leaves the process group (`setsid`) survives the
    /// group's SIGKILL, and guided then waited in `Process.waitUntilExit()` for as long as that
    /// server lived. guided ends now; the escaped server is beyond its reach and is killed here.
    @Test func aServerThatLeftTheProcessGroupDoesNotKeepGuidedWaiting() throws {
        let (config, pidFile) = try Self.wrapper(startupTimeout: 2, leavingTheGroup: true)
        let guided = try Self.start(["backends", "--config", config])
        let pid = try Self.serverPID(pidFile)
        defer { kill(pid, SIGKILL) }
        let exited = Self.eventuallyValue(within: 60) { guided.isRunning ? nil : true } // a hang guard
        #expect(exited == true, "guided still waits for a server that left its process group")
        if exited == nil { guided.terminate() }
        guided.waitUntilExit()
    }

    /// The second probe: under `ulimit -v 4000000`, the default `memoryLimitMB` (4000, so
    /// `ulimit -v 4096000`) could never be set, and every start failed naming the wrapper. The
    /// server now gets the smaller of the two.
    @Test func theServersMemoryLimitIsNeverAboveTheOneGuidedRunsUnder() throws {
        let limitFile = try GuidedCommandTests.temporaryFile("limit.txt", "")
        try FileManager.default.removeItem(atPath: limitFile)
        let script = try GuidedCommandTests.temporaryFile(
            "limit-wrapper.sh", "#!/bin/sh\nulimit -v > '\(limitFile)'\nexec sleep 300\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
        let model = try GuidedCommandTests.temporaryFile("model.gguf", "")
        try StandInModel.write(to: model)
        let config = try GuidedCommandTests.temporaryFile(
            "limit.json",
            #"{"backends":[{"name":"wrapped","kind":"managed-llama-server","binary":"\#(script)","model":"\#(model)","startupTimeoutSeconds":2}]}"#
        )
        let guided = GuidedCommandTests.repository + "/.build/debug/guided"
        let run = try ExecutableRun.run(
            "/bin/sh", ["-c", "ulimit -v 4000000; exec \(guided) backends --config \(config)"],
            directory: GuidedCommandTests.repository)
        let limit = try? String(contentsOfFile: limitFile, encoding: .utf8)
        #expect(limit == "4000000\n", "the server did not start under the limit: \(run.stdout)\(run.stderr)")
    }
}
