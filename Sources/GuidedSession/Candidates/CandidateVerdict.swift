public import GuidedBackends
public import GuidedValidation

/// What became of one candidate: why it failed or was rejected, or that it passed, with its score.
public struct CandidateVerdict: Sendable, CustomStringConvertible {
    /// What happened to the candidate.
    public enum Outcome: Sendable {
        /// The generation itself failed (output cut by the token limit, or not valid for the schema).
        case failed(BackendError)
        /// The output was rejected by a check (a validator, or the decoding check).
        case rejected([Rejection])
        /// The output passed every check.
        case passed
    }

    /// The candidate's position among the attempt's candidates, from 0.
    public var index: Int
    /// Whether its generation failed, which checks rejected it, or that it passed every check (a
    /// candidate that passed may still lose to a better-scoring one: see ``shipped``).
    public var outcome: Outcome
    /// Mean log-probability of the tokens inside string values, when the backend reported them.
    public var score: Double?
    /// The judge's score, from 0 to 1, when a judge scored the candidate (``CandidatePolicy/judge``).
    public var judgeScore: Double?
    /// The output text (after clean-up for outputs that were checked), for logs.
    public var text: String?
    /// Whether this candidate is the one that shipped.
    public var shipped: Bool
    /// Whether the backend stopped it while generating, once a finished part of it failed a
    /// check (its ``text`` is what it had written by then).
    public var stoppedEarly = false

    /// A machine-readable code: `failed:truncated`, `rejected:grounding/ungroundedNumber`,
    /// `passed`.
    public var outcomeCode: String {
        switch outcome {
        case .failed(let error): "failed:\(error.code)"
        case .rejected(let rejections): "rejected:" + (rejections.first.map { "\($0.validator)/\($0.reason)" } ?? "")
        case .passed: "passed"
        }
    }

    /// `#index outcome (score)`.
    public var description: String {
        "#\(index) \(outcomeCode)" + (score.map { " (\(($0 * 100).rounded() / 100))" } ?? "")
            + (judgeScore.map { " judge \(($0 * 100).rounded() / 100)" } ?? "")
            + (stoppedEarly ? " stopped early" : "") + (shipped ? " shipped" : "")
    }
}

extension [CandidateVerdict] {
    /// Marks the verdict of candidate `index` as the one that shipped.
    mutating func markShipped(_ index: Int) {
        for position in indices where self[position].index == index { self[position].shipped = true }
    }
}
