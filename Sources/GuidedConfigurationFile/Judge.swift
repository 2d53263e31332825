import GuidedBackends

/// A yes/no question a model answers about each candidate that passed every other check, whose
/// answer decides what ships: the rule "a false rejection is safe; a hallucinated receipt is not"
/// made a setting.
///
/// The judge asks its model whether a reader would keep the candidate, given the request's facts
/// and prompt, and reads the probability of "yes" from the log-probabilities of the first token
/// the model would answer with (``LanguageModelBackend/nextTokenLogProbabilities(for:count:)``):
/// one evaluated token per question, and the questions about one request share their beginning,
/// so the server's prompt cache evaluates it once. Among the candidates that pass, the one with
/// the highest score ships if it reaches ``threshold``; when none does, the request ends with the
/// type's fallback and the reason `judge/belowThreshold`, every candidate's score in its attempt.
///
/// ```swift
/// var candidates = CandidatePolicy(count: 6, batchSize: 2)
/// candidates.judge = Judge(threshold: 0.8, question: "Would a careful coach show this step to this person?")
/// ```
public struct Judge: Sendable, Hashable {
    /// What the judge scores: the whole value, or each string of its lists on its own.
    public enum Unit: String, Sendable, Hashable, CaseIterable {
        /// The whole value, as JSON.
        case whole
        /// Each string of a list of strings (each step of a step list) on its own; the value's
        /// score is its lowest item's, so a list is kept only when every item would be. A value
        /// without such a list is judged whole.
        case items
    }

    /// The lowest score, from 0 to 1, a candidate may have and ship.
    public var threshold: Double
    /// The question the model answers yes or no, about a candidate and the request's facts.
    public var question: String
    /// The whole value, or each item of its lists.
    public var unit: Unit
    /// The configured backend that judges; nil for the backend that generated the candidates.
    public var backend: String?
    /// Worked judgements shown before every question, as earlier turns of the conversation:
    /// few-shot judging. They come first and are the same for every question, so a server's
    /// prompt cache evaluates them once per run of questions. Empty by default.
    public var examples: [Example] = []

    /// A judgement the judge's model is shown as answered: a request's prompt and facts, a text
    /// written for it, and whether a reader kept that text.
    public struct Example: Sendable, Hashable {
        /// What the app asked for, as a request's prompt.
        public var asked: String
        /// The request's facts.
        public var facts: [String]
        /// The text written for it: one item of a list, or a whole value as JSON.
        public var text: String
        /// Whether a reader kept the text: the answer "Yes" or "No" the model is shown.
        public var keep: Bool

        /// The judgement that `text`, written for `asked` with `facts`, was kept (or not).
        public init(asked: String, facts: [String] = [], text: String, keep: Bool) {
            self.asked = asked
            self.facts = facts
            self.text = text
            self.keep = keep
        }
    }

    /// The question a judge asks when a type brings none.
    public static let defaultQuestion =
        "Would a careful reader keep this: is it sensible, concrete, well written and true to the facts?"

    /// A judge asking `question` (a generic one by default) about each `unit`, shipping what
    /// scores `threshold` or more.
    public init(
        threshold: Double, question: String = Judge.defaultQuestion, unit: Unit = .items, backend: String? = nil
    ) {
        self.threshold = threshold
        self.question = question
        self.unit = unit
        self.backend = backend
    }

    /// Why this judge cannot judge, or nil when it can: a threshold outside 0 to 1 (which would
    /// ship everything or nothing without a word) or a question of only white space. Sessions
    /// refuse such a request as `invalidOptions` before anything is sent.
    package var problem: String? {
        if let range = Judge.thresholdRange.violation(threshold) { return "the judge's \(range)" }
        if question.allSatisfy(\.isWhitespace) { return "the judge's question is empty" }
        return nil
    }
}
