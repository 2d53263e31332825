import Foundation

/// One run of a built executable, as tests of command-line tools need it: its exit status and
/// everything it printed on standard output and standard error.
public struct ExecutableRun: Sendable {
    /// The exit status.
    public let status: Int32
    /// Everything written to standard output.
    public let stdout: String
    /// Everything written to standard error.
    public let stderr: String
    /// Whether a signal ended it (``status`` is then the signal's number).
    public var signalled = false
    /// Whether it was still running at the run's `timeout` and was killed for it.
    public var timedOut = false
    /// How long it ran.
    public var duration: Duration = .zero

    /// A finished run that printed `stdout` and `stderr` and exited with `status`.
    public init(status: Int32, stdout: String, stderr: String) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
    }

    /// Runs the executable at `path` with `arguments` in `directory` and waits for it to exit.
    ///
    /// `environment` is applied on top of this process's environment (nil values remove a
    /// variable). `stdin`, when given, is written to the process's standard input, which is then
    /// closed; `stdinPath` instead opens that file (or device) as standard input; without either,
    /// standard input is inherited. `started`, when given, is called with the process's
    /// identifier as soon as it runs (to signal it while it works). With a `timeout`, a process
    /// still running then is killed (`SIGKILL`) and the run says ``timedOut``: a hang fails the
    /// test that met it instead of stopping the whole run. Standard error is drained on its own thread
    /// while standard output is read, so a tool that writes a lot to either never blocks on a full
    /// pipe.
    public static func run(
        _ path: String, _ arguments: [String], directory: String, environment: [String: String?] = [:],
        stdin: String? = nil, stdinPath: String? = nil, started: ((Int32) -> Void)? = nil,
        timeout: Duration? = nil
    ) throws -> ExecutableRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        if !environment.isEmpty {
            var variables = ProcessInfo.processInfo.environment
            for (name, value) in environment { variables[name] = value }
            process.environment = variables
        }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let input = stdin.map { _ in Pipe() }
        if let input { process.standardInput = input }
        if let stdinPath {
            guard let file = FileHandle(forReadingAtPath: stdinPath) else {
                throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: stdinPath])
            }
            process.standardInput = file
        }
        let clock = ContinuousClock()
        let start = clock.now
        try process.run()
        let watchdog = timeout.map { Watchdog(process.processIdentifier, after: $0) }
        started?(process.processIdentifier)
        if let stdin, let input {
            input.fileHandleForWriting.write(Data(stdin.utf8))
            try input.fileHandleForWriting.close()
        }
        let errors = ErrorDrain(err.fileHandleForReading)
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: errors.wait(), as: UTF8.self)
        process.waitUntilExit()
        let timedOut = watchdog?.finish() ?? false
        var run = ExecutableRun(status: process.terminationStatus, stdout: stdout, stderr: stderr)
        run.signalled = process.terminationReason == .uncaughtSignal
        run.timedOut = timedOut
        run.duration = clock.now - start
        return run
    }
}

/// Kills a process still running after a time, unless told it finished first.
private final class Watchdog: @unchecked Sendable {
    private let lock = NSLock()
    private var finished = false
    private var fired = false

    init(_ process: Int32, after timeout: Duration) {
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [self] in
            lock.withLock {
                guard !finished else { return }
                fired = true
                kill(process, SIGKILL)
            }
        }
    }

    /// Marks the process finished; whether the watchdog had killed it.
    func finish() -> Bool {
        lock.withLock {
            finished = true
            return fired
        }
    }
}

/// Reads a pipe to its end on a thread of its own.
private final class ErrorDrain: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    /// Everything read, once the pipe is closed.
    func wait() -> Data {
        done.wait()
        return data
    }
}
