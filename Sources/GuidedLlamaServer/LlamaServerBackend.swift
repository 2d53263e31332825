public import GuidedBackends
import GuidedGrammar
public import GuidedHTTP
import GuidedJSON
import GuidedSchema
import GuidedServerBackends
import Synchronization

/// A llama.cpp `llama-server`: `/completion` with a compiled GBNF grammar, `/health` for
/// availability, `/tokenize` and `/props` for tokens and context.
///
/// Works with base models, whose prompt ``CompletionPrompt`` renders (``PromptStyle/completion``),
/// and with instruction-tuned models (``PromptStyle/chat``): the request's turns
/// (``ChatPrompt``) go through the model's own chat template at `/apply-template`, and the text
/// it gives goes to `/completion` like any prompt, so grammars, candidates, adapters and token
/// caps work the same in both. Every output is validated against the full schema; an output cut
/// by the token limit is a failure. Reproducible modes send `cache_prompt: false`.
public final class LlamaServerBackend: LanguageModelBackend {
    /// The configured name.
    public let name: String
    /// `llama-server`.
    public let kind: String
    /// The server's base URL, e.g. `http://127.0.0.1:8080`.
    package let baseURL: String
    /// Tokens generated when the request sets no maximum.
    package let defaultMaximumTokens: Int
    /// How requests are shown to the model: a completion prompt, or chat turns through the
    /// model's chat template.
    let style: PromptStyle
    let http: JSONOverHTTP
    private let cachedContextSize = Mutex<Int?>(nil)
    let cachedSlots = Mutex<Int?>(nil)
    /// Generations in flight, held to the server's slots (see ``SlotGate``).
    let slotGate = SlotGate(clock: ContinuousClock())
    /// When `/health` last answered 200 (see ``availability()``).
    let lastHealthy = Mutex<ContinuousClock.Instant?>(nil)
    /// How long after a healthy answer a slow `/health` still means busy.
    static let busyGrace = Duration.seconds(120)
    /// The same slots held across this user's processes (see ``SlotLocks``).
    let slotLocks: SlotLocks
    /// The adapters the server has loaded, by name, with their ids and calibrations; nil until
    /// known (``loadedAdapter(named:)``). Once it is known and not empty, every request lists them
    /// all with its own scales.
    let loadedAdapters: Mutex<[String: LoadedAdapter]?>

    /// Grammar, GBNF, capabilities.
    public let capabilities = BackendCapabilities(
        grammar: true, jsonSchema: true, greedy: true, topK: true, topP: true,
        seed: true, streaming: true, tokenCounting: true)

    /// Creates a backend for the server at `baseURL`. `certificateAuthorities` is a PEM file of
    /// the authorities an `https` server must chain to, instead of the system's; `promptStyle`
    /// says whether the server's model is a base model (``PromptStyle/completion``) or an
    /// instruction-tuned one whose chat template renders the prompt (``PromptStyle/chat``).
    public convenience init(
        name: String, baseURL: String, client: HTTPClient = HTTPClient(), kind: String = "llama-server",
        timeout: Duration = .seconds(120), idleTimeout: Duration = .seconds(8),
        defaultMaximumTokens: Int = 512, certificateAuthorities: String? = nil, promptStyle: PromptStyle = .completion
    ) {
        self.init(
            name: name, baseURL: baseURL, client: client, kind: kind, timeout: timeout, idleTimeout: idleTimeout,
            defaultMaximumTokens: defaultMaximumTokens, certificateAuthorities: certificateAuthorities,
            promptStyle: promptStyle, adapters: nil)
    }

    /// Creates a backend for a server whose adapters are known: `adapters` maps each adapter's
    /// name to its id and calibration (the server was started with them, at scale 0); nil to ask
    /// the server.
    package init(
        name: String, baseURL: String, client: HTTPClient = HTTPClient(), kind: String = "llama-server",
        timeout: Duration = .seconds(120), idleTimeout: Duration = .seconds(8),
        defaultMaximumTokens: Int = 512, certificateAuthorities: String? = nil, promptStyle: PromptStyle = .completion,
        adapters: [String: LoadedAdapter]?
    ) {
        self.loadedAdapters = Mutex(adapters)
        self.style = promptStyle
        self.name = name
        self.kind = kind
        let credentials = URLCredentials(baseURL)
        self.baseURL = credentials.url
        self.slotLocks = SlotLocks(baseURL: credentials.url)
        self.defaultMaximumTokens = defaultMaximumTokens
        var http = JSONOverHTTP(
            client: client, backend: name, credentials: credentials, connectTimeout: .seconds(2), timeout: timeout)
        http.idleTimeout = idleTimeout
        http.certificateAuthorities = certificateAuthorities
        self.http = http
    }

    /// `/health`: connection refused → unreachable, 503 → loading, 200 → available. A server
    /// that answered 200 within the last ``busyGrace`` and now takes over 3 s to answer is busy,
    /// not unhealthy (a one-slot server under many processes' requests): it stays available, and
    /// the request's own idle timeout and deadline bound what it then costs.
    public func availability() async -> BackendAvailability {
        do {
            let reply = try await http.send(baseURL + "/health", timeout: .seconds(3))
            switch reply.status {
            case 200:
                lastHealthy.withLock { $0 = .now }
                return .available
            case 503:
                return .unavailable(UnavailableReason(.loading, "llama-server at \(baseURL) is loading its model"))
            default:
                return .unavailable(
                    UnavailableReason(.unhealthy, "llama-server at \(baseURL) answered /health with \(reply.status)"))
            }
        } catch {
            if error.code == .timeout, let healthy = lastHealthy.withLock({ $0 }), .now - healthy < Self.busyGrace {
                return .available
            }
            let code: UnavailableReason.Code = error.code == .unavailable ? .unreachable : .unhealthy
            return .unavailable(UnavailableReason(code, "llama-server at \(baseURL): \(error.message)"))
        }
    }

    /// Generates, checks the stop reason and validates the output.
    ///
    /// The request goes out streamed (``streamResponse(to:)``) even though only the final
    /// response is returned: a generation that sends nothing until it is done cannot be told
    /// from a server that hangs, while a stream shows progress token by token, so the idle
    /// timeout (default 8 s) leaves a silent server without cutting a slow one.
    public func respond(to request: BackendRequest) async throws(BackendError) -> BackendResponse {
        try await BackendStreaming.response(of: streamResponse(to: request), backend: name)
    }

    /// The response a whole (not streamed) `/completion` reply amounts to: its status checked,
    /// its `content` validated; `adapter` is the adapter it was generated with.
    func finishWhole(
        _ reply: JSONOverHTTP.Reply, request: BackendRequest, adapter: AppliedAdapter? = nil,
        started: ContinuousClock.Instant
    ) throws(BackendError) -> BackendResponse {
        try checkStatus(reply)
        guard let json = reply.json, let text = json["content"]?.stringValue else {
            throw BackendError(
                .malformedResponse, backend: name, "/completion answered without \"content\"",
                excerpt: OutputValidation.excerpt(reply.text))
        }
        return try finish(text: text, final: json, request: request, adapter: adapter, started: started)
    }

    /// The prompt and request body, after checking the grammar and the context budget, and the
    /// adapter it applies: the request's, when the server has loaded it — its prompt then shows
    /// no worked examples, which the adapter stands in for.
    /// With `candidates` above one, asks for that many completions of the one prompt
    /// (`n_cmpl`, the caller keeps it within the server's slots) and checks that they all fit.
    func prepare(_ request: BackendRequest, stream: Bool = false, candidates: Int = 1) async throws(BackendError) -> (
        prompt: String, body: GeneratedContent, adapter: AppliedAdapter?
    ) {
        var adapter: (applied: AppliedAdapter, id: Int)?
        if let asked = request.adapter, let loaded = await loadedAdapter(named: asked) {
            adapter = (AppliedAdapter(name: asked, calibration: loaded.calibration), loaded.id)
        }
        var shown = request
        if adapter != nil { shown.examples = [] }
        let prompt = try await render(shown)
        var grammar = request.grammar
        if compilesGrammar(of: request), let schema = request.schema {
            do {
                grammar = try VerifiedGrammar.gbnf(
                    for: schema, groundedVocabulary: request.groundedVocabulary,
                    completionFrame: framesOutput(of: request))
            } catch {
                throw BackendError(.grammarRejected, backend: name, error.description)
            }
        }
        let maximum = request.options.maximumResponseTokens ?? defaultMaximumTokens
        if let context = try? await contextSize() {
            let promptTokens = try await tokenCount(of: prompt).value
            // Every candidate's tokens share the context with the one prompt. Compared without
            // adding: a server may report any n_ctx, a caller any maximum.
            let room = (context - min(promptTokens, context)) / max(1, candidates)
            if maximum > room || promptTokens > context {
                var error = BackendError(
                    .contextExceeded, backend: name,
                    "the prompt takes \(promptTokens) tokens and \(candidates) response\(candidates == 1 ? "" : "s") may take \(maximum) each; the context holds \(context)"
                )
                let (needed, overflowed) = maximum.multipliedReportingOverflow(by: max(1, candidates))
                error.contextOverflow = ContextOverflow(
                    contextSize: context,
                    tokenCount: overflowed ? Int.max : promptTokens.addingReportingOverflow(needed).partialValue)
                throw error
            }
        }
        var options = request.options
        if style == .chat, request.repetitionPenaltyIsDefault {
            // The framework's penalty is a base model's; a chat model gets none (BackendRequest).
            options.repetitionPenalty = nil
        }
        if framesOutput(of: request), request.groundedVocabulary?.restated != nil {
            // DRY counts the prompt, so it would punish the restated fact for repeating the
            // prompt's quotation, and the grammar's closed lead-in cannot run on: no penalty.
            options.repetitionPenalty = nil
        }
        let body = try LlamaServerRequestBody.make(
            prompt: prompt, grammar: grammar, options: options, maximumTokens: maximum, stream: stream,
            candidates: candidates, tokenLogProbabilities: request.tokenLogProbabilities,
            stops: stops(for: request),
            adapters: adapterScales(applying: adapter?.id), backend: name)
        return (prompt, body, adapter?.applied)
    }

    /// Whether this backend compiles `request`'s grammar: for every schema, unless a precompiled
    /// grammar comes with it and no grounded vocabulary (that one is sent as it was written).
    func compilesGrammar(of request: BackendRequest) -> Bool {
        request.schema != nil && (request.grammar == nil || request.groundedVocabulary != nil)
    }

    /// Whether the compiled grammar carries the ``CompletionFrame``: for a completion prompt,
    /// whose base model goes on after the value with a line break. A chat model ends its turn
    /// with its end-of-turn token, which a grammar that ends at the value lets through.
    func framesOutput(of request: BackendRequest) -> Bool {
        style == .completion && compilesGrammar(of: request)
    }

    /// The stop sequences for `request`: a completion prompt's (``CompletionPrompt/stops(for:)``,
    /// and the frame's line break), or for chat the request's own — the model ends its turn itself.
    func stops(for request: BackendRequest) -> [String] {
        switch style {
        case .completion:
            CompletionPrompt.stops(for: request) + (framesOutput(of: request) ? [CompletionFrame.stop] : [])
        case .chat: request.options.stopSequences ?? []
        }
    }

    func checkStatus(_ reply: JSONOverHTTP.Reply) throws(BackendError) {
        switch reply.status {
        case 200: return
        case 503: throw BackendError(.unavailable, backend: name, "llama-server is loading its model")
        case 400 where JSONOverHTTP.errorMessage(reply).contains("grammar"):
            throw BackendError(.grammarRejected, backend: name, JSONOverHTTP.errorMessage(reply))
        case 400 where JSONOverHTTP.errorMessage(reply).contains("context"):
            var error = BackendError(.contextExceeded, backend: name, JSONOverHTTP.errorMessage(reply))
            // llama-server's exceed_context_size_error names both numbers.
            if let context = reply.json?["error"]?["n_ctx"]?.intValue,
                let prompt = reply.json?["error"]?["n_prompt_tokens"]?.intValue
            {
                error.contextOverflow = ContextOverflow(contextSize: context, tokenCount: prompt)
            }
            throw error
        default:
            throw BackendError(
                .httpStatus, backend: name, "/completion answered \(reply.status): \(JSONOverHTTP.errorMessage(reply))")
        }
    }

    /// Checks the stop reason of a finished generation and validates its text, redacted as text
    /// and again once its JSON is decoded (``JSONOverHTTP/redactStrings(in:)``).
    /// `probabilities`: the `completion_probabilities` entries gathered from a stream's events,
    /// used when the final event carries none.
    func finish(
        text: String, final json: GeneratedContent, probabilities: [GeneratedContent] = [], request: BackendRequest,
        adapter: AppliedAdapter? = nil, started: ContinuousClock.Instant
    ) throws(BackendError) -> BackendResponse {
        let text = http.redact(framesOutput(of: request) ? CompletionFrame.value(of: text) : text)
        let stop = StopReason(rawValue: json["stop_type"]?.stringValue ?? "") ?? .unknown
        let cut = stop == .limit || json["truncated"]?.boolValue == true
        if cut, request.schema != nil {
            var failure = BackendError(
                .truncated, backend: name,
                "the output was cut by the token limit (stop_type \(json["stop_type"]?.stringValue ?? "?"))",
                excerpt: OutputValidation.excerpt(text))
            failure.rawOutput = text
            throw failure
        }
        let content = try OutputValidation.content(from: text, schema: request.schema, backend: name) {
            http.redactStrings(in: try JSONReader.parse($0))
        }
        var response = BackendResponse(
            backend: name, content: content, text: text,
            tokensGenerated: json["tokens_predicted"]?.intValue, promptTokens: json["tokens_evaluated"]?.intValue,
            stopReason: cut ? .limit : stop, milliseconds: started.millisecondsAgo,
            tokensPerSecond: json.value(at: ["timings", "predicted_per_second"])?.doubleValue,
            tokenLogProbabilities: ([json["completion_probabilities"]?.arrayValue ?? [], probabilities].first {
                !$0.isEmpty
            }).map(Self.tokenLogProbabilities))
        response.cachedPromptTokens = json.value(at: ["timings", "cache_n"])?.intValue
        response.mark(generatedWith: adapter)
        return response
    }

    /// Exact token count from `/tokenize`.
    public func tokenCount(of text: String) async throws(BackendError) -> TokenCount {
        let reply = try await http.send(
            baseURL + "/tokenize", body: ["content": GeneratedContent(text)], timeout: .seconds(10))
        guard reply.status == 200, let tokens = reply.json?["tokens"]?.arrayValue else {
            throw BackendError(.malformedResponse, backend: name, "/tokenize answered \(reply.status)")
        }
        return .exact(tokens.count)
    }

    /// ``PromptStyle/completion`` for a base model, ``PromptStyle/chat`` for an instruct model's
    /// chat template, as configured.
    public var promptStyle: PromptStyle? { style }

    /// `grammar`: Guided's GBNF goes in `/completion`'s `grammar` field.
    public func constraintField(for request: BackendRequest) -> String? { request.schema == nil ? nil : "grammar" }

    /// The context size from `/props` (cached after the first answer, with the slot count the
    /// same answer gives, so one `/props` serves both).
    public func contextSize() async throws(BackendError) -> Int {
        if let cached = cachedContextSize.withLock({ $0 }) { return cached }
        let reply = try await http.send(baseURL + "/props", timeout: .seconds(5))
        guard reply.status == 200, let size = reply.json?.value(at: ["default_generation_settings", "n_ctx"])?.intValue
        else {
            throw BackendError(.malformedResponse, backend: name, "/props answered \(reply.status) without n_ctx")
        }
        cachedContextSize.withLock { $0 = size }
        cacheSlots(from: reply)
        return size
    }
}

extension LlamaServerBackend {
    /// A one-token completion succeeds: `/health` 200 means "model loaded", not "able to serve".
    package func canServe() async -> Bool {
        guard
            let reply = try? await http.send(
                baseURL + "/completion", body: ["prompt": "ping", "n_predict": 1], timeout: .seconds(30))
        else {
            return false
        }
        return reply.status == 200
    }
}
