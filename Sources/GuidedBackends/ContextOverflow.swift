/// The numbers of a request that does not fit a model's context: what it holds and what the
/// request needs (Foundation Models' `LanguageModelError.ContextSizeExceeded`).
public struct ContextOverflow: Sendable, Hashable, CustomStringConvertible {
    /// The tokens the model's context holds.
    public var contextSize: Int
    /// The tokens the request needs: its prompt plus the most its responses may take (or, when
    /// a server refused it, the prompt's tokens as the server counted them).
    public var tokenCount: Int

    /// A request needing `tokenCount` tokens of a context that holds `contextSize`.
    public init(contextSize: Int, tokenCount: Int) {
        self.contextSize = contextSize
        self.tokenCount = tokenCount
    }

    /// `12000 tokens > context 8192`.
    public var description: String { "\(tokenCount) tokens > context \(contextSize)" }
}
