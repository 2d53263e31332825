import GuidedBackends
import GuidedConfigurationFile

/// What one call decides over the configuration file's `outputs` entry for its output, beyond its
/// options, examples and fallback — the choices `guided generate`'s flags make: a call is the top
/// layer (``OutputResolution``), so each choice here takes the file's own out of play.
package struct CallChoices: Sendable, Hashable {
    /// The backends to try, in place of the file's route for the output (`--backend`).
    package var route: [String]?
    /// Whether the call's policy decides the candidates, in place of the file's `candidates`
    /// (`--candidates`).
    package var decidesCandidates = false
    /// The judge's threshold, in place of the file's (`--judge-threshold`); with it, a file's judge
    /// is on even where the file turned it off, keeping the file's question, unit and backend.
    package var judgeThreshold: Double?
    /// The checks the call decides by name: the file's settings for them are left out
    /// (`--no-quality-checks`, `--min-words`).
    package var checks: Set<String> = []

    /// No choices: the file applies as written.
    package init() {}

    /// The file's `settings` with what this call decides taken out.
    func applied(to settings: OutputOverrides?) -> OutputOverrides? {
        guard var settings else { return nil }
        if decidesCandidates { settings.candidates = nil }
        if let judgeThreshold, let judge = settings.judge {
            settings.judge = Judge.Overrides(
                enabled: true, threshold: judgeThreshold, question: judge.question, unit: judge.unit,
                backend: judge.backend)
        }
        settings.validators.removeAll { checks.contains($0.name) }
        return settings
    }
}
