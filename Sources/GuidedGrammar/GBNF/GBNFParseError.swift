/// An error found while parsing or validating a GBNF grammar.
///
/// Every error carries the 1-based `line` and `column` (counted in Unicode scalars; a tab counts
/// as one column) of the place the problem was detected, and a human-readable `message`.
/// The checks mirror the ones llama.cpp performs in `llama_grammar_parser::parse` and
/// `llama_grammar_init_impl`, plus a few llama.cpp does not make but should (see `message`).
package struct GBNFParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The 1-based line on which the problem was detected.
    public var line: Int
    /// The 1-based column (in Unicode scalars) at which the problem was detected.
    public var column: Int
    /// What is wrong, e.g. `undefined rule 'value'`.
    public var message: String

    /// Creates an error at the given 1-based `line` and `column`.
    public init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// The error rendered as `line:column: message`.
    public var description: String {
        "\(line):\(column): \(message)"
    }
}
