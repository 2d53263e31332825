/// Case-insensitive phrase search on whole words, for the `contains`, `containsAny`,
/// `forbidden` and `notRefusal` checks.
///
/// Text and phrase are both normalized first: lowercased, curly quotes and apostrophes made
/// straight, markdown asterisks and emoji variation selectors removed, and whitespace runs (line
/// breaks included) made one space, so `**Best regards,**\nSam` holds `best regards, sam`. A match may not run on into a
/// word: the characters on either side of each edge must not both be letters or both be digits,
/// so `mile` is not in `miles` while `km` is in `5km` and `June 14` is in `June 14th`.
enum AnswerPhrases {
    /// The first of `phrases` that occurs in `text`, or nil.
    static func first(of phrases: [String], in text: String) -> String? {
        let normalizedText = normalized(text)
        return phrases.first { occurs(normalized($0), in: normalizedText) }
    }

    /// The phrases of `phrases` that do not occur in `text`, in order.
    static func missing(_ phrases: [String], in text: String) -> [String] {
        let normalizedText = normalized(text)
        return phrases.filter { !occurs(normalized($0), in: normalizedText) }
    }

    /// Whether `pattern` occurs in `text` on word edges; both already ``normalized(_:)``.
    private static func occurs(_ pattern: [Character], in text: [Character]) -> Bool {
        guard let head = pattern.first, let tail = pattern.last, text.count >= pattern.count else { return false }
        for start in 0...(text.count - pattern.count) where text[start] == head {
            guard text[start..<(start + pattern.count)].elementsEqual(pattern) else { continue }
            if start > 0, runsOn(text[start - 1], head) { continue }
            let end = start + pattern.count
            if end < text.count, runsOn(tail, text[end]) { continue }
            return true
        }
        return false
    }

    /// Whether two neighbouring characters belong to one word: both letters or both digits.
    private static func runsOn(_ left: Character, _ right: Character) -> Bool {
        (left.isLetter && right.isLetter) || (left.isNumber && right.isNumber)
    }

    /// `text` lowercased, quotes straightened, asterisks and variation selectors removed,
    /// whitespace runs made one space, and trimmed.
    static func normalized(_ text: String) -> [Character] {
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: text.lowercased().unicodeScalars.filter { $0 != "\u{FE0E}" && $0 != "\u{FE0F}" })
        var out: [Character] = []
        for character in String(scalars) where character != "*" {
            if character.isWhitespace {
                if let last = out.last, last != " " { out.append(" ") }
            } else {
                out.append(straightened(character))
            }
        }
        if out.last == " " { out.removeLast() }
        return out
    }

    /// Curly quotes and apostrophes made straight; any other character as it is.
    static func straightened(_ character: Character) -> Character {
        switch character {
        case "\u{2018}", "\u{2019}": "'"
        case "\u{201C}", "\u{201D}": "\""
        default: character
        }
    }
}
