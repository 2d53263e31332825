/// Case-insensitive phrase search that respects word boundaries.
///
/// Text and phrase are both normalized first: lowercased, curly apostrophes made straight,
/// and whitespace runs made one space, so `Don’t  miss` matches `don't miss`.
struct PhraseMatcher: Sendable {
    /// How the end of a phrase must sit in the text.
    enum Ending: Sendable {
        /// The phrase must end at a word boundary: `unlock` does not match `unlocked`.
        case wholeWord
        /// The phrase may run into more letters: `unlock` matches `unlocked` and `unlocks`.
        case wordPrefix
    }

    /// The phrase as written, for reports.
    let phrase: String
    private let pattern: [Character]
    private let ending: Ending

    /// A matcher for `phrase`.
    init(_ phrase: String, ending: Ending) {
        self.phrase = phrase
        self.pattern = Self.normalized(phrase)
        self.ending = ending
    }

    /// Whether the phrase occurs in `text` (already ``normalized(_:)``).
    ///
    /// The start must be at a word boundary when the phrase starts with a letter or digit; the
    /// end likewise when it ends with one and the ending is ``Ending/wholeWord``. Punctuation
    /// edges (`{{`, `Output:`) need no boundary on that side.
    func occurs(in text: [Character]) -> Bool {
        guard !pattern.isEmpty, text.count >= pattern.count else { return false }
        let needsStart = Self.isWordCharacter(pattern[0])
        let needsEnd = ending == .wholeWord && Self.isWordCharacter(pattern[pattern.count - 1])
        for start in 0...(text.count - pattern.count) where text[start] == pattern[0] {
            guard text[start..<(start + pattern.count)].elementsEqual(pattern) else { continue }
            if needsStart, start > 0, Self.isWordCharacter(text[start - 1]) { continue }
            let end = start + pattern.count
            if needsEnd, end < text.count, Self.isWordCharacter(text[end]) { continue }
            return true
        }
        return false
    }

    /// `text` lowercased, apostrophes straightened, whitespace runs made one space.
    static func normalized(_ text: String) -> [Character] {
        var out: [Character] = []
        for character in text.lowercased() {
            if character.isWhitespace {
                if out.last != " " { out.append(" ") }
            } else if character == "\u{2019}" || character == "\u{2018}" {
                out.append("'")
            } else {
                out.append(character)
            }
        }
        return out
    }

    /// Letters, digits and in-word apostrophes count as word characters.
    static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber
    }
}
