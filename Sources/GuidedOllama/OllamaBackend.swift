public import GuidedBackends
import GuidedGrammar
public import GuidedHTTP
import GuidedJSON
import GuidedSchema
import GuidedServerBackends
import Synchronization

/// An Ollama server: `/api/generate` (raw completion prompt, so base models work) with
/// `format` set to the JSON Schema, `options` for sampling and seed, NDJSON streaming, and
/// availability from `/api/tags` (server up and model pulled).
public final class OllamaBackend: LanguageModelBackend {
    /// The configured name.
    public let name: String
    /// `ollama`: the `kind` a configuration entry names to get this backend.
    public let kind = "ollama"
    /// Base URL, e.g. `http://127.0.0.1:11434`.
    package let baseURL: String
    /// The model, e.g. `gemma3:270m`.
    package let model: String
    /// The context requests run with (sent as `num_ctx`), unless the model's own is smaller.
    package let fallbackContextSize: Int
    let http: JSONOverHTTP
    private let cachedContextSize = Mutex<Int?>(nil)
    let defaultMaximumTokens: Int

    /// JSON Schema (no grammar), all sampling modes and seeds; token counts are estimates.
    public let capabilities = BackendCapabilities(
        grammar: false, jsonSchema: true, greedy: true, topK: true, topP: true,
        seed: true, streaming: true, tokenCounting: false)

    /// A backend for `model` on the Ollama server at `baseURL` (`user:password@` in it becomes a
    /// Basic header). `timeout` bounds a whole request, `idleTimeout` a silence mid-response;
    /// `defaultMaximumTokens` applies when a request sets no limit; `fallbackContextSize` is the
    /// context requests run with (sent as `num_ctx`) unless the model's own is smaller;
    /// `certificateAuthorities` is a PEM file of the authorities an `https` server must chain to,
    /// instead of the system's.
    public init(
        name: String, baseURL: String, model: String, client: HTTPClient = HTTPClient(),
        timeout: Duration = .seconds(120),
        idleTimeout: Duration = .seconds(8), defaultMaximumTokens: Int = 512,
        fallbackContextSize: Int = 2048, certificateAuthorities: String? = nil
    ) {
        self.name = name
        let credentials = URLCredentials(baseURL)
        self.baseURL = credentials.url
        self.model = model
        var http = JSONOverHTTP(client: client, backend: name, credentials: credentials, timeout: timeout)
        http.idleTimeout = idleTimeout
        http.certificateAuthorities = certificateAuthorities
        self.http = http
        self.defaultMaximumTokens = defaultMaximumTokens
        self.fallbackContextSize = fallbackContextSize
    }

    /// Up and with the model pulled.
    public func availability() async -> BackendAvailability {
        do {
            let reply = try await http.send(baseURL + "/api/tags", timeout: .seconds(3))
            guard reply.status == 200, let models = reply.json?["models"]?.arrayValue else {
                return .unavailable(
                    UnavailableReason(.unhealthy, "Ollama at \(baseURL) answered /api/tags with \(reply.status)"))
            }
            let names = models.compactMap { $0["name"]?.stringValue ?? $0["model"]?.stringValue }
            let wanted = model.contains(":") ? model : model + ":latest"
            guard names.contains(model) || names.contains(wanted) else {
                return .unavailable(
                    UnavailableReason(
                        .modelMissing, "Ollama at \(baseURL) has no model \(model): run `ollama pull \(model)`"))
            }
            return .available
        } catch {
            return .unavailable(
                UnavailableReason(
                    error.code == .unavailable ? .unreachable : .unhealthy, "Ollama at \(baseURL): \(error.message)"))
        }
    }

    /// The `/api/generate` body; sampling is written by ``SamplingFields/ollama``.
    func body(_ request: BackendRequest, stream: Bool) throws(BackendError) -> GeneratedContent {
        var options: [(String, GeneratedContent)] = [
            ("num_predict", GeneratedContent(request.options.maximumResponseTokens ?? defaultMaximumTokens)),
            ("num_ctx", GeneratedContent(fallbackContextSize)),
        ]
        options += try SamplingFields.ollama.fields(for: request.options, backend: name)
        let stops = CompletionPrompt.stops(for: request)
        if !stops.isEmpty { options.append(("stop", GeneratedContent(elements: stops.map { GeneratedContent($0) }))) }
        if let penalty = request.options.repetitionPenalty {
            options.append(("repeat_penalty", GeneratedContent(1 + penalty / 3)))
        }
        var fields: [(String, GeneratedContent)] = [
            ("model", GeneratedContent(model)), ("prompt", GeneratedContent(CompletionPrompt.render(request))),
            ("raw", true), ("stream", GeneratedContent(stream)), ("options", GeneratedContent(properties: options)),
        ]
        if let schema = request.schema { fields.append(("format", schema.serverSchema(.plain).document)) }
        return GeneratedContent(properties: fields)
    }

    /// Generates and validates.
    ///
    /// The request goes out streamed (``streamResponse(to:)``) even though only the final
    /// response is returned, so the idle timeout (default 8 s) can tell a silent server from a
    /// slow generation: a whole reply sends nothing until it is done.
    public func respond(to request: BackendRequest) async throws(BackendError) -> BackendResponse {
        try await BackendStreaming.response(of: streamResponse(to: request), backend: name)
    }

    /// The response a whole (not streamed) `/api/generate` reply amounts to.
    func finishWhole(_ reply: JSONOverHTTP.Reply, request: BackendRequest, started: ContinuousClock.Instant)
        throws(BackendError) -> BackendResponse
    {
        guard reply.status == 200 else {
            throw BackendError(
                reply.status == 404 ? .unavailable : .httpStatus, backend: name,
                "/api/generate answered \(reply.status): \(JSONOverHTTP.errorMessage(reply))")
        }
        guard let json = reply.json, let text = json["response"]?.stringValue else {
            throw BackendError(
                .malformedResponse, backend: name, "/api/generate answered without \"response\"",
                excerpt: OutputValidation.excerpt(reply.text))
        }
        return try finish(text: text, final: json, request: request, started: started)
    }

    /// Checks the stop reason and validates the text, redacted as text and again once its JSON is
    /// decoded (``JSONOverHTTP/redactStrings(in:)``).
    func finish(text: String, final json: GeneratedContent, request: BackendRequest, started: ContinuousClock.Instant)
        throws(BackendError) -> BackendResponse
    {
        let text = http.redact(text)
        let cut = json["done_reason"]?.stringValue == "length"
        if cut, request.schema != nil {
            var failure = BackendError(
                .truncated, backend: name, "the output was cut by the token limit",
                excerpt: OutputValidation.excerpt(text))
            failure.rawOutput = text
            throw failure
        }
        let content = try OutputValidation.content(from: text, schema: request.schema, backend: name) {
            http.redactStrings(in: try JSONReader.parse($0))
        }
        let generated = json["eval_count"]?.intValue
        let evalSeconds = (json["eval_duration"]?.doubleValue ?? 0) / 1e9
        return BackendResponse(
            backend: name, content: content, text: text, tokensGenerated: generated,
            promptTokens: json["prompt_eval_count"]?.intValue,
            stopReason: cut ? .limit : json["done_reason"]?.stringValue == "stop" ? .endOfSequence : .unknown,
            milliseconds: started.millisecondsAgo,
            tokensPerSecond: generated.flatMap { evalSeconds > 0 ? Double($0) / evalSeconds : nil })
    }

    /// NDJSON stream: partial snapshots, then the validated response.
    public func streamResponse(to request: BackendRequest) -> AsyncThrowingStream<BackendStreamEvent, any Error> {
        http.stream { continuation in
            try await self.checkContext(request)
            let started = ContinuousClock.now
            var output = StreamedOutput(self.http, json: request.schema != nil)
            var final: GeneratedContent?
            let reply = try await self.http.receive(
                self.http.streamRequest(self.baseURL + "/api/generate", body: try self.body(request, stream: true)),
                framing: .jsonLines
            ) { line throws(BackendError) in
                let chunk = try StreamEvent.json(
                    line, backend: self.name, required: ["response", "done"], redact: self.http.redact)
                if let snapshot = output.append(chunk["response"]?.stringValue ?? "") {
                    continuation.yield(.partial(snapshot))
                }
                if chunk["done"]?.boolValue == true { final = chunk }
            }
            if case .whole(let whole) = reply {
                return try self.finishWhole(whole, request: request, started: started)
            }
            guard let final else {
                throw BackendError(
                    .transport, backend: self.name, "the stream ended before its final line",
                    excerpt: OutputValidation.excerpt(self.http.redact(output.text)))
            }
            return try self.finish(text: output.text, final: final, request: request, started: started)
        }
    }

    /// An estimate (Ollama has no tokenize endpoint): one token per four bytes, rounded up.
    public func tokenCount(of text: String) async throws(BackendError) -> TokenCount { .estimate(of: text) }

    /// `format`: the JSON Schema goes in `/api/generate`'s `format` field.
    public func constraintField(for request: BackendRequest) -> String? { request.schema == nil ? nil : "format" }

    /// ``PromptStyle/completion``: `/api/generate` with `raw` sends ``CompletionPrompt``'s text.
    public var promptStyle: PromptStyle? { .completion }

    /// The context each request runs with: the configured `contextSize`, which is sent as
    /// `num_ctx` (Ollama's own default is smaller than most models allow), or the model's
    /// trained length from `/api/show` when that is smaller. Cached after the first answer.
    public func contextSize() async throws(BackendError) -> Int {
        if let cached = cachedContextSize.withLock({ $0 }) { return cached }
        let reply = try await http.send(
            baseURL + "/api/show", body: ["model": GeneratedContent(model)], timeout: .seconds(5))
        var size = fallbackContextSize
        if let info = reply.json?["model_info"]?.properties,
            let length = info.first(where: { $0.name.hasSuffix(".context_length") })?.value.intValue
        {
            size = min(size, length)
        }
        cachedContextSize.withLock { $0 = size }
        return size
    }

    /// The pre-check: the prompt (estimated) plus the response budget must fit the context.
    func checkContext(_ request: BackendRequest) async throws(BackendError) {
        let context = (try? await contextSize()) ?? fallbackContextSize
        try ContextBudget.check(
            prompt: .estimate(of: CompletionPrompt.render(request)),
            response: request.options.maximumResponseTokens ?? defaultMaximumTokens,
            context: context, backend: name)
    }

    /// Configuration keys of an `ollama` backend: `url` and `model` (required), `timeoutSeconds`,
    /// `idleTimeoutSeconds` (the longest a stream may send nothing; default 8),
    /// `maxTokens`, `contextSize` (assumed when the server does not report one; default 2048),
    /// `caFile` (a PEM file of the authorities an `https` server must chain to).
    package static let configurationKeys: Set<String> = [
        "url", "model", "timeoutSeconds", "idleTimeoutSeconds", "maxTokens", "contextSize", "caFile",
    ]

    /// Builds the backend a configuration entry describes.
    package static func make(_ configuration: BackendConfiguration, client: HTTPClient) throws(ConfigurationError)
        -> OllamaBackend
    {
        try configuration.rejectUnknownKeys(configurationKeys)
        return OllamaBackend(
            name: configuration.name, baseURL: try configuration.url("url", example: "http://127.0.0.1:11434"),
            model: try configuration.requiredString("model", example: "gemma3:270m"), client: client,
            timeout: try configuration.duration("timeoutSeconds", example: 120) ?? .seconds(120),
            idleTimeout: try configuration.duration("idleTimeoutSeconds", example: 8)
                ?? JSONOverHTTP.defaultIdleTimeout,
            defaultMaximumTokens: try configuration.positiveInteger("maxTokens", example: 512) ?? 512,
            fallbackContextSize: try configuration.positiveInteger("contextSize", example: 2048) ?? 2048,
            certificateAuthorities: try configuration.existingFile("caFile", example: "certs/ca.pem"))
    }
}
