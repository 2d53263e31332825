import GuidedSchema

extension PoolBackend {
    /// Configuration keys of a `pool` backend: `members` (required, a non-empty array of backend
    /// entries of any registered kind, each without a name or with its own) and `recoverySeconds`
    /// (how long a failed replica sits out; default 5).
    package static let configurationKeys: Set<String> = ["members", "recoverySeconds"]

    /// Builds the pool an entry describes, each member with `registry`.
    public static func make(_ configuration: BackendConfiguration, registry: BackendRegistry) throws(ConfigurationError)
        -> PoolBackend
    {
        try configuration.rejectUnknownKeys(configurationKeys)
        guard let entries = configuration.entry["members"]?.arrayValue, !entries.isEmpty else {
            throw configuration.error(
                "a pool needs \"members\": a non-empty array of backends", key: "members",
                remedy: "add \"members\": [{\"kind\": \"llama-server\", \"url\": \"http://127.0.0.1:8080\"}]")
        }
        var members: [any LanguageModelBackend] = []
        for (index, entry) in entries.enumerated() {
            let pointer = configuration.pointer.appending("members").appending(index)
            guard let properties = entry.properties, let kind = entry["kind"]?.stringValue else {
                throw ConfigurationError(
                    "a pool member needs a \"kind\"", remedy: "write {\"kind\": \"llama-server\", \"url\": …}",
                    at: pointer, file: configuration.file)
            }
            guard kind != "pool" else {
                throw ConfigurationError(
                    "a pool cannot contain a pool", remedy: "list the replicas directly", at: pointer.appending("kind"),
                    file: configuration.file)
            }
            let name = entry["name"]?.stringValue ?? "\(configuration.name)/\(index)"
            try BackendConfiguration.checkName(name, at: pointer.appending("name"), file: configuration.file)
            let named = GeneratedContent(kind: .object(properties.filter { $0.name != "name" }))
            members.append(
                try registry.makeBackend(
                    BackendConfiguration(
                        name: name, kind: kind, entry: named, pointer: pointer, file: configuration.file)))
        }
        return PoolBackend(
            name: configuration.name, members: members,
            recovery: try configuration.duration("recoverySeconds") ?? .seconds(5))
    }
}
