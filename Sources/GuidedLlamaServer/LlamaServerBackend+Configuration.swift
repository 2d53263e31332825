import GuidedBackends
import GuidedHTTP
import GuidedServerBackends

extension LlamaServerBackend {
    /// Configuration keys of a `llama-server` backend:
    /// - `url` (required): the server's base URL, e.g. `http://127.0.0.1:8080`.
    /// - `timeoutSeconds`: total time allowed per request (default 120).
    /// - `idleTimeoutSeconds`: the longest a streamed response may send nothing (default 8).
    /// - `maxTokens`: tokens generated when a request sets no maximum (default 512).
    /// - `caFile`: a PEM file of the certificate authorities an `https` server must chain to,
    ///   instead of the system's (relative to the configuration file).
    /// - `promptStyle`: `completion` (the default) for a base model, shown ``CompletionPrompt``;
    ///   `chat` for an instruction-tuned model, whose own chat template renders the request's
    ///   turns (``ChatPrompt``).
    package static let configurationKeys: Set<String> = [
        "url", "timeoutSeconds", "idleTimeoutSeconds", "maxTokens", "caFile", "promptStyle",
    ]

    /// Builds the backend a configuration entry describes.
    package static func make(_ configuration: BackendConfiguration, client: HTTPClient) throws(ConfigurationError)
        -> LlamaServerBackend
    {
        try configuration.rejectUnknownKeys(configurationKeys)
        let url = try configuration.url("url", example: "http://127.0.0.1:8080")
        let timeout = try configuration.duration("timeoutSeconds", example: 120) ?? .seconds(120)
        let maxTokens = try configuration.positiveInteger("maxTokens", example: 512) ?? 512
        return LlamaServerBackend(
            name: configuration.name, baseURL: url, client: client,
            timeout: timeout,
            idleTimeout: try configuration.duration("idleTimeoutSeconds", example: 8)
                ?? JSONOverHTTP.defaultIdleTimeout,
            defaultMaximumTokens: maxTokens,
            certificateAuthorities: try configuration.existingFile("caFile", example: "certs/ca.pem"),
            promptStyle: try configuration.promptStyle("promptStyle") ?? .completion)
    }
}
