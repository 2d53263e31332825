import GuidedPatterns
import GuidedSchema
import Testing

@Suite struct RegexRejectionTests {
    /// (pattern, offset, message fragment)
    @Test(
        arguments: [
            ("(?=a)a", 0, "lookahead"),
            ("x(?!a)", 1, "lookahead"),
            ("(?<=a)b", 0, "lookbehind"),
            ("ab(?<!a)", 2, "lookbehind"),
            (#"(a)\1"#, 3, "backreferences"),
            (#"(?<n>a)\k<n>"#, 7, "named backreferences"),
            (#"a\b"#, 1, "word-boundary"),
            (#"\B"#, 0, "word-boundary"),
            ("(?i)a", 0, "inline flags"),
            (#"\p{Script=Greek}"#, 0, "Unicode property"),
            ("^(a$", 1, "unterminated group"),
            ("a)", 1, "unmatched ')'"),
            ("[ab", 0, "unterminated character class"),
            ("*a", 0, "nothing to repeat"),
            ("a**", 2, "quantifier cannot follow"),
            ("a{5,2}", 1, "out of order"),
            ("a{2", 1, "lone '{'"),
            ("{", 0, "lone '{'"),
            ("a}", 1, "lone '}'"),
            ("a]", 1, "lone ']'"),
            ("^*", 1, "cannot be quantified"),
            ("[z-a]", 1, "range out of order"),
            (#"[\d-z]"#, 1, "cannot bound a range"),
            (#"\x4"#, 0, "two hex digits"),
            (#"\u12"#, 0, "four hex digits"),
            (#"\u{110000}"#, 0, "malformed"),
            (#"\uD800"#, 0, "lone surrogate"),
            (#"\01"#, 0, "octal"),
            (#"\a"#, 0, "unsupported escape"),
            (#"ab\"#, 2, "lone backslash"),
            ("a{100001}", 1, "above 100000"),
            ("(a{1000}){1000}", 0, "matcher states"),
        ] as [(String, Int, String)])
    func rejected(_ source: String, _ offset: Int, _ fragment: String) {
        do {
            _ = try RegexPattern(source)
            Issue.record("/\(source)/ should be rejected")
        } catch {
            #expect(error.offset == offset, "/\(source)/: \(error)")
            #expect(error.message.contains(fragment), "/\(source)/: \(error)")
            #expect(!error.remedy.isEmpty)
            #expect(error.description.contains("offset \(offset)"))
        }
    }
}
