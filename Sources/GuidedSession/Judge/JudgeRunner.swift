import GuidedBackends
import GuidedConfigurationFile
import GuidedSchema
import GuidedValidation

/// A ``Judge`` with the backend that asks its questions: the configured one, or — nil — the
/// backend that generated the candidates.
struct JudgeRunner: Sendable {
    let judge: Judge
    let backend: (any LanguageModelBackend)?

    /// The judge's score for `content`, generated for `request` on `generator`: the lowest score
    /// of its texts (each item of its lists, or the whole value).
    func score(_ content: GeneratedContent, for request: BackendRequest, on generator: any LanguageModelBackend)
        async throws(BackendError) -> Double
    {
        let judging = backend ?? generator
        let (texts, items) = judge.texts(of: content, listPointers: request.schema?.stringListPointers ?? [])
        var lowest = 1.0
        for text in texts {
            let question = judge.question(about: text, item: items, for: request)
            lowest = min(lowest, Judge.score(try await judging.nextTokenLogProbabilities(for: question, count: 20)))
        }
        return lowest
    }

    /// The rejection of a candidate whose score is below the threshold.
    func belowThreshold(_ score: Double) -> Rejection {
        Rejection(
            validator: "judge", reason: "belowThreshold", pointer: .root,
            detail: "the judge scored it \(Self.rounded(score)), below the threshold \(judge.threshold)")
    }

    /// The rejection of a candidate the judge could not score: never a silent pass.
    func unscored(_ error: BackendError) -> Rejection {
        Rejection(
            validator: "judge", reason: "unavailable", pointer: .root,
            detail: "the judge (\(error.backend)) could not score it: \(error.message)")
    }

    static func rounded(_ score: Double) -> Double { (score * 100).rounded() / 100 }
}
