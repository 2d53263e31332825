import GuidedBackends
import GuidedJSON
import GuidedLlamaServer

/// The managed server's life cycle; concurrent first requests share one start.
actor ManagedServerState {
    struct Running: Sendable {
        let process: any ServerHandle
        let backend: LlamaServerBackend
        /// Adapters left out because the server could not load them, by name, with why.
        var leftOut: [String: String] = [:]
    }

    private var running: Running?
    private var starting: Task<Result<Running, UnavailableReason>, Never>?

    var port: Int? { running?.process.port }

    /// The running server's adapters that could not be loaded, by name, with why.
    var leftOutAdapters: [String: String] { running?.leftOut ?? [:] }

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
        if let problem = OpenFileLimit.problem() { return .failure(UnavailableReason(.unhealthy, problem)) }
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
        // An adapter llama-server cannot load stops the whole server: start again without it, so
        // a broken adapter disables only itself (its requests are shown worked examples instead).
        let selection = owner.locator.adapters(configured: settings.adapters, for: model.catalogue)
        var adapters = selection.adapters
        var leftOut = selection.leftOut
        while true {
            let result = await start(binary: binary, model: model, adapters: adapters)
            guard case .failure(let reason) = result,
                let broken = adapters.first(where: {
                    reason.message.hasPrefix("llama-server could not load the adapter \($0.file) and ")
                })
            else {
                return result.map {
                    ManagedServerState.Running(process: $0.process, backend: $0.backend, leftOut: leftOut)
                }
            }
            leftOut[broken.name] = reason.message
            adapters.removeAll { $0.file == broken.file }
        }
    }

    /// One start with `adapters`, on a new port while another socket took the chosen one: the
    /// port was free when chosen, but tests and servers bind and connect all the time.
    private func start(binary: String, model: ResolvedModel, adapters: [AdapterFile]) async
        -> Result<ManagedServerState.Running, UnavailableReason>
    {
        for _ in 1..<Self.portAttempts {
            let result = await launch(binary: binary, model: model, adapters: adapters)
            guard case .failure(let reason) = result, reason.message.contains(Self.bindFailure) else { return result }
        }
        return await launch(binary: binary, model: model, adapters: adapters)
    }

    /// The backend that talks to `owner`'s server on `port`, serving `model` with `adapters`:
    /// the server numbers its adapters in the order of its `--lora` files.
    static func backend(
        of owner: ManagedLlamaServerBackend, port: Int, model: ResolvedModel, adapters: [AdapterFile]
    ) -> LlamaServerBackend {
        let settings = owner.settings
        let loaded = Dictionary(
            adapters.enumerated().map {
                ($0.element.name, LoadedAdapter(id: $0.offset, calibration: $0.element.calibration))
            }
        ) { first, _ in first }
        return LlamaServerBackend(
            name: owner.name, baseURL: "http://127.0.0.1:\(port)", client: owner.client, kind: owner.kind,
            timeout: settings.requestTimeout, idleTimeout: settings.idleTimeout,
            defaultMaximumTokens: settings.defaultMaximumTokens,
            promptStyle: settings.promptStyle ?? model.promptStyle, adapters: loaded)
    }

    /// What llama-server logs, before the file's path in quotes, when it cannot load an adapter.
    static let adapterFailure = "failed to load lora adapter "

    /// The reason of a server that exited with `status` while starting, with the end of its
    /// `log`, and first the adapter of `adapters` it could not load, if its log names one.
    static func exitedWhileStarting(status: Int32, log: String, adapters: [AdapterFile])
        -> UnavailableReason
    {
        // The adapter line comes a few lines before the end: read further back for it.
        let longer = LogTail.lines(40, of: log)
        let broken = adapters.first { longer.contains(adapterFailure + "'\($0.file)'") }
        return UnavailableReason(
            .unhealthy,
            (broken.map { "llama-server could not load the adapter \($0.file) and " } ?? "llama-server ")
                + "exited (status \(status)) while starting: \(LogTail.lines(5, of: log))")
    }

    /// How many ports to try.
    static let portAttempts = 3
    /// What llama-server logs when its port is taken (it exits at once, before loading the model).
    static let bindFailure = "couldn't bind"

    /// Starts one server on a free port and waits until it is ready, exits or runs out of time;
    /// with ``ManagedLlamaServerBackend/Settings/sharedIdle``, joins the one this user's other
    /// processes run with the same settings, or starts it for them (``SharedServer``).
    private func launch(binary: String, model: ResolvedModel, adapters: [AdapterFile]) async
        -> Result<ManagedServerState.Running, UnavailableReason>
    {
        let settings = owner.settings
        if let idle = settings.sharedIdle {
            let arguments = ManagedServerProcess.serverArguments(
                model: model.file, port: 0, contextSize: settings.contextSize, threads: settings.threads,
                slots: settings.slots, adapters: adapters.map(\.file))
            if let shared = SharedServer(
                cache: owner.locator.cacheDirectory, binary: binary,
                arguments: arguments + ["memory \(settings.memoryLimitMB)"])
            {
                return await SharedLaunch(owner: owner, shared: shared, idle: idle).run(
                    binary: binary, model: model, adapters: adapters)
            }
        }
        let process: ManagedServerProcess
        do {
            process = try ManagedServerProcess.start(
                binary: binary, model: model.file, contextSize: settings.contextSize,
                threads: settings.threads, slots: settings.slots, memoryLimitMB: settings.memoryLimitMB,
                adapters: adapters.map(\.file))
        } catch {
            return .failure(UnavailableReason(.unhealthy, "could not start \(binary): \(error)"))
        }
        let backend = Self.backend(of: owner, port: process.port, model: model, adapters: adapters)
        let deadline = ContinuousClock.now + settings.startupTimeout
        while ContinuousClock.now < deadline {
            if !process.isRunning {
                let reason = Self.exitedWhileStarting(
                    status: process.exitStatus ?? -1, log: process.logPath, adapters: adapters)
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
