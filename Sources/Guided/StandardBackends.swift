@_exported public import GuidedBackends
@_exported public import GuidedConfigurationFile
import GuidedHTTP
import GuidedJSON
import GuidedLlamaServer
import GuidedManagedServer
import GuidedOllama
import GuidedOpenAI
@_exported public import GuidedSchema
import GuidedServerBackends
@_exported public import GuidedSession
@_exported public import GuidedValidation

extension BackendRegistry {
    /// The backends that ship with Guided: `llama-server`, `managed-llama-server`, `ollama`,
    /// `openai-compatible`, and `pool` (replicas of those), sharing one HTTP client (and so its
    /// connection pool).
    public static func standard(client: HTTPClient = HTTPClient()) -> BackendRegistry {
        var registry = BackendRegistry()
        registry.register(kind: "llama-server") { configuration throws(ConfigurationError) in
            try LlamaServerBackend.make(configuration, client: client)
        }
        registry.register(kind: "managed-llama-server") { configuration throws(ConfigurationError) in
            try ManagedLlamaServerBackend.make(configuration, client: client)
        }
        registry.register(kind: "ollama") { configuration throws(ConfigurationError) in
            try OllamaBackend.make(configuration, client: client)
        }
        registry.register(kind: "openai-compatible") { configuration throws(ConfigurationError) in
            try OpenAICompatibleBackend.make(configuration, client: client)
        }
        let members = registry
        registry.register(kind: "pool") { configuration throws(ConfigurationError) in
            try PoolBackend.make(configuration, registry: members)
        }
        return registry
    }
}

extension GuidedConfiguration {
    /// The built-in default: the embedded model, managed by Guided. Not shared between processes
    /// (`sharedIdleSeconds`): on a shared server a seeded request's words depend on what the
    /// server served before, and the default keeps a seed reproducible.
    package static let defaultDocument: GeneratedContent = [
        "backends": [["name": "embedded", "kind": "managed-llama-server"]], "route": ["embedded"],
    ]

    /// Reads a configuration file: `file`; with no path, the file `GUIDED_CONFIG` names in
    /// `environment` (the process environment by default); then `guided.json` in the current
    /// directory; then the built-in default (the embedded model).
    ///
    /// ```swift
    /// // GUIDED_CONFIG=/etc/myapp/guided.json ./myapp
    /// let session = LanguageModelSession(configuration: try .load())
    /// ```
    /// Fallback template and examples files named in `outputs` are read here too
    /// (`readingTemplates()`, `readingExamples()`).
    /// - Throws: ``ConfigurationError`` naming the file and the JSON Pointer of what is wrong.
    public static func load(
        file: String? = nil, registry: BackendRegistry = .standard(),
        environment: [String: String] = ProcessEnvironment.values
    ) throws(ConfigurationError) -> GuidedConfiguration {
        if file == nil, environment["GUIDED_CONFIG"] == "" {
            // Set but empty: a script's unset variable, not a request for ./guided.json.
            throw ConfigurationError(
                "GUIDED_CONFIG is set but empty", remedy: "set it to the configuration file's path, or unset it",
                at: .root, file: "GUIDED_CONFIG")
        }
        let implicit = FileBytes.entryKind("guided.json")
        if file == nil, environment["GUIDED_CONFIG"] == nil, implicit == nil, FileBytes.isDanglingLink("guided.json") {
            throw ConfigurationError(
                "./guided.json is a symbolic link to nothing",
                remedy: "point it at the configuration file, remove it, or name another with --config or GUIDED_CONFIG",
                at: .root, file: "guided.json")
        }
        if file == nil, environment["GUIDED_CONFIG"] == nil, let implicit, implicit != .file {
            // Never silently the built-in default: the user put something there.
            throw ConfigurationError(
                "./guided.json is \(implicit == .directory ? "a directory" : "not a regular file (a FIFO, socket or device)")",
                remedy: "make it the configuration file, remove it, or name another with --config or GUIDED_CONFIG",
                at: .root, file: "guided.json")
        }
        let path = file ?? environment["GUIDED_CONFIG"] ?? (implicit == .file ? "guided.json" : nil)
        guard let path else { return try from(defaultDocument, file: "<built-in default>", registry: registry) }
        let document: GeneratedContent
        do {
            document = try JSONReader.read(file: path)
        } catch {
            throw ConfigurationError(
                reading: "the configuration file", at: path, error,
                remedySuffix: " (given with --config or GUIDED_CONFIG)")
        }
        return try from(document, file: path, registry: registry).readingTemplates().readingExamples()
    }
}
