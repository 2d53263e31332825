import Guided

extension GenerateCommand {
    /// The configuration with this command line's explicit flags put over its `outputs` entry
    /// for `name`, so that a flag beats the file as a call's argument beats it in a session:
    /// `--backend` replaces the type's route, `--fallback` the configured fallback,
    /// `--candidates` the configured candidates, `--judge-threshold` the configured judge's
    /// threshold (turning a configured `"judge": false` on), `--no-quality-checks` drops the configured
    /// person-level checks and `--min-words` the configured `minimumContent`. The configured
    /// fallback is checked against the schema here, before anything is sent.
    static func configured(
        _ configuration: GuidedConfiguration, for name: String, schema: GenerationSchema, _ arguments: ParsedArguments
    ) throws(CommandFailure) -> GuidedConfiguration {
        var configuration = configuration
        if let backend = arguments.value(.backend) {
            guard configuration.backend(named: backend) != nil else {
                let names = configuration.backends.map(\.name).joined(separator: ", ")
                throw .usage("error: no backend named \(backend); configured: \(names)")
            }
            configuration.routes[name] = [backend]
        }
        guard var settings = configuration.outputs[name] else { return configuration }
        if arguments.value(.fallback) != nil { settings.fallback = nil }
        if arguments.value(.candidates) != nil { settings.candidates = nil }
        if let threshold = try GenerationArguments.judgeThreshold(arguments), settings.judge != nil {
            settings.judge = JudgeSetting(
                enabled: true, threshold: threshold, question: settings.judge?.question, unit: settings.judge?.unit,
                backend: settings.judge?.backend)
        }
        if arguments.flag(.noQualityChecks) {
            let dropped = ValidatorChain.personLevelNames.union(["personLevel", "copiedFact"])
            settings.validators.removeAll { dropped.contains($0.name) }
        }
        if arguments.value(.minWords) != nil { settings.validators.removeAll { $0.name == "minimumContent" } }
        do {
            try settings.checkFallback(against: schema)
        } catch {
            throw .usage(error.description)
        }
        configuration.outputs[name] = settings
        return configuration
    }
}
