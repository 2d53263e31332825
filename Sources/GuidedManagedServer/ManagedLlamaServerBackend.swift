public import GuidedBackends
import GuidedHTTP
import GuidedLlamaServer
import GuidedSchema
import GuidedServerBackends

/// The embedded default: a `llama-server` this process starts, serves through, and stops.
///
/// It runs a model of ``ModelCatalogue`` by name — Qwen2.5-Coder-1.5B-Instruct unless configured
/// otherwise, prompted through its chat template — or any GGUF file.
///
/// Started on first use on a free 127.0.0.1 port under a memory limit, ready only once
/// `/health` answers 200 and a one-token completion succeeds, and stopped when the process
/// exits (or ``shutdown()`` is called). Unavailable, with a precise reason, when the binary or
/// the model is missing or the server fails to start. A server that died is started again on
/// the next availability check.
public final class ManagedLlamaServerBackend: LanguageModelBackend {
    /// Settings of the managed server.
    public struct Settings: Sendable {
        /// Path to `llama-server`; nil to search (see ``ManagedServerLocator``).
        public var binary: String?
        /// The model: a name from ``ModelCatalogue`` (installed by `scripts/setup-model` and
        /// checked against its SHA-256 before it loads) or the path of a GGUF file; nil for
        /// `GUIDED_MODEL`, else ``ModelCatalogue/defaultModel``.
        public var model: String?
        /// How requests are shown to the model; nil for the catalogue's style, or — for a file
        /// of your own — ``PromptStyle/chat`` when its GGUF carries a chat template and
        /// ``PromptStyle/completion`` when it does not.
        public var promptStyle: PromptStyle?
        /// Context size in tokens.
        public var contextSize: Int = 4096
        /// Threads for generation.
        public var threads: Int = 2
        /// Slots: completions the server runs side by side (`-np`), which is how many
        /// candidates one request can generate at once from one evaluation of the prompt.
        public var slots: Int = 4
        /// Address-space limit for the server, in MiB.
        public var memoryLimitMB: Int = 4000
        /// How long the server may take to become ready.
        public var startupTimeout: Duration = .seconds(90)
        /// Total time allowed per request.
        public var requestTimeout: Duration = .seconds(120)
        /// The longest a streamed response may send nothing.
        public var idleTimeout: Duration = .seconds(8)
        /// Tokens generated when a request sets no maximum.
        public var defaultMaximumTokens: Int = 512
        /// The adapters to load (``ModelAdapter``), each name with its GGUF file; nil for the
        /// installed adapters whose metadata names the catalogue model (see ``ManagedServerLocator``),
        /// empty for none.
        /// The server loads them all at scale 0 and applies one to the requests that ask for it.
        public var adapters: [String: String]?
        /// Whether the server is shared, and how long it outlives its last user: nil (the
        /// default) for a server of this process's own, stopped with it; a duration to share
        /// one server with this user's other processes that start it with the same settings and
        /// cache (`SharedServer`) — the first starts it, the others join it, and it stops once
        /// nobody has used it for that long.
        public var sharedIdle: Duration?

        /// Default settings.
        public init() {}
    }

    /// The configured name.
    public let name: String
    /// `managed-llama-server`: the `kind` a configuration entry names to get this backend.
    public let kind = "managed-llama-server"
    /// Same as llama-server's.
    public let capabilities = BackendCapabilities(
        grammar: true, jsonSchema: true, greedy: true, topK: true, topP: true,
        seed: true, streaming: true, tokenCounting: true)
    let settings: Settings
    let locator: ManagedServerLocator
    let client: HTTPClient
    private let state = ManagedServerState()

    /// Creates the backend; nothing starts until it is first used. The server binary and the
    /// model are found as ``Settings/binary`` and ``Settings/model`` say, else in the places
    /// `scripts/setup-model` installs them.
    public convenience init(name: String, settings: Settings = Settings()) {
        self.init(name: name, settings: settings, locator: ManagedServerLocator(), client: HTTPClient())
    }

    /// Creates the backend with its own way to find the binary and model, and an HTTP client.
    package init(
        name: String, settings: Settings = Settings(), locator: ManagedServerLocator = ManagedServerLocator(),
        client: HTTPClient
    ) {
        self.name = name
        self.settings = settings
        self.locator = locator
        self.client = client
    }

    /// Starts the server if needed; available once it answers.
    public func availability() async -> BackendAvailability {
        switch await state.server(for: self) {
        case .success(let running): return await running.backend.availability()
        case .failure(let reason): return .unavailable(reason)
        }
    }

    /// The running server's backend, or an `unavailable` error with the reason.
    func running() async throws(BackendError) -> LlamaServerBackend {
        switch await state.server(for: self) {
        case .success(let running): return running.backend
        case .failure(let reason): throw BackendError(.unavailable, backend: name, reason.message)
        }
    }

    /// Generates on the managed server.
    public func respond(to request: BackendRequest) async throws(BackendError) -> BackendResponse {
        let backend = try await running()
        var response = try await backend.respond(to: request)
        response.backend = name
        return response
    }

    /// Candidates side by side on the managed server's slots.
    public func respond(to request: BackendRequest, candidates count: Int) async throws(BackendError)
        -> [CandidateResult]
    {
        let backend = try await running()
        return try await backend.respond(to: request, candidates: count).map { result in
            result.map { response in
                var renamed = response
                renamed.backend = name
                return renamed
            }.mapError { error in
                var renamed = error
                renamed.backend = name
                return renamed
            }
        }
    }

    /// Streams from the managed server.
    public func streamResponse(to request: BackendRequest) -> AsyncThrowingStream<BackendStreamEvent, any Error> {
        AsyncThrowingStream(bufferingPolicy: .bufferingNewest(BackendStreaming.bufferedEvents)) { continuation in
            let task = Task {
                do {
                    let backend = try await self.running()
                    for try await event in backend.streamResponse(to: request) { continuation.yield(event) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Token count from the managed server.
    public func tokenCount(of text: String) async throws(BackendError) -> TokenCount {
        try await running().tokenCount(of: text)
    }

    /// The managed server's model's most likely first tokens for `request`.
    public func nextTokenLogProbabilities(for request: BackendRequest, count: Int) async throws(BackendError)
        -> [TokenLogProbability]
    {
        try await running().nextTokenLogProbabilities(for: request, count: count)
    }

    /// Token count of `request`'s prompt as the managed server's model is shown it.
    public func tokenCount(of request: BackendRequest) async throws(BackendError) -> TokenCount {
        try await running().tokenCount(of: request)
    }

    /// `grammar`, as on any llama-server.
    public func constraintField(for request: BackendRequest) -> String? { request.schema == nil ? nil : "grammar" }

    /// The configured style, else the catalogue model's, else — for a GGUF file — ``PromptStyle/chat``
    /// when it carries a chat template; nil when the model cannot be read. Known without starting
    /// the server.
    public var promptStyle: PromptStyle? {
        settings.promptStyle ?? locator.promptStyle(of: settings.model)
    }

    /// Context size of the managed server.
    public func contextSize() async throws(BackendError) -> Int {
        try await running().contextSize()
    }

    /// The port the server listens on, once running.
    public var port: Int? { get async { await state.port } }

    /// The adapters the running server was started without, by name, each with why: llama-server
    /// could not load them (a broken or foreign file; its path and llama-server's words), or their
    /// metadata is unusable or missing (the file and what is wrong). A broken adapter disables
    /// only itself, and its requests are shown worked examples instead.
    public var leftOutAdapters: [String: String] { get async { await state.leftOutAdapters } }

    /// Stops the server now (it would be stopped at exit anyway).
    public func shutdown() async { await state.stop() }
}
