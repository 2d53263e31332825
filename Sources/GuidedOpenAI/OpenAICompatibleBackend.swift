public import GuidedBackends
import GuidedGrammar
public import GuidedHTTP
import GuidedJSON
import GuidedSchema
import GuidedServerBackends
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// An OpenAI-compatible server: `/chat/completions` (instructions as the system message, examples
/// as user/assistant pairs, each example's and the request's facts as a `Facts:` block before its
/// input, as ``CompletionPrompt/chatMessage(_:facts:)`` writes it) or, for a base model,
/// `/completions` with the prompt llama-server gets (``API/completions``); SSE streaming; an API
/// key read from an environment variable named in the configuration (never logged, never in an
/// error). Works against llama-server's and Ollama's `/v1` too.
///
/// The constraint goes in the field the engine reads (``OpenAICompatibleDialect``): strict
/// `response_format` JSON Schema on a plain server, Guided's own GBNF grammar on vLLM
/// (`structured_outputs.grammar`) and SGLang (`ebnf`), `parameters.grammar` on TGI's
/// `/generate_stream`. A plain server has no top-k: a request that asks for it fails with
/// `unsupportedOption` rather than being silently sampled another way (the capabilities say so).
public final class OpenAICompatibleBackend: LanguageModelBackend {
    /// The configured name.
    public let name: String
    /// `openai-compatible`: the `kind` a configuration entry names to get this backend.
    public let kind = "openai-compatible"
    /// Base URL ending in `/v1`.
    package let baseURL: String
    /// The model name sent with each request.
    package let model: String
    /// The environment variable holding the API key, if any.
    package let apiKeyVariable: String?
    let configuredContextSize: Int
    let credentials: URLCredentials
    let client: HTTPClient
    let timeout: Duration
    let idleTimeout: Duration
    let defaultMaximumTokens: Int
    /// A PEM file of the authorities an `https` server must chain to, or nil for the system's.
    let certificateAuthorities: String?
    /// The dialect the configuration names, or nil to detect it.
    let configuredDialect: OpenAICompatibleDialect?
    let detectedDialect = Mutex<OpenAICompatibleDialect?>(nil)
    /// The endpoint text goes through.
    public let api: API

    /// The endpoint a request goes to.
    public enum API: String, Sendable, Hashable, CaseIterable {
        /// `/chat/completions`: messages, for a model with a chat template.
        case chat
        /// `/completions`: one prompt, the one llama-server gets (``CompletionPrompt``), for a
        /// base model.
        case completions
    }

    /// A backend for `model` at `baseURL` (ending in `/v1`), sending the API key read from the
    /// environment variable `apiKeyVariable` (nil for servers without one). `timeout` bounds a
    /// whole request, `idleTimeout` a silence mid-response; `defaultMaximumTokens` applies when a
    /// request sets no limit, and `contextSize` is the context the model is assumed to have.
    /// `dialect` nil detects the engine once it answers; `api` picks chat or plain completions;
    /// `certificateAuthorities` is a PEM file of the authorities an `https` server must chain to,
    /// instead of the system's.
    public init(
        name: String, baseURL: String, model: String, apiKeyVariable: String?, client: HTTPClient = HTTPClient(),
        timeout: Duration = .seconds(120), idleTimeout: Duration = .seconds(8),
        defaultMaximumTokens: Int = 512,
        contextSize: Int = 8192, dialect: OpenAICompatibleDialect? = nil, api: API = .chat,
        certificateAuthorities: String? = nil
    ) {
        self.certificateAuthorities = certificateAuthorities
        self.configuredDialect = dialect
        self.api = api
        self.name = name
        self.credentials = URLCredentials(baseURL)
        self.baseURL = credentials.url
        self.model = model
        self.apiKeyVariable = apiKeyVariable
        self.client = client
        self.timeout = timeout
        self.idleTimeout = idleTimeout
        self.defaultMaximumTokens = defaultMaximumTokens
        self.configuredContextSize = contextSize
    }

    /// The HTTP helper with the authorization header, or the reason there is none.
    func http() -> Result<JSONOverHTTP, UnavailableReason> {
        var headers: [HTTPHeader] = []
        if let variable = apiKeyVariable {
            guard let pointer = getenv(variable), let key = String(validatingCString: pointer) else {
                return .failure(
                    UnavailableReason(.misconfigured, "the environment variable \(variable) (apiKeyEnv) is not set"))
            }
            guard !key.isEmpty else {
                return .failure(
                    UnavailableReason(
                        .misconfigured, "the environment variable \(variable) (apiKeyEnv) is set but empty"))
            }
            guard key.count >= JSONOverHTTP.minimumSecretLength else {
                return .failure(
                    UnavailableReason(
                        .misconfigured,
                        "the key in \(variable) (apiKeyEnv) has \(key.count) characters; a real key has at least "
                            + "\(JSONOverHTTP.minimumSecretLength), and one this short would be redacted out of every answer"
                    ))
            }
            headers.append(HTTPHeader("Authorization", "Bearer \(key)"))
        }
        if headers.isEmpty, let authorization = credentials.authorization { headers.append(authorization) }
        var http = JSONOverHTTP(
            client: client, backend: name, timeout: timeout, headers: headers, secrets: credentials.secrets)
        http.idleTimeout = idleTimeout
        http.certificateAuthorities = certificateAuthorities
        return .success(http)
    }

    func connection() throws(BackendError) -> JSONOverHTTP {
        switch http() {
        case .success(let http): return http
        case .failure(let reason): throw BackendError(.unavailable, backend: name, reason.message)
        }
    }

    /// `/models` answers 200 (401/403: the key is rejected). The first 200 also settles the
    /// dialect, when none is configured (``detectDialect(models:http:)``).
    public func availability() async -> BackendAvailability {
        let http: JSONOverHTTP
        switch self.http() {
        case .success(let value): http = value
        case .failure(let reason): return .unavailable(reason)
        }
        do {
            let reply = try await http.send(baseURL + "/models", timeout: .seconds(3))
            switch reply.status {
            case 200:
                await detectDialect(models: reply.json, http: http)
                return .available
            case 401, 403:
                return .unavailable(
                    UnavailableReason(.misconfigured, "\(baseURL) rejected the API key (\(reply.status))"))
            case 503: return .unavailable(UnavailableReason(.loading, "\(baseURL) is loading"))
            default: return .unavailable(UnavailableReason(.unhealthy, "\(baseURL)/models answered \(reply.status)"))
            }
        } catch {
            return .unavailable(
                UnavailableReason(
                    error.code == .unavailable ? .unreachable : .unhealthy, "\(baseURL): \(error.message)"))
        }
    }

    /// Generates and validates (strict mode's nulls for absent optionals are removed first).
    ///
    /// The request goes out streamed (``streamResponse(to:)``) even though only the final
    /// response is returned, so the idle timeout (default 8 s) can tell a silent server from a
    /// slow generation: a whole reply sends nothing until it is done.
    public func respond(to request: BackendRequest) async throws(BackendError) -> BackendResponse {
        try await BackendStreaming.response(of: streamResponse(to: request), backend: name)
    }

    /// The response a whole (not streamed) `/chat/completions` or `/completions` reply amounts to.
    func finishWhole(
        _ reply: JSONOverHTTP.Reply, http: JSONOverHTTP, request: BackendRequest, server: ServerSchema?,
        started: ContinuousClock.Instant
    ) throws(BackendError) -> BackendResponse {
        guard reply.status == 200 else {
            let code: BackendError.Code =
                reply.status == 400 && request.schema != nil && dialect.takesGrammar ? .grammarRejected : .httpStatus
            throw BackendError(
                code, backend: name, "\(api.path) answered \(reply.status): \(JSONOverHTTP.errorMessage(reply))")
        }
        guard let json = reply.json, let choice = json["choices"]?[0],
            let text = choice.value(at: api.wholeTextPath)?.stringValue
        else {
            throw BackendError(
                .malformedResponse, backend: name,
                "\(api.path) answered without choices[0].\(api.wholeTextPath.joined(separator: "."))",
                excerpt: OutputValidation.excerpt(reply.text))
        }
        return try finish(
            text: text, http: http, finishReason: choice["finish_reason"]?.stringValue, usage: json["usage"],
            request: request, server: server, started: started)
    }

    /// Checks the finish reason and validates the text, redacted as text and again once its JSON
    /// is decoded (``JSONOverHTTP/redactStrings(in:)``).
    func finish(
        text: String, http: JSONOverHTTP, finishReason: String?, usage: GeneratedContent?, request: BackendRequest,
        server: ServerSchema?, started: ContinuousClock.Instant
    ) throws(BackendError) -> BackendResponse {
        let text = http.redact(text)
        let cut = finishReason == "length"
        if cut, request.schema != nil {
            var failure = BackendError(
                .truncated, backend: name, "the output was cut by the token limit",
                excerpt: OutputValidation.excerpt(text))
            failure.rawOutput = text
            throw failure
        }
        let content = try OutputValidation.content(from: text, schema: request.schema, backend: name) { text in
            let parsed = http.redactStrings(in: try JSONReader.parse(text))
            return server?.restoringOptionals(in: parsed) ?? parsed
        }
        var response = BackendResponse(
            backend: name, content: content, text: text, tokensGenerated: usage?["completion_tokens"]?.intValue,
            promptTokens: usage?["prompt_tokens"]?.intValue,
            stopReason: cut ? .limit : finishReason == "stop" ? .endOfSequence : .unknown,
            milliseconds: started.millisecondsAgo, tokensPerSecond: nil)
        response.cachedPromptTokens = usage?.value(at: ["prompt_tokens_details", "cached_tokens"])?.intValue
        return response
    }

    /// An estimate: one token per four bytes, rounded up.
    public func tokenCount(of text: String) async throws(BackendError) -> TokenCount { .estimate(of: text) }

    /// The estimated tokens of chat messages: their texts, plus four per message for the
    /// role and the chat template's markers around it.
    static func estimate(_ messages: [GeneratedContent]) -> TokenCount {
        messages.reduce(TokenCount.estimated(0)) { total, message in
            total + .estimate(of: message["content"]?.stringValue ?? "") + .estimated(4)
        }
    }

    /// ``PromptStyle/chat`` through `/chat/completions`, ``PromptStyle/completion`` through `/completions`.
    public var promptStyle: PromptStyle? { api == .chat ? .chat : .completion }

    /// The ``dialect``'s field: `response_format`, `structured_outputs.grammar`, `ebnf` or
    /// `parameters.grammar`.
    public func constraintField(for request: BackendRequest) -> String? {
        request.schema == nil ? nil : dialect.constraintField
    }

    /// The configured context size (the API does not report one).
    public func contextSize() async throws(BackendError) -> Int { configuredContextSize }

    /// Configuration keys of an `openai-compatible` backend: `url` (ending in `/v1`) and `model`
    /// (required), `apiKeyEnv` (the name of the environment variable holding the key),
    /// `timeoutSeconds`, `idleTimeoutSeconds` (the longest a stream may send nothing; default 8),
    /// `maxTokens`, `contextSize` (default 8192), `dialect` (`auto`, the default, or one of
    /// ``OpenAICompatibleDialect/all``'s names), `api` (`chat`, the default, or `completions`)
    /// and `caFile` (a PEM file of the authorities an `https` server must chain to).
    package static let configurationKeys: Set<String> = [
        "url", "model", "apiKeyEnv", "timeoutSeconds", "idleTimeoutSeconds", "maxTokens", "contextSize", "dialect",
        "api", "caFile",
    ]

    /// Builds the backend a configuration entry describes.
    package static func make(_ configuration: BackendConfiguration, client: HTTPClient) throws(ConfigurationError)
        -> OpenAICompatibleBackend
    {
        try configuration.rejectUnknownKeys(configurationKeys)
        return OpenAICompatibleBackend(
            name: configuration.name, baseURL: try configuration.url("url", example: "http://127.0.0.1:8080/v1"),
            model: try configuration.requiredString("model", example: "gemma3"),
            apiKeyVariable: try configuration.environmentVariableName("apiKeyEnv", example: "OPENAI_API_KEY"),
            client: client, timeout: try configuration.duration("timeoutSeconds", example: 120) ?? .seconds(120),
            idleTimeout: try configuration.duration("idleTimeoutSeconds", example: 8)
                ?? JSONOverHTTP.defaultIdleTimeout,
            defaultMaximumTokens: try configuration.positiveInteger("maxTokens", example: 512) ?? 512,
            contextSize: try configuration.positiveInteger("contextSize", example: 8192) ?? 8192,
            dialect: try dialect(configuration),
            api: try configuration.choice("api", of: API.allCases.map(\.rawValue)).flatMap(API.init(rawValue:))
                ?? .chat,
            certificateAuthorities: try configuration.existingFile("caFile", example: "certs/ca.pem"))
    }

    /// The configured dialect, nil for `auto` or none.
    static func dialect(_ configuration: BackendConfiguration) throws(ConfigurationError) -> OpenAICompatibleDialect? {
        let names = ["auto"] + OpenAICompatibleDialect.all.map(\.name)
        guard let name = try configuration.choice("dialect", of: names), name != "auto" else { return nil }
        return OpenAICompatibleDialect(named: name)
    }
}
