/// One generated token and the log-probability the model gave it, before any grammar masked
/// the vocabulary (llama-server's `completion_probabilities`). A token the grammar forced
/// against the model's wishes shows up as a very low value: the model "meant" something else.
public struct TokenLogProbability: Sendable, Hashable {
    /// The token's text.
    public var text: String
    /// Natural-log probability, at most 0.
    public var logProbability: Double

    /// The token `text` with its natural-log probability: `0` is certain; by default a candidate
    /// with a string token below `-11` is rejected as forced by the grammar.
    public init(text: String, logProbability: Double) {
        self.text = text
        self.logProbability = logProbability
    }
}
