import GuidedSchema

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
    /// Grounded decoding: when set, every free-text string (a string with no `pattern`,
    /// `format`, `const` or `enum`) may state only the specifics this vocabulary holds — see
    /// `GroundedVocabulary`. Such a string holds at least one word, and its `maxLength` is
    /// checked after generation instead of enforced (the lowering report says so). Grammars with
    /// a vocabulary are per request, so ``GrammarCompiler/cachedCompile(_:options:)`` compiles and
    /// verifies them each time instead of caching them.
    package var groundedVocabulary: GroundedVocabulary?
    /// Strings written without JSON escapes: each character of a string (of `json-char`) is one
    /// character class, `[^"\\\x00-\x1F]`. XGrammar (vLLM's and SGLang's engine) precomputes the
    /// token masks of a repeated character class and computes every other one token by token:
    /// measured on Gemma 3 270M's 262k-token vocabulary, 0.24 ms a token for a 180-character
    /// string written this way against 1,334 ms with escapes (`guided-bench engines`). A quote, a
    /// backslash or a control character can then not be generated inside a string; everything
    /// else about the schema is enforced as before, and the output is validated in full. Off by
    /// default; the OpenAI-compatible backend turns it on for vLLM and SGLang.
    public var plainStrings: Bool
    /// For a completion prompt whose examples end each value with a blank line
    /// (``CompletionFrame``): the value may be followed by up to two line breaks, so the token a
    /// base model writes after it (`\n\n`) is accepted as sampled rather than refused, which
    /// makes llama.cpp resample over the whole vocabulary. The request then stops at a line
    /// break, which compact JSON cannot hold. Off by default.
    package var completionFrame: Bool

    /// Options; the defaults (compact, unsupported keywords refused, no grounded vocabulary,
    /// escapes in strings) are what sessions use for a schema without grounded decoding.
    public init(whitespace: Whitespace = .compact, allowUnsupported: Bool = false, plainStrings: Bool = false) {
        self.init(
            whitespace: whitespace, allowUnsupported: allowUnsupported, groundedVocabulary: nil,
            plainStrings: plainStrings)
    }

    /// Options with a grounded vocabulary (a session builds one per request with facts).
    package init(
        whitespace: Whitespace = .compact, allowUnsupported: Bool = false,
        groundedVocabulary: GroundedVocabulary?,
        plainStrings: Bool = false, completionFrame: Bool = false
    ) {
        self.whitespace = whitespace
        self.allowUnsupported = allowUnsupported
        self.groundedVocabulary = groundedVocabulary
        self.plainStrings = plainStrings
        self.completionFrame = completionFrame
    }

    /// The largest repetition count Guided emits. llama.cpp treats a maximum above 2000 as
    /// unbounded without a word and rejects larger minimums; 1999 stays clear of both.
    package static let maximumRepetition = 1999

    /// The largest length or item count the grammar enforces; above it, the bound is checked
    /// after generation. Counts above ``maximumRepetition`` are spelled in chunks of it, so the
    /// grammar stays small; this bound keeps the chunks' own count within the limit too.
    package static let maximumEnforcedCount = 1_000_000
}
