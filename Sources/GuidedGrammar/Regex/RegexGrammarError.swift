/// A pattern that cannot be enforced by a llama.cpp GBNF grammar.
package struct RegexGrammarError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The pattern's source text.
    public var pattern: String
    /// What cannot be enforced, in one line.
    public var message: String
    /// How to make the pattern enforceable, in one line.
    public var remedy: String

    /// An error for the pattern source `pattern`; `message` and `remedy` are one line each, e.g.
    /// "repetition {0,5000} exceeds llama.cpp's limit of 1999 …" and "use bounds of at most 1999, …".
    public init(pattern: String, message: String, remedy: String) {
        self.pattern = pattern
        self.message = message
        self.remedy = remedy
    }

    /// `"cannot enforce pattern /p/: message (remedy)"`.
    public var description: String {
        "cannot enforce pattern /\(pattern)/: \(message) (\(remedy))"
    }
}
