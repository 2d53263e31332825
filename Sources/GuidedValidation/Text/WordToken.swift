/// One word of text, as the grounding checks see it.
struct WordToken: Sendable, Hashable {
    /// The word as written, apostrophes removed (`don't` → `dont`).
    var text: String
    /// Whether the word begins a sentence: the first word, or the first after `.`, `!`, `?`,
    /// `:`, `;` or a line break.
    var startsSentence: Bool
    /// Whether a comma follows the word directly (`First, …`).
    var followedByComma: Bool
    /// Whether an opening quote or bracket directly precedes the word (`"The pool…"`,
    /// `(Of Mice and Men)`): a quoted title or sentence may start capitalized.
    var followsOpeningMark: Bool = false

    /// The word lowercased.
    var lowercased: String { text.lowercased() }
    /// Whether the word contains a digit (`7`, `1Z999AA1`, `2nd`).
    var hasDigit: Bool { text.contains { $0.isNumber } }
    /// Whether the word contains a letter.
    var hasLetter: Bool { text.contains { $0.isLetter } }
    /// Whether the word starts with an uppercase letter.
    var isCapitalized: Bool { text.first?.isUppercase ?? false }
}

/// Splits text into words: runs of letters and digits. Apostrophes inside a word are dropped
/// (`pool's` → `pools`); every other character separates words.
enum WordTokenizer {
    /// The words of `text`, in order.
    static func tokens(in text: String) -> [WordToken] {
        let characters = Array(text)
        var tokens: [WordToken] = []
        var current = ""
        var sentenceBoundary = true
        var openingMark = false
        var index = 0

        func finishWord(at end: Int) {
            guard !current.isEmpty else { return }
            let next = characters[end...].first { !$0.isWhitespace }
            tokens.append(
                WordToken(
                    text: current, startsSentence: sentenceBoundary, followedByComma: next == ",",
                    followsOpeningMark: openingMark))
            current = ""
            sentenceBoundary = false
        }

        while index < characters.count {
            let character = characters[index]
            if character.isLetter || character.isNumber {
                if current.isEmpty { openingMark = index > 0 && openingMarks.contains(characters[index - 1]) }
                current.append(character)
            } else if apostrophes.contains(character), !current.isEmpty,
                index + 1 < characters.count, characters[index + 1].isLetter
            {
                // Inside a word: skip it.
            } else {
                finishWord(at: index)
                if sentenceEnders.contains(character) || character.isNewline { sentenceBoundary = true }
            }
            index += 1
        }
        finishWord(at: characters.count)
        return tokens
    }

    private static let apostrophes: Set<Character> = ["'", "\u{2019}", "\u{2018}"]
    private static let openingMarks: Set<Character> = ["\"", "'", "\u{201C}", "\u{2018}", "(", "[", "\u{00AB}"]
    private static let sentenceEnders: Set<Character> = [".", "!", "?", ":", ";", "…"]
}
