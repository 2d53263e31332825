import GuidedGrammar
import GuidedPatterns
import GuidedSchema
import GuidedTestTraits
import Testing

/// For each pattern: generate strings in and near its language, encode them
/// canonically as JSON string content, and check that the translated grammar
/// (run by the test-only evaluator) agrees with `RegexPattern.matches`.
@Suite(.ownThreads) struct RegexGrammarPropertyTests {
    static let patterns = [
        "^[a-z]{2,5}$", #"^\d{3}-\d{4}$"#, "^(foo|bar)+$", "a.c", #"^[^"]*$"#, "^abc?d*efg+(hij)?kl$",
        "^A|B|C|D$", "x", "^$", "", #"^"\\/$"#, #"^\n\t\u0001\x1F$"#, #"^(\d{2}:)+$"#, "^[^a]$", "^.$",
        "(^|-)x", "a$|^b", "(^a|b)*c", "(a|$)+", "^(a$|b)*", "(^)*a", "(^a|b$){2,3}", "^(?:(?:ab)+c)?d$",
        #"^[\w.+-]+@[a-z0-9-]+\.[a-z]{2,}$"#, #"\s+\S"#, #"^[\u0000-\u001f"\\/]+$"#, #"[^\s\S]|z"#,
        "^(a|ab)(c|bcd)(d*)$", "^é?😀*[à-ÿ]$", #"^[^\d\W]{1,3}"#,
        "^(?:a{2}){2,3}$", "^(a?){3}b{0,2}$", "^[ -~]{0,4}$", "ab|cd|^ef$", "^a{2,}$",
    ]

    @Test(arguments: patterns)
    func grammarAgreesWithMatcher(_ source: String) throws {
        let translated = try TranslatedPattern(source)
        var generator = CandidateStrings(
            random: SeededGenerator(
                state: source.unicodeScalars.reduce(0xCBF2_9CE4_8422_2325) {
                    ($0 ^ UInt64($1.value)) &* 0x100_0000_01B3
                }))
        let candidates = generator.candidates(for: translated.pattern, count: 120)
        var matched = 0
        for candidate in candidates {
            let expected = translated.pattern.matches(candidate)
            if expected { matched += 1 }
            let actual = try translated.accepts(candidate)
            #expect(
                actual == expected,
                "/\(source)/ on \(candidate.debugDescription): grammar \(actual), matcher \(expected)\n\(translated.listing)"
            )
        }
        #expect(candidates.count > 50)
        if source != #"[^\s\S]|z"# { #expect(matched > 0, "no matching candidate generated for /\(source)/") }
    }

    @Test func slashEscapeIsAcceptedWhereverSlashIsAllowed() throws {
        let translated = try TranslatedPattern("^a/b$")
        #expect(try translated.accepts(jsonContent: Array(#"a\/b"#.unicodeScalars.map(\.value))))
        #expect(try translated.accepts(jsonContent: Array("a/b".unicodeScalars.map(\.value))))
    }
}
