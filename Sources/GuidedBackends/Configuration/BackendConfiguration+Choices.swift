extension BackendConfiguration {
    /// The string at `key`, if present, which must be one of `choices` (read by
    /// ``ConfigurationNode/string(oneOf:)``, so the error has its wording and place).
    package func choice(_ key: String, of choices: [String]) throws(ConfigurationError) -> String? {
        try ConfigurationNode(entry, at: pointer, file: file)[key]?.string(oneOf: choices)
    }

    /// The prompt style at `key` (`"completion"` or `"chat"`), if present.
    package func promptStyle(_ key: String) throws(ConfigurationError) -> PromptStyle? {
        try choice(key, of: PromptStyle.allCases.map(\.rawValue)).flatMap(PromptStyle.init(rawValue:))
    }
}
