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

    /// Runs the executable at `path` with `arguments` in `directory` and waits for it to exit.
    ///
    /// `environment` is applied on top of this process's environment (nil values remove a
    /// variable). `stdin`, when given, is written to the process's standard input, which is then
    /// closed; `stdinPath` instead opens that file (or device) as standard input; without either,
    /// standard input is inherited. `started`, when given, is called with the process's
    /// identifier as soon as it runs (to signal it while it works). Standard error is drained on its own thread
    /// while standard output is read, so a tool that writes a lot to either never blocks on a full
    /// pipe.
    public static func run(
        _ path: String, _ arguments: [String], directory: String, environment: [String: String?] = [:],
        stdin: String? = nil, stdinPath: String? = nil, started: ((Int32) -> Void)? = nil
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
        try process.run()
        started?(process.processIdentifier)
        if let stdin, let input {
            input.fileHandleForWriting.write(Data(stdin.utf8))
            try input.fileHandleForWriting.close()
        }
        let errors = ErrorDrain(err.fileHandleForReading)
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: errors.wait(), as: UTF8.self)
        process.waitUntilExit()
        return ExecutableRun(status: process.terminationStatus, stdout: stdout, stderr: stderr)
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
