import GuidedSchema

extension BackendConfiguration {
    /// Rejects a backend name (top-level or a pool member's) that holds a control or format
    /// character: names are printed in traces, errors and `guided backends` lines.
    package static func checkName(_ name: String, at pointer: JSONPointer, file: String?) throws(ConfigurationError) {
        guard
            let bad = name.unicodeScalars.first(where: {
                $0.properties.generalCategory == .control || $0.properties.generalCategory == .format
            })
        else { return }
        throw ConfigurationError(
            "a backend name cannot contain control characters (U+\(String(bad.value, radix: 16, uppercase: true)))",
            remedy: "use letters, digits, - and _; names are printed in traces", at: pointer, file: file)
    }
}
