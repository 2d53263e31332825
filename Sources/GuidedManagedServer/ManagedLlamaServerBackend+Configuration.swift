import GuidedBackends
import GuidedHTTP
import GuidedServerBackends

extension ManagedLlamaServerBackend {
    /// Configuration keys of a `managed-llama-server` backend, all optional:
    /// - `binary`: path to `llama-server` (default: found as ``ManagedServerLocator`` describes).
    /// - `model`: path to a GGUF model (default: the embedded Gemma 3 270M from `scripts/setup-model`).
    /// - `contextSize`: context in tokens (default 4096).
    /// - `threads`: generation threads (default 2).
    /// - `slots`: completions run side by side, the candidates one request can generate at once (default 4).
    /// - `memoryLimitMB`: address-space limit of the server (default 4000).
    /// - `startupTimeoutSeconds`: time to become ready (default 90).
    /// - `timeoutSeconds`: total time per request (default 120).
    /// - `idleTimeoutSeconds`: the longest a streamed response may send nothing (default 8).
    /// - `maxTokens`: tokens generated when a request sets no maximum (default 512).
    /// - `adapters`: the adapters to load, each name with its GGUF file
    ///   (`{"next-steps": "adapters/next-steps.gguf"}`, a relative path read from the
    ///   configuration file's folder); `{}` for none (default: those `scripts/setup-model` installs).
    package static let configurationKeys: Set<String> = [
        "binary", "model", "contextSize", "threads", "slots", "memoryLimitMB", "startupTimeoutSeconds",
        "timeoutSeconds", "idleTimeoutSeconds", "maxTokens", "adapters",
    ]

    /// Builds the backend a configuration entry describes.
    package static func make(_ configuration: BackendConfiguration, client: HTTPClient) throws(ConfigurationError)
        -> ManagedLlamaServerBackend
    {
        try configuration.rejectUnknownKeys(configurationKeys)
        var settings = Settings()
        settings.binary = try configuration.string("binary")
        settings.model = try configuration.string("model")
        if let value = try configuration.positiveInteger("contextSize", example: 4096) { settings.contextSize = value }
        if let value = try configuration.positiveInteger("threads", example: 2) { settings.threads = value }
        if let value = try configuration.positiveInteger("slots", example: 4) { settings.slots = value }
        if let value = try configuration.positiveInteger("memoryLimitMB", example: 4000) {
            settings.memoryLimitMB = value
        }
        if let value = try configuration.duration("startupTimeoutSeconds", example: 90) {
            settings.startupTimeout = value
        }
        if let value = try configuration.duration("timeoutSeconds", example: 120) { settings.requestTimeout = value }
        if let value = try configuration.duration("idleTimeoutSeconds", example: 8) { settings.idleTimeout = value }
        if let value = try configuration.positiveInteger("maxTokens", example: 512) {
            settings.defaultMaximumTokens = value
        }
        settings.adapters = try configuration.adapterFiles("adapters")
        return ManagedLlamaServerBackend(name: configuration.name, settings: settings, client: client)
    }
}
