import GuidedGrammar
import GuidedPatterns
import GuidedSchema
import Testing

/// A `pattern` that lists many words (`^(alpha|beta|…)$`) becomes one expression sharing common
/// prefixes, as a large `enum` does: a flat alternation of 5,000 words kept llama-server from
/// answering for minutes (issue 12's adversarial schemas). The factored grammar must accept
/// exactly what the pattern matches.
@Suite struct WordListPatternTests {
    /// `count` distinct words with shared prefixes (`step-a0`, `step-a1`, …, `stop-…`), a few
    /// with characters JSON escapes (`"` and `\`), and one word that begins another.
    static func words(_ count: Int) -> [String] {
        var words = (0..<count).map { index in
            (index % 2 == 0 ? "step-" : "stop-") + String(index / 2, radix: 7)
        }
        words += [#"say "hi""#, #"back\slash"#, "step", "stepping"]
        return words
    }

    /// The regex source for `words`, with `\` escaped.
    static func pattern(_ words: [String]) -> String {
        "^(" + words.map(escaped).joined(separator: "|") + ")$"
    }

    /// `word` as regex source: a backslash escaped, every other character literal.
    static func escaped(_ word: String) -> String {
        word.unicodeScalars.map { $0 == "\\" ? #"\\"# : String($0) }.joined()
    }

    @Test func manyWordsShareTheirPrefixesAndMatchExactlyTheWords() throws {
        let words = Self.words(600)
        let translated = try TranslatedPattern(Self.pattern(words))
        // Flat, "stop-" would be written 300 times; factored, the prefix is written once.
        let stops = translated.listing.split(separator: "op-", omittingEmptySubsequences: false).count - 1
        #expect(stops == 1, "not factored:\n\(translated.listing.prefix(400))")
        for word in words {
            #expect(try translated.accepts(word), "\(word) rejected")
        }
        for miss in ["ste", "step-", "stepp", "step-a0", "stop-1x", "", #"say "hi"#, "xstep-0", "STEP-0"] {
            #expect(try translated.accepts(miss) == translated.pattern.matches(miss), "\(miss)")
        }
    }

    @Test func aChoiceWithABranchThatIsNotAWordStaysFlatAndAgrees() throws {
        let words = Self.words(100)
        for source in [
            "^(" + words.map(Self.escaped).joined(separator: "|") + #"|[0-9]+)$"#,
            "^(" + words.map(Self.escaped).joined(separator: "|") + "|)$",
        ] {
            let translated = try TranslatedPattern(source)
            for candidate in words + ["", "123", "step-", "1a"] {
                #expect(
                    try translated.accepts(candidate) == translated.pattern.matches(candidate),
                    "/…/ on \(candidate.debugDescription)")
            }
        }
    }

    @Test func aFewWordsStayAFlatAlternation() throws {
        let translated = try TranslatedPattern("^(red|green|blue)$")
        #expect(translated.listing.contains(#""red" | "green" | "blue""#), "\(translated.listing)")
    }
}
