import GuidedBackends
import GuidedSchema

extension GuidedConfiguration {
    /// Reads the top-level `outputs` table: per output type name, its `OutputOverrides`. A
    /// type whose route is given both here and in `routes` is an error (one place per setting).
    static func readOutputs(
        _ document: GeneratedContent, file: String?, backends: [String], routes: [String: [String]]
    ) throws(ConfigurationError) -> [String: OutputOverrides] {
        guard let table = document["outputs"] else { return [:] }
        let node = ConfigurationNode(table, at: JSONPointer(tokens: ["outputs"]), file: file)
        var outputs: [String: OutputOverrides] = [:]
        for entry in try node.object(
            allowing: nil, example: "{\"StepSuggestions\": {\"options\": {\"temperature\": 0.7}}}")
        {
            let settings = try OutputOverrides.read(entry, backends: backends)
            if settings.route != nil, routes[entry.key] != nil {
                throw settings.error(
                    "the route of \(entry.key) is given both here and in \"routes\"", key: "route",
                    remedy: "keep one: remove \"routes\"/\(entry.key) or this \"route\"")
            }
            outputs[entry.key] = settings
        }
        return outputs
    }
}
