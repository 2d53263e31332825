import GuidedPatterns
import GuidedSchema
import GuidedTestTraits
import Testing

@Suite(.measuresTime) struct RegexMatcherTests {
    /// (pattern, input, expected)
    @Test(
        arguments: [
            ("a+", "xxaayy", true), ("^a*$", "aaa", true), ("^a*$", "abc", false), ("^a*$", "", true),
            ("abc", "xabcx", true), ("^abc", "xabc", false), ("abc$", "abcx", false), ("abc$", "xabc", true),
            ("^$", "", true), ("^$", "a", false), ("", "anything", true),
            ("^[a-z]{2,5}$", "ab", true), ("^[a-z]{2,5}$", "a", false), ("^[a-z]{2,5}$", "abcdef", false),
            (#"^\d{3}-\d{4}$"#, "555-1234", true), (#"^\d{3}-\d{4}$"#, "555-123", false),
            ("^(foo|bar)+$", "foobarfoo", true), ("^(foo|bar)+$", "foob", false),
            ("a.c", "abc", true), ("a.c", "a\nc", false), ("a.c", "a\u{2028}c", false), ("a.c", "a\u{85}c", true),
            ("^.$", "😀", true), ("^..$", "😀", false),
            (#"^[^"]*$"#, "no quotes", true), (#"^[^"]*$"#, "a\"b", false),
            ("^A|B|C|D$", "Axx", true), ("^A|B|C|D$", "xxD", true), ("^A|B|C|D$", "xBx", true),
            ("^A|B|C|D$", "xAx", false),
            ("(^|-)x", "x", true), ("(^|-)x", "a-x", true), ("(^|-)x", "ax", false),
            ("a$|^b", "b..", true), ("a^b", "ab", false), ("$a", "a", false),
            ("^(a|ab)(c|bcd)(d*)$", "abcd", true),
            (#"^\w+@\w+\.\w{2,3}$"#, "me@host.com", true), (#"^\w+@\w+\.\w{2,3}$"#, "me@host.c", false),
            (#"\s"#, "a\u{3000}b", true), (#"\S"#, " \t", false),
            ("^[^a]$", "\u{0}", true), ("(a*)*b", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaac", false),
            ("^(a?){30}a{30}$", String(repeating: "a", count: 30), true),
            ("^x{0}$", "", true), ("^(?:)$", "", true), ("^a{2,}$", "aaaa", true), ("^a{2,}$", "a", false),
            (#"^\u{1F600}$"#, "😀", true), (#"^\uD83D\uDE00$"#, "😀", true), ("^é$", "e\u{301}", false),
        ] as [(String, String, Bool)])
    func matches(_ source: String, _ input: String, _ expected: Bool) throws {
        let pattern = try RegexPattern(source)
        #expect(pattern.matches(input) == expected, "/\(source)/ on \(input.debugDescription)")
    }

    @Test func linearTimeOnPathologicalPattern() throws {
        let pattern = try RegexPattern("^(a|a)*(a*)*b$")
        let input = String(repeating: "a", count: 5000)
        let clock = ContinuousClock()
        let elapsed = clock.measure { #expect(!pattern.matches(input)) }
        // A backtracking matcher needs about 2^5000 steps here; the bound only has to catch that
        // (it leaves room for a machine busy with other tests; speed is not asserted here).
        #expect(elapsed < .seconds(60))
    }

    @Test func equalityIsBySource() throws {
        #expect(try RegexPattern("a+") == RegexPattern("a+"))
        #expect(try RegexPattern("a+") != RegexPattern("aa*"))
        #expect(try Set([RegexPattern("a"), RegexPattern("a")]).count == 1)
    }
}
