/// How an answer begins and whether it is a given reply, for the `startsWith` and `exactly`
/// checks.
enum AnswerReply {
    /// `text` as an exact reply is compared: trimmed; surrounding quotes and emphasis asterisks
    /// or underscores removed (repeatedly, so `"**Hi.**"` gives `Hi`); one final full stop
    /// removed; curly apostrophes and quotes straightened; whitespace runs made one space. Case
    /// and every other character stay.
    static func comparable(_ text: String) -> String {
        var current = Substring(text)
        while true {
            var next = AnswerLines.trimmed(current)
            if next.hasSuffix(".") { next = next.dropLast() }
            if let first = next.first, let last = next.last, next.count >= 2, wrappers[first] == last {
                next = next.dropFirst().dropLast()
            }
            next = AnswerLines.trimmed(next)
            if next == current { break }
            current = next
        }
        var out = ""
        for character in current {
            if character.isWhitespace {
                if out.last != " " { out.append(" ") }
            } else {
                out.append(AnswerPhrases.straightened(character))
            }
        }
        return out
    }

    /// The first `count` words of `text` once leading whitespace, quotes and asterisks are
    /// skipped, or fewer when the text does not begin with a letter or digit there.
    static func leadingWords(of text: String, count: Int) -> [String] {
        let rest = text.drop { $0.isWhitespace || $0 == "*" || wrappers[$0] != nil || closingQuotes.contains($0) }
        guard let first = rest.first, AnswerWords.isWordCharacter(first) else { return [] }
        return Array(AnswerWords.words(in: String(rest)).prefix(count))
    }

    /// The first word of `text` as written, for a report: up to the first whitespace, at most
    /// 20 characters.
    static func firstWord(of text: String) -> String {
        String(AnswerLines.trimmed(Substring(text)).prefix { !$0.isWhitespace }.prefix(20))
    }

    /// Opening marks and the closing mark each pairs with.
    private static let wrappers: [Character: Character] = [
        "\"": "\"", "'": "'", "\u{201C}": "\u{201D}", "\u{2018}": "\u{2019}", "\u{00AB}": "\u{00BB}", "*": "*",
        "_": "_", "\u{201D}": "\u{201D}",
    ]
    /// Closing quotes a sloppy answer may open with.
    private static let closingQuotes: Set<Character> = ["\u{201D}", "\u{2019}", "\u{00BB}"]
}
