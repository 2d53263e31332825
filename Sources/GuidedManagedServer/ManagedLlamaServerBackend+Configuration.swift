import GuidedBackends
import GuidedHTTP
import GuidedServerBackends

extension ManagedLlamaServerBackend {
    /// Configuration keys of a `managed-llama-server` backend, all optional:
    /// - `binary`: path to `llama-server` (default: found as ``ManagedServerLocator`` describes).
    /// - `model`: a catalogue name (``ModelCatalogue``: `qwen2.5-coder-1.5b-instruct`, the default,
    ///   or `gemma-3-270m`) or the path of a GGUF file (relative to the configuration file's folder).
    /// - `promptStyle`: `completion` or `chat` (default: the catalogue's, or for a file whether its
    ///   GGUF carries a chat template).
    /// - `contextSize`: context in tokens (default 4096).
    /// - `threads`: generation threads (default 2).
    /// - `slots`: completions run side by side, the candidates one request can generate at once (default 4).
    /// - `memoryLimitMB`: address-space limit of the server (default 4000).
    /// - `startupTimeoutSeconds`: time to become ready (default 90).
    /// - `timeoutSeconds`: total time per request (default 120).
    /// - `idleTimeoutSeconds`: the longest a streamed response may send nothing (default 8).
    /// - `maxTokens`: tokens generated when a request sets no maximum (default 512).
    /// - `adapters`: the adapters to load, each name with its GGUF file
    ///   (`{"house-style": "adapters/house-style.gguf"}`, a relative path read from the
    ///   configuration file's folder); `{}` for none (default: those `scripts/setup-model` installs).
    /// - `sharedIdleSeconds`: share the server with this user's other processes that start it
    ///   with the same settings, and stop it once nobody has used it for this long (default: a
    ///   server of this process's own; see ``Settings/sharedIdle``).
    package static let configurationKeys: Set<String> = [
        "binary", "model", "contextSize", "threads", "slots", "memoryLimitMB", "startupTimeoutSeconds",
        "timeoutSeconds", "idleTimeoutSeconds", "maxTokens", "adapters", "promptStyle", "sharedIdleSeconds",
    ]

    /// Builds the backend a configuration entry describes.
    package static func make(_ configuration: BackendConfiguration, client: HTTPClient) throws(ConfigurationError)
        -> ManagedLlamaServerBackend
    {
        try configuration.rejectUnknownKeys(configurationKeys)
        var settings = Settings()
        settings.binary = try configuration.string("binary")
        settings.model = try model(configuration)
        settings.promptStyle = try configuration.promptStyle("promptStyle")
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
        settings.sharedIdle = try configuration.duration("sharedIdleSeconds", example: 60)
        return ManagedLlamaServerBackend(name: configuration.name, settings: settings, client: client)
    }

    /// The `model` key: a catalogue name as written, or a path taken from the configuration
    /// file's folder. A word that is neither a catalogue name nor looks like a file (no `/`, no
    /// `.gguf`) is an error here, at load, naming the catalogue's models.
    static func model(_ configuration: BackendConfiguration) throws(ConfigurationError) -> String? {
        guard let text = try configuration.string("model") else { return nil }
        if ModelCatalogue.model(named: text) != nil { return text }
        guard text.contains("/") || text.hasSuffix(".gguf") else {
            let known = ModelCatalogue.models.map(\.name).joined(separator: ", ")
            throw configuration.error(
                "\"\(text)\" is not a model of the catalogue", key: "model",
                remedy: "name one of \(known), or give the path of a GGUF file")
        }
        return try configuration.path("model")
    }
}
