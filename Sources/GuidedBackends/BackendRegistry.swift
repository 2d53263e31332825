/// Maps a configuration `kind` to the factory that builds that backend, so a config file can
/// name any registered backend and a third-party package can add its own kind.
public struct BackendRegistry: Sendable {
    /// Builds a backend from its configuration entry.
    public typealias Factory = @Sendable (BackendConfiguration) throws(ConfigurationError) -> any LanguageModelBackend

    private var factories: [String: Factory] = [:]

    /// An empty registry.
    public init() {}

    /// Registers (or replaces) the factory for `kind`.
    public mutating func register(kind: String, factory: @escaping Factory) {
        factories[kind] = factory
    }

    /// The kinds this registry knows, sorted.
    public var kinds: [String] { factories.keys.sorted() }

    /// Builds the backend an entry describes.
    package func makeBackend(_ configuration: BackendConfiguration) throws(ConfigurationError)
        -> any LanguageModelBackend
    {
        guard let factory = factories[configuration.kind] else {
            throw configuration.error(
                "unknown backend kind \"\(configuration.kind)\"", key: "kind",
                remedy: "use one of: \(kinds.joined(separator: ", "))")
        }
        return try factory(configuration)
    }
}
