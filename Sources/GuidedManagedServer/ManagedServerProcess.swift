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
package final class ManagedServerProcess: Sendable {
    let port: Int
    let logPath: String
    private let process: Mutex<Process?>

    /// Every live server, so an exit handler can stop them all.
    static let live = Mutex<[ObjectIdentifier: ManagedServerProcess]>([:])
    private static let exitHandler: Void = { atexit { ManagedServerProcess.stopAll() } }()

    /// The server's process group (its pid), when it leads one.
    let group: pid_t?

    private init(port: Int, logPath: String, process: Process, group: pid_t?) {
        self.port = port
        self.logPath = logPath
        self.process = Mutex(process)
        self.group = group
    }

    /// llama-server's arguments for `model` on `port`. Each of `adapters` (GGUF LoRA files) is
    /// loaded at scale 0 (`--lora-scaled FILE:0,FILE:0`, one argument for all: llama-server warns
    /// that a repeated `--lora-scaled` is deprecated; measured on this build, `--lora-init-without-apply`
    /// still applies every adapter at scale 1 to a request that names none): a request applies the
    /// one it asks for, by its place in this list. With adapters, the host-memory prompt cache is off
    /// (`--cache-ram 0`): it restores a saved prompt by its tokens alone, so a prompt evaluated
    /// with an adapter could be reused for a request without it. A slot's own cache is safe: the
    /// server clears it when a request's adapter scales differ from the slot's.
    package static func serverArguments(
        model: String, port: Int, contextSize: Int, threads: Int, slots: Int, adapters: [String]
    ) -> [String] {
        let base = [
            "-m", model, "--host", "127.0.0.1", "--port", String(port), "-c", String(contextSize),
            "--threads", String(threads), "-np", String(slots), "--kv-unified", "--swa-full", "--no-webui",
            "-b", String(promptBatch), "-ub", String(promptBatch),
        ]
        guard !adapters.isEmpty else { return base }
        return base + ["--lora-scaled", adapters.map { $0 + ":0" }.joined(separator: ","), "--cache-ram", "0"]
    }

    /// Prompt tokens the server evaluates per step (`-b`, `-ub`). A streamed request hears about
    /// its prompt's progress once per step (`return_progress`), and that is what keeps the idle
    /// timeout from cutting a long prompt: with llama-server's default of 2,048, a 300-token chat
    /// prompt on Qwen2.5-Coder-1.5B was one silent 8-second step on 2 cores, and every such
    /// request timed out. With 128, progress comes every 2–3 s, and the prompt was no slower
    /// (7.3 s against 8.4 s for 300 tokens, measured here).
    static let promptBatch = 128

    /// Starts `binary` serving `model` on a free 127.0.0.1 port.
    /// `--kv-unified` lets every slot use the whole context from one shared pool (with an explicit
    /// `-np 4` llama-server otherwise splits 4096 tokens into four slots of 1024).
    /// `--swa-full` keeps the whole sliding-window cache (Gemma 3 uses sliding-window
    /// attention), so a prompt that shares a prefix with the last one reuses its evaluation —
    /// measured: a 300-token few-shot prompt re-evaluated 257 tokens without it, about 50 with it.
    /// Each of `adapters` (GGUF LoRA files) is loaded at scale 0 (see ``serverArguments``).
    static func start(
        binary: String, model: String, contextSize: Int, threads: Int, slots: Int, memoryLimitMB: Int,
        adapters: [String] = []
    ) throws -> ManagedServerProcess {
        _ = exitHandler
        let port = try freePort()
        // A log that cannot be made (an unwritable temporary folder) goes nowhere, never to the
        // user's terminal; the start error then has no tail to quote.
        let logPath = (makeLogFolder() ?? "/nonexistent") + "/server.log"
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // ulimit -v: a malformed grammar has been seen to make llama-server eat all memory.
        process.arguments =
            [
                "-c",
                "ulimit -v \(addressSpaceKilobytes(memoryLimitMB)) && exec setpriv --pdeathsig KILL -- \"$0\" \"$@\"",
                binary,
            ]
            + serverArguments(
                model: model, port: port, contextSize: contextSize, threads: threads, slots: slots, adapters: adapters)
        let log = FileHandle(forWritingAtPath: logPath) ?? FileHandle.nullDevice
        process.standardOutput = log
        process.standardError = log
        process.standardInput = FileHandle.nullDevice
        try SpawningThread.shared.run { try process.run() }
        // Foundation starts a child as the leader of a process group of its own; the server and
        // anything a wrapper script starts stay in it, so stopping the group stops them all.
        let pid = process.processIdentifier
        let group = getpgid(pid) == pid ? pid : nil
        ServerProcessGroups.shared.add(group)
        let server = ManagedServerProcess(port: port, logPath: logPath, process: process, group: group)
        live.withLock { $0[ObjectIdentifier(server)] = server }
        return server
    }

    /// A fresh folder of the user's own (`mkdtemp`, mode 0700) in the temporary folder, for the
    /// server's log; nil when none can be made. A predictable path (`guided-llama-server-PORT.log`)
    /// let whatever stood there be written through (a symbolic link) or deleted recursively at
    /// exit (a folder).
    static func makeLogFolder() -> String? {
        var template = Array((NSTemporaryDirectory() + "guided-llama-server-XXXXXX").utf8CString)
        return template.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress, let made = mkdtemp(base) else { return nil }
            return String(cString: made)
        }
    }

    /// Removes the log file and its folder, and nothing else: never recursively.
    static func removeLog(_ path: String) {
        unlink(path)
        rmdir((path as NSString).deletingLastPathComponent)
    }

    /// Whether the child is still running.
    var isRunning: Bool { process.withLock { $0?.isRunning ?? false } }

    /// The exit status, once it has exited.
    var exitStatus: Int32? { process.withLock { $0.flatMap { $0.isRunning ? nil : $0.terminationStatus } } }

    /// The last lines of the server's log, for error messages: on one line, its control
    /// characters escaped (``TerminalText``), since the server writes it.
    func logTail(lines: Int = 5) -> String { LogTail.lines(lines, of: logPath) }

    /// SIGTERM, then SIGKILL after two seconds, to the server's whole process group; waits for
    /// the exit, then removes the log (its tail has gone into any error already reported).
    ///
    /// The group, not just the child: a `binary` that is a wrapper script runs the real server as
    /// its own child, which a signal to the script alone left running, orphaned (and the wait for
    /// the script blocked until it exited).
    func stop() {
        defer { Self.removeLog(logPath) }
        let child = process.withLock { current -> Process? in
            defer { current = nil }
            return current
        }
        ManagedServerProcess.live.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(self)) }
        ServerProcessGroups.shared.remove(group)
        guard let child else { return }
        if child.isRunning {
            signalServer(child, SIGTERM)
            let deadline = Date().addingTimeInterval(2)
            while child.isRunning && Date() < deadline { usleep(10_000) }
        }
        // Whatever is left of the group (a wrapper's server outlives the wrapper) is killed too.
        signalServer(child, SIGKILL)
        Self.waitUntilGone(child, seconds: 5)
    }

    /// `memoryLimitMB` in kilobytes for `ulimit -v`, but no more than the limit guided itself
    /// runs under: a shell may lower its limit, never raise it, and `ulimit -v 4096000` under a
    /// smaller one failed every start with a message that named the wrapper, not the setting.
    static func addressSpaceKilobytes(_ memoryLimitMB: Int) -> Int {
        let configured = memoryLimitMB * 1024
        #if canImport(Glibc)
            var limit = rlimit()
            guard getrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else {
                return configured
            }
            return max(1, min(configured, Int(limit.rlim_cur / 1024)))
        #else
            return configured
        #endif
    }

    /// Waits, at most `seconds`, until `child` has exited. Not `Process.waitUntilExit()`: when a
    /// wrapper's server left the process group (`setsid`) and so survived the group's SIGKILL,
    /// Foundation never saw the killed wrapper exit, and the wait lasted as long as that server
    /// did. Such a server is out of Guided's reach; guided still ends.
    static func waitUntilGone(_ child: Process, seconds: Double) {
        let deadline = Date().addingTimeInterval(seconds)
        while child.isRunning && !hasExited(child.processIdentifier) && Date() < deadline { usleep(10_000) }
    }

    /// Whether the child `pid` has exited, every thread of it (`waitid` with `WNOWAIT`, so
    /// Foundation still reaps it). Not `/proc/PID/stat`'s `Z`: a process whose main thread has
    /// ended shows `Z` there while its other threads still hold its sockets open.
    static func hasExited(_ pid: Int32) -> Bool {
        var info = siginfo_t()
        guard waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 else { return errno == ECHILD }
        return info.si_signo == SIGCHLD
    }

    /// Sends `signal` to the server's process group, or to the child alone if it has none.
    private func signalServer(_ child: Process, _ signal: Int32) {
        if let group { kill(-group, signal) } else if child.isRunning { kill(child.processIdentifier, signal) }
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
