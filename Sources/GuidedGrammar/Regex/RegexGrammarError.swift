/// A pattern that cannot be enforced by a llama.cpp GBNF grammar.
public struct RegexGrammarError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The pattern's source text.
    public var pattern: String
    /// What cannot be enforced, in one line.
    public var message: String
    /// How to make the pattern enforceable, in one line.
    public var remedy: String

    /// Creates an error for `pattern`.
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
