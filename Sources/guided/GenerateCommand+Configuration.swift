import Guided
import GuidedCommandLine

extension GenerateCommand {
    /// What this command line's explicit flags decide over the configuration's `outputs` entry
    /// for the output, as a call's choices (``CallChoices``: the session's resolution puts a call
    /// above the file): `--backend` the route, `--candidates` the candidates, `--judge-threshold`
    /// the configured judge's threshold (turning a configured `"judge": false` on),
    /// `--no-quality-checks` the person-level checks and `--min-words` `minimumContent`.
    /// `--fallback` is the call's fallback (``GenerationRequest/fallback``). A `--backend` that
    /// is not configured is a usage error.
    static func choices(_ arguments: ParsedArguments, configuration: GuidedConfiguration) throws(CommandFailure)
        -> CallChoices
    {
        var choices = CallChoices()
        if let backend = arguments.value(.backend) {
            guard configuration.backend(named: backend) != nil else {
                let names = configuration.backends.map(\.name).joined(separator: ", ")
                throw .usage("error: no backend named \(backend); configured: \(names)")
            }
            choices.route = [backend]
        }
        choices.decidesCandidates = arguments.value(.candidates) != nil
        choices.judgeThreshold = try GenerationArguments.judgeThreshold(arguments)
        if arguments.flag(.noQualityChecks) {
            choices.checks.formUnion(ValidatorChain.personLevelNames.union(["personLevel", "copiedFact"]))
        }
        if arguments.value(.minWords) != nil { choices.checks.insert("minimumContent") }
        return choices
    }

    /// Checks the configured fallback for `name` against `schema` before anything is sent,
    /// unless `--fallback` replaces it.
    static func checkConfiguredFallback(
        _ configuration: GuidedConfiguration, for name: String, schema: GenerationSchema, _ arguments: ParsedArguments
    ) throws(CommandFailure) {
        guard arguments.value(.fallback) == nil, let settings = configuration.outputs[name] else { return }
        do {
            try settings.checkFallback(against: schema)
        } catch {
            throw .usage(error.description)
        }
    }
}
