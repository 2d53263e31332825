/// How a schema is compiled into a grammar.
public struct GrammarOptions: Sendable, Hashable {
    /// Whitespace the grammar allows between JSON tokens.
    public enum Whitespace: String, Sendable, Hashable, CaseIterable {
        /// None at all: fewer tokens to generate, and no whitespace loops.
        case compact
        /// Up to one newline (or a space) plus at most 20 spaces or tabs between tokens.
        case pretty
    }

    /// Whitespace between tokens; compact by default.
    public var whitespace: Whitespace
    /// Accept schema keywords the grammar cannot enforce and the validator cannot check
    /// (reported as `unsupported`) instead of failing.
    public var allowUnsupported: Bool

    /// Creates options.
    public init(whitespace: Whitespace = .compact, allowUnsupported: Bool = false) {
        self.whitespace = whitespace
        self.allowUnsupported = allowUnsupported
    }

    /// The largest repetition count Guided emits. llama.cpp treats a maximum above 2000 as
    /// unbounded without a word and rejects larger minimums; 1999 stays clear of both.
    public static let maximumRepetition = 1999
}
