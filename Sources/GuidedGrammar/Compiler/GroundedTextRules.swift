import GuidedPatterns
import GuidedSchema

/// GBNF rules for free text under grounded decoding: ordinary words are free, specifics come
/// only from the request's `GroundedVocabulary`.
///
/// The text is a sequence of sentences, each a run of words joined by spaces and punctuation,
/// described as a small state machine over characters:
/// - **sentence start** (`gt-sent`): a capitalised word, a grounded specific, or a lowercase word;
/// - **mid-sentence** (`gt-mid`, after a space, `-` or `/`): a lowercase word or a grounded
///   specific — so a capital letter or a digit mid-sentence can only begin a grounded token;
/// - **after a word** (`gt-after`): the end of the text, an apostrophe ending (`'s`, `n't`), a
///   separator (`, ` `; ` `: ` or a space) or a joiner (`-`, `/`), a digit joiner (`:` or `.`
///   straight into a grounded number: `11:40`, `2.5`), a closing quote, or a sentence end
///   (`.`, `!`, `?`, up to three) followed by the end, or a space and a new sentence.
///
/// No parentheses: measured on the embedded model, asides in parentheses were where outputs
/// ran on until the token limit ("(if possible), then cook it … (also cooked with …").
///
/// Words are letters: ASCII, and the accented lowercase letters of Latin-1 (`é` in `café`) after
/// the first. Byte-fallback runs (`ÿÿÿÿ`, seen where the model wanted a digit it may not
/// write) and other scripts are out. A lowercase word may not
/// be — or, for prefix-banned words, begin with — a forbidden word, and a capitalised word
/// (which can only open a sentence) neither a forbidden nor a forbidden-capitalised word:
/// the forbidden words form a trie, and each trie node is one rule whose alternatives are the
/// letters leading deeper, a class of every other letter (which leaves the trie for `gt-free`),
/// and the end of the word where no forbidden word ends. The grammar never needs lookahead:
/// every rule decides on the next character alone, which keeps llama.cpp's stacks few.
///
/// Digits, other symbols (`<`, `>`, `(`, `{`, `[`, `#`, `*`, `|`, `@`, …) and control
/// characters never appear, except as part of a grounded specific.
struct GroundedTextRules {
    private let vocabulary: GroundedVocabulary

    init(_ vocabulary: GroundedVocabulary) {
        self.vocabulary = vocabulary
    }

    /// Defines every rule in `rules` and returns the name of the rule for one or more sentences.
    func define(in rules: inout GBNFRules) -> String {
        let free = rules.reserve("gt-free")
        rules.define(free, GBNFText.characterClass(LetterClass.later) + "*")
        let lower = WordTrie(vocabulary.forbiddenWords.map { $0.lowercased() }, exact: vocabulary.exactWords)
            .define(named: "gt-lw", firstLetters: LetterClass.later, free: free, in: &rules)
        let capitalBanned = (vocabulary.forbiddenWords + vocabulary.forbiddenCapitalisedWords).map(Self.capitalised)
        let capital = WordTrie(capitalBanned, exact: Set(vocabulary.exactWords.map(Self.capitalised)))
            .define(named: "gt-cw", firstLetters: LetterClass.uppercase, free: free, in: &rules)
        let specific = defineSpecifics(in: &rules)

        let sentence = rules.reserve("gt-sent")
        let middle = rules.reserve("gt-mid")
        let after = rules.reserve("gt-after")
        let end = rules.reserve("gt-end")
        let quote = GBNFSpelling.literal("\\\"")
        let word = specific.map { "\(lower) | \(capital) | \($0)" } ?? "\(lower) | \(capital)"
        let midWord = specific.map { "\(lower) | \($0)" } ?? lower
        rules.define(sentence, "(\(word)) \(after) | \(quote) \(sentence)")
        rules.define(middle, "(\(midWord)) \(after) | \(quote) \(sentence)")
        var afterAlternatives = [
            "\"\"",
            "\"'\" [a-z]+ \(after)",
            "[,;:]? \" \" \(middle)",
            "[-/] \(middle)",
            "\(quote) \(after)",
            "[.!?]{1,3} \(end)",
        ]
        if let specific { afterAlternatives.insert("[:.] \(specific) \(after)", at: 5) }
        rules.define(after, afterAlternatives.joined(separator: " | "))
        rules.define(end, "\"\" | \" \" \(sentence) | \(quote) \(end)")
        return sentence
    }

    /// `gt-spec`: the grounded specifics, factored by their first character; nil when there are none.
    private func defineSpecifics(in rules: inout GBNFRules) -> String? {
        let tokens = Set(vocabulary.specifics.filter { !$0.isEmpty })
        guard !tokens.isEmpty else { return nil }
        let grouped = Dictionary(grouping: tokens) { String($0.prefix(1)) }
        let alternatives = grouped.keys.sorted().map { first -> String in
            let rests = grouped[first]!.map { String($0.dropFirst()) }.sorted()
            let restAlternatives = rests.map { $0.isEmpty ? "\"\"" : GBNFSpelling.literal($0) }
            return GBNFSpelling.literal(first)
                + (rests == [""] ? "" : " (" + restAlternatives.joined(separator: " | ") + ")")
        }
        let name = rules.reserve("gt-spec")
        rules.define(name, alternatives.joined(separator: " | "))
        return name
    }

    static func capitalised(_ word: String) -> String {
        word.prefix(1).uppercased() + word.dropFirst()
    }
}

/// The letters grounded text is written in.
enum LetterClass {
    /// `A-Z`: the first letter of a capitalised word.
    static let uppercase = RegexScalarSet([0x41...0x5A])
    /// `a-z` plus the accented lowercase letters of Latin-1 (U+00DF–U+00F6, U+00F8–U+00FE: `é`,
    /// `ü`, `ß`; not ÷ or ÿ): the letters of a word after its first, and the first letter of a
    /// lowercase word.
    static let later = RegexScalarSet([0x61...0x7A, 0xDF...0xF6, 0xF8...0xFE])
}
