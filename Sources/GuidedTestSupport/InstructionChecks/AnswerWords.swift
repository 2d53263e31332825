/// The words of an answer, as the `words` and `startsWith` checks count them.
///
/// A word is a run of letters and digits. An apostrophe or hyphen between two such characters
/// stays inside the word (`don't`, `run-walk`), and so does a `.`, `,` or `:` between two digits
/// (`0.75`, `7,000`, `12:30`); every other character separates words, so `e.g.` is two words and
/// an emoji is none.
enum AnswerWords {
    /// The words of `text`, in order, as written.
    static func words(in text: String) -> [String] {
        let characters = Array(text)
        var words: [String] = []
        var current = ""
        for (index, character) in characters.enumerated() {
            if isWordCharacter(character) {
                current.append(character)
            } else if !current.isEmpty, index + 1 < characters.count, joins(character, characters[index + 1], current) {
                current.append(character)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// How many words `text` has.
    static func count(in text: String) -> Int {
        words(in: text).count
    }

    /// Letters and digits make words.
    static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber
    }

    /// Whether `character`, between the word so far and `next`, stays inside the word.
    private static func joins(_ character: Character, _ next: Character, _ word: String) -> Bool {
        if innerMarks.contains(character) { return isWordCharacter(next) }
        if numberMarks.contains(character) { return isDigit(next) && word.last.map(isDigit) == true }
        return false
    }

    /// An ASCII digit.
    static func isDigit(_ character: Character) -> Bool {
        character.isASCII && character.isNumber
    }

    /// Apostrophes and hyphens that join two parts of one word.
    private static let innerMarks: Set<Character> = ["'", "\u{2019}", "-", "\u{2010}", "\u{2011}"]
    /// Marks that join two runs of digits into one number.
    private static let numberMarks: Set<Character> = [".", ",", ":"]
}
