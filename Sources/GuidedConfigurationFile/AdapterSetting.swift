import GuidedBackends
import GuidedSchema

/// `adapter` of an output type in the configuration's `outputs` table: the adapter its requests
/// are served with instead of the one its schema names, or none.
///
/// ```json
/// "outputs": {"StepSuggestions": {"adapter": "house-style"}, "Caption": {"adapter": false}}
/// ```
package enum AdapterSetting: Sendable, Hashable {
    /// Serve the type with this adapter where a backend has it.
    case named(ModelAdapter)
    /// Serve the type with no adapter: every backend is shown the type's examples.
    case off

    /// The adapter this setting asks for; nil for ``off``.
    public var adapter: ModelAdapter? {
        switch self {
        case .named(let adapter): adapter
        case .off: nil
        }
    }

    /// Reads `"adapter": "NAME"` (a valid ``ModelAdapter`` name) or `"adapter": false`.
    static func read(_ node: ConfigurationNode) throws(ConfigurationError) -> AdapterSetting {
        if node.value.boolValue == false { return .off }
        guard let name = node.value.stringValue, ModelAdapter.isValidName(name) else {
            throw node.error(
                "adapter must name an adapter (lowercase letters, digits and hyphens) or be false, not \(node.value.jsonText())",
                remedy: "write \"adapter\": \"house-style\", or \"adapter\": false for none")
        }
        return .named(ModelAdapter(name))
    }
}

extension OutputOverrides {
    /// The adapter a type with `schema` is served with under `settings` (its `outputs` entry):
    /// the configured one (none for `false`), else the schema's own.
    package static func adapter(_ settings: OutputOverrides?, schema: GenerationSchema?) -> ModelAdapter? {
        if let configured = settings?.adapter { return configured.adapter }
        return schema?.adapter
    }
}
