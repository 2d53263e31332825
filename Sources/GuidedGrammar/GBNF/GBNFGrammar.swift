/// A parsed GBNF grammar (the grammar format of llama.cpp), with llama.cpp's semantics.
///
/// Parsing follows llama.cpp's `llama_grammar_parser` and the checks of `llama_grammar_init_impl`:
/// undefined rules, a missing `root`, left recursion, malformed literals and escapes, and the
/// repetition limits (`MAX_REPETITION_THRESHOLD` = 2000) are all reported as `GBNFParseError`.
/// Matching runs over Unicode scalars with an Earley recogniser, so any grammar llama.cpp accepts
/// is matched in polynomial time.
///
/// ```swift
/// let grammar = try GBNFGrammar(parsing: #"root ::= "a"+ [0-9]{2}"#)
/// grammar.accepts("aa42")        // true
/// grammar.acceptsPrefix("aa4")   // true
/// ```
///
/// Model-token references (`<[id]>`, `<text>`, `!<...>`) are parsed, produce a warning, and match
/// no text, exactly as llama.cpp's character-level matcher treats them.
package struct GBNFGrammar: Sendable {
    /// Rule names in definition order (helper rules generated for groups and repetitions are not
    /// included). A rule defined twice is listed once, at its first definition.
    package let ruleNames: [String]

    /// Non-fatal findings, each prefixed with `line:column:`. For example, a repetition maximum
    /// above 2000 is silently treated as unbounded by llama.cpp; it is reported here and matched
    /// as unbounded. Redefined rules, empty character classes and token references also warn.
    public let warnings: [String]

    /// The compiled recogniser.
    let matcher: GBNFMatcher

    /// Parses GBNF text.
    ///
    /// - Parameter text: The grammar source. Its start rule must be named `root`.
    /// - Throws: `GBNFParseError` naming the line and column of the first problem found.
    public init(parsing text: String) throws(GBNFParseError) {
        var parser = GBNFParser(text)
        let parsed = try parser.parse()
        ruleNames = parsed.ruleNames
        warnings = parsed.warnings
        matcher = GBNFMatcher(rules: parsed.rules, root: parsed.rootID)
    }

    /// Whether the whole input, read as Unicode scalars, is a sentence of `root`.
    ///
    /// - Parameter input: The complete text to test.
    /// - Returns: `true` if `root` derives exactly `input`.
    public func accepts(_ input: String) -> Bool {
        matcher.recognize(input, complete: true)
    }

    /// Whether `input` is a viable prefix: some continuation (possibly empty) makes it a sentence.
    ///
    /// Use this for streaming checks: once it returns `false`, no further text can repair the input.
    /// Every sentence is also a viable prefix, and the empty string is a viable prefix whenever the
    /// grammar matches any text at all.
    ///
    /// - Parameter input: The text received so far.
    /// - Returns: `true` if `input` can still be extended to a sentence of `root`.
    public func acceptsPrefix(_ input: String) -> Bool {
        matcher.recognize(input, complete: false)
    }
}
