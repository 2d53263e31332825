import GuidedBackends
import GuidedJSON
import GuidedLlamaServer

/// The managed server's life cycle; concurrent first requests share one start.
actor ManagedServerState {
    struct Running: Sendable {
        let process: ManagedServerProcess
        let backend: LlamaServerBackend
    }

    private var running: Running?
    private var starting: Task<Result<Running, UnavailableReason>, Never>?

    var port: Int? { running?.process.port }

    func server(for owner: ManagedLlamaServerBackend) async -> Result<Running, UnavailableReason> {
        if let running, running.process.isRunning { return .success(running) }
        if let running {
            running.process.stop()
            self.running = nil
        }
        if let starting { return await starting.value }
        let task = Task { await ManagedServerStarter(owner: owner).start() }
        starting = task
        let result = await task.value
        starting = nil
        if case .success(let started) = result { running = started }
        return result
    }

    func stop() {
        running?.process.stop()
        running = nil
    }
}

/// Finds, starts and waits for a server.
struct ManagedServerStarter {
    let owner: ManagedLlamaServerBackend

    func start() async -> Result<ManagedServerState.Running, UnavailableReason> {
        let settings = owner.settings
        guard let binary = owner.locator.serverBinary(configured: settings.binary) else {
            let location = settings.binary.map { " at \($0)" } ?? ""
            let unread = owner.locator.runtimeFile?.problems ?? []
            let because =
                unread.isEmpty
                ? "" : " (runtime.env has lines that are not KEY=value: \(unread.joined(separator: "; ")))"
            return .failure(
                UnavailableReason(
                    .binaryMissing, "llama-server not found\(location)\(because): run scripts/setup-model"))
        }
        let model: ResolvedModel
        switch owner.locator.model(configured: settings.model) {
        case .success(let resolved): model = resolved
        case .failure(let reason): return .failure(reason)
        }
        // The port was free when chosen, but another socket on the machine (tests and servers bind
        // and connect all the time) can take it before llama-server binds it: try a new one.
        for _ in 1..<Self.portAttempts {
            let result = await start(binary: binary, model: model)
            guard case .failure(let reason) = result, reason.message.contains(Self.bindFailure) else { return result }
        }
        return await start(binary: binary, model: model)
    }

    /// How many ports to try.
    static let portAttempts = 3
    /// What llama-server logs when its port is taken (it exits at once, before loading the model).
    static let bindFailure = "couldn't bind"

    /// Starts one server on a free port and waits until it is ready, exits or runs out of time.
    private func start(binary: String, model: ResolvedModel) async -> Result<
        ManagedServerState.Running, UnavailableReason
    > {
        let settings = owner.settings
        let adapters = owner.locator.adapters(configured: settings.adapters, for: model.catalogue)
        let process: ManagedServerProcess
        do {
            process = try ManagedServerProcess.start(
                binary: binary, model: model.file, contextSize: settings.contextSize,
                threads: settings.threads, slots: settings.slots, memoryLimitMB: settings.memoryLimitMB,
                adapters: adapters.map(\.file))
        } catch {
            return .failure(UnavailableReason(.unhealthy, "could not start \(binary): \(error)"))
        }
        // The server numbers its adapters in the order of its --lora files.
        let ids = Dictionary(adapters.enumerated().map { ($0.element.name, $0.offset) }) { first, _ in first }
        let backend = LlamaServerBackend(
            name: owner.name, baseURL: "http://127.0.0.1:\(process.port)", client: owner.client,
            kind: owner.kind, timeout: settings.requestTimeout, idleTimeout: settings.idleTimeout,
            defaultMaximumTokens: settings.defaultMaximumTokens,
            promptStyle: settings.promptStyle ?? model.promptStyle, adapters: ids)
        let deadline = ContinuousClock.now + settings.startupTimeout
        while ContinuousClock.now < deadline {
            if !process.isRunning {
                let reason = UnavailableReason(
                    .unhealthy,
                    "llama-server exited (status \(process.exitStatus ?? -1)) while starting: \(process.logTail())")
                process.stop() // removes the log, which was left behind here
                return .failure(reason)
            }
            if await backend.availability() == .available, await backend.canServe() {
                return .success(.init(process: process, backend: backend))
            }
            try? await Task.sleep(for: .milliseconds(50))
        }
        let tail = process.logTail() // before stop(), which removes the log
        process.stop()
        return .failure(
            UnavailableReason(.loading, "llama-server did not become ready within \(settings.startupTimeout): \(tail)"))
    }
}
