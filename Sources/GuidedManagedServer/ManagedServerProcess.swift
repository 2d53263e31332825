import Foundation
import GuidedBackends
import Synchronization

/// One running `llama-server` child process, started under an address-space limit and tied to
/// this process's life: `setpriv --pdeathsig KILL` makes the kernel stop it if we die, and
/// ``stop()`` (also run at exit) stops it otherwise. No orphan server, even on a crash.
///
/// KILL, not TERM: the child inherits the signal mask of the thread that spawned it, and Swift's
/// threads block SIGTERM, so a TERM death signal stays pending forever and the server outlives
/// us (seen: `guided demo` killed, its llama-server still running with SIGTERM blocked).
final class ManagedServerProcess: Sendable {
    let port: Int
    let logPath: String
    private let process: Mutex<Process?>

    /// Every live server, so an exit handler can stop them all.
    static let live = Mutex<[ObjectIdentifier: ManagedServerProcess]>([:])
    private static let exitHandler: Void = { atexit { ManagedServerProcess.stopAll() } }()

    private init(port: Int, logPath: String, process: Process) {
        self.port = port
        self.logPath = logPath
        self.process = Mutex(process)
    }

    /// Starts `binary` serving `model` on a free 127.0.0.1 port.
    /// `--kv-unified` lets every slot use the whole context from one shared pool (with an explicit
    /// `-np 4` llama-server otherwise splits 4096 tokens into four slots of 1024).
    /// `--swa-full` keeps the whole sliding-window cache (Gemma 3 uses sliding-window
    /// attention), so a prompt that shares a prefix with the last one reuses its evaluation —
    /// measured: a 300-token few-shot prompt re-evaluated 257 tokens without it, about 50 with it.
    static func start(binary: String, model: String, contextSize: Int, threads: Int, slots: Int, memoryLimitMB: Int)
        throws -> ManagedServerProcess
    {
        _ = exitHandler
        let port = try freePort()
        let logPath = NSTemporaryDirectory() + "guided-llama-server-\(port).log"
        FileManager.default.createFile(atPath: logPath, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // ulimit -v: a malformed grammar has been seen to make llama-server eat all memory.
        process.arguments = [
            "-c", "ulimit -v \(memoryLimitMB * 1024) && exec setpriv --pdeathsig KILL -- \"$0\" \"$@\"",
            binary, "-m", model, "--host", "127.0.0.1", "--port", String(port), "-c", String(contextSize),
            "--threads", String(threads), "-np", String(slots), "--kv-unified", "--swa-full", "--no-webui",
        ]
        let log = FileHandle(forWritingAtPath: logPath)
        process.standardOutput = log
        process.standardError = log
        process.standardInput = FileHandle.nullDevice
        try SpawningThread.shared.run { try process.run() }
        let server = ManagedServerProcess(port: port, logPath: logPath, process: process)
        live.withLock { $0[ObjectIdentifier(server)] = server }
        return server
    }

    /// Whether the child is still running.
    var isRunning: Bool { process.withLock { $0?.isRunning ?? false } }

    /// The exit status, once it has exited.
    var exitStatus: Int32? { process.withLock { $0.flatMap { $0.isRunning ? nil : $0.terminationStatus } } }

    /// The last lines of the server's log, for error messages: on one line, its control
    /// characters escaped (``TerminalText``), since the server writes it.
    func logTail(lines: Int = 5) -> String {
        guard let text = try? String(contentsOfFile: logPath, encoding: .utf8) else { return "" }
        return text.split(separator: "\n").suffix(lines).map { TerminalText.escaped(String($0)) }.joined(
            separator: " | ")
    }

    /// SIGTERM, then SIGKILL after two seconds; waits for the exit, then removes the log (its
    /// tail has gone into any error already reported).
    func stop() {
        defer { try? FileManager.default.removeItem(atPath: logPath) }
        let child = process.withLock { current -> Process? in
            defer { current = nil }
            return current
        }
        ManagedServerProcess.live.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(self)) }
        guard let child, child.isRunning else { return }
        child.terminate()
        let deadline = Date().addingTimeInterval(2)
        while child.isRunning && Date() < deadline { usleep(10_000) }
        if child.isRunning { kill(child.processIdentifier, SIGKILL) }
        child.waitUntilExit()
    }

    static func stopAll() {
        for server in live.withLock({ Array($0.values) }) { server.stop() }
    }

    /// A port the kernel says is free now.
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EMFILE) }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        guard bound == 0 else { throw POSIXError(.EADDRINUSE) }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
