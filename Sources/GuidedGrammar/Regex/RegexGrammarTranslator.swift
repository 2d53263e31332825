import GuidedPatterns
import GuidedSchema

/// Translates a JSON Schema `pattern` into llama.cpp GBNF for the content of a JSON string.
///
/// ## JSON encoding policy
/// The grammar describes the *JSON text* between the quotes, and each decoded
/// character must appear in its canonical JSON encoding:
/// `"` as `\"`, `\` as `\\`, `/` raw or as `\/`, the controls U+0000–U+001F
/// as their short escape when one exists (`\b \f \n \r \t`) and otherwise as
/// `\u00XX` (hex digits in either case); every other character raw (UTF-8).
/// So `[^a]` becomes the raw class `[^a"\\\x00-\x1F]` plus the escape
/// sequences for `"`, `\`, `/` and the controls. Non-canonical escapes such
/// as `\u0041` for `A` are not accepted.
///
/// ## Search semantics
/// A pattern matches if it matches *anywhere* in the string, so where the
/// pattern is not anchored by `^` (or `$`) the grammar allows a free prefix (or
/// suffix) of any JSON string characters. Anchors may appear anywhere (e.g.
/// `^a|b$`, `(^|-)x`); they are compiled away exactly.
///
/// ## llama.cpp limits
/// Repetition bounds must be at most 1999 (llama.cpp rejects counts of 2000
/// and more); a repeated part containing another repetition is emitted as its
/// own rule, so repetitions never nest inside one rule.
package enum RegexGrammarTranslator {
    /// GBNF expression for the content of a JSON string (between the quotes)
    /// whose decoded value matches `pattern` under JSON Schema (ECMA-262 search)
    /// semantics.
    ///
    /// The result is safe to use as one item of a GBNF sequence, e.g.
    /// `"\"" <result> "\""`. Auxiliary rules are added to `rules` with names
    /// starting `ruleNamePrefix-` (`-char`, `-dot`, `-class`, `-group`); on
    /// throw, `rules` is left unchanged.
    /// - Throws: `RegexGrammarError` if the pattern cannot be enforced within
    ///   llama.cpp limits (a bound above 1999, anchors inside a group repeated
    ///   more than 16 times, an oversized expansion) or can never match.
    package static func contentExpression<S: GBNFRuleSink>(
        for pattern: RegexPattern,
        ruleNamePrefix: String,
        rules: inout S
    ) throws(RegexGrammarError) -> String {
        let language = try AnchorElimination(source: pattern.source).fullStringLanguage(pattern.root)
        var emitter = GBNFEmitter(sink: rules, prefix: ruleNamePrefix, source: pattern.source)
        let expression = try emitter.expression(language)
        rules = emitter.sink
        return expression
    }
}
