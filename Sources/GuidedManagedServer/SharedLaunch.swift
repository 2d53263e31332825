import Foundation
import GuidedBackends
import GuidedLlamaServer
import Synchronization

/// Joins the llama-server this user's other processes share (``SharedServer``), or starts it
/// under its supervisor for them all, while holding the start lock: two processes starting at
/// once start one server.
struct SharedLaunch {
    let owner: ManagedLlamaServerBackend
    let shared: SharedServer
    let idle: Duration

    /// Supervisors this process started, kept so Foundation keeps watching (and reaping) them.
    static let supervisors = Mutex<[Process]>([])

    func run(binary: String, model: ResolvedModel, adapters: [AdapterFile]) async
        -> Result<ManagedServerState.Running, UnavailableReason>
    {
        let settings = owner.settings
        let deadline = ContinuousClock.now + settings.startupTimeout
        guard let startLock = await shared.lockStart(until: deadline) else {
            return .failure(
                UnavailableReason(
                    .loading, "another process was starting the shared llama-server for over \(settings.startupTimeout)"
                ))
        }
        defer { startLock.release() }
        if let found = shared.discovered() {
            let backend = ManagedServerStarter.backend(of: owner, port: found.port, model: model, adapters: adapters)
            if await backend.availability() == .available, let lease = shared.lease() {
                return .success(
                    .init(
                        process: SharedServerLease(port: found.port, supervisor: found.supervisor, lease: lease),
                        backend: backend))
            }
            shared.forget()
        }
        return await start(binary: binary, model: model, adapters: adapters, until: deadline)
    }

    private func start(
        binary: String, model: ResolvedModel, adapters: [AdapterFile],
        until deadline: ContinuousClock.Instant
    ) async -> Result<ManagedServerState.Running, UnavailableReason> {
        let settings = owner.settings
        let process = Process()
        let port: Int
        do {
            port = try ManagedServerProcess.freePort()
            _ = FileManager.default.createFile(atPath: shared.logPath, contents: nil)
            // The supervisor stops a server whose users file is gone: it must be there first.
            close(open(shared.usersPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600))
            let log = FileHandle(forWritingAtPath: shared.logPath) ?? FileHandle.nullDevice
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            let seconds = max(1, Int(idle.components.seconds))
            process.arguments =
                [
                    "-c",
                    "ulimit -v \(ManagedServerProcess.addressSpaceKilobytes(settings.memoryLimitMB)) && exec /bin/sh -c \"$0\" sh \"$@\"",
                    SharedServer.supervisorScript, shared.usersPath, shared.lockPath, shared.foundPath,
                    String(seconds), binary,
                ]
                + ManagedServerProcess.serverArguments(
                    model: model.file, port: port, contextSize: settings.contextSize, threads: settings.threads,
                    slots: settings.slots, adapters: adapters.map(\.file))
            process.standardOutput = log
            process.standardError = log
            process.standardInput = FileHandle.nullDevice
            try SpawningThread.shared.run { try process.run() }
        } catch {
            return .failure(UnavailableReason(.unhealthy, "could not start \(binary): \(error)"))
        }
        Self.supervisors.withLock { $0.append(process) }
        let supervisor = process.processIdentifier
        let backend = ManagedServerStarter.backend(of: owner, port: port, model: model, adapters: adapters)
        while ContinuousClock.now < deadline {
            if !process.isRunning {
                return .failure(
                    ManagedServerStarter.exitedWhileStarting(
                        status: process.terminationStatus, log: shared.logPath, adapters: adapters))
            }
            if await backend.availability() == .available, await backend.canServe() {
                shared.record(port: port, supervisor: supervisor)
                guard let lease = shared.lease() else { break }
                return .success(
                    .init(
                        process: SharedServerLease(port: port, supervisor: supervisor, lease: lease), backend: backend))
            }
            try? await Task.sleep(for: .milliseconds(50))
        }
        let tail = LogTail.lines(5, of: shared.logPath)
        kill(supervisor, SIGTERM)
        shared.forget()
        return .failure(
            UnavailableReason(.loading, "llama-server did not become ready within \(settings.startupTimeout): \(tail)"))
    }
}
