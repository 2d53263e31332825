/// The numbers and fractions an answer writes, for the `decimal` and `noFraction` checks.
enum AnswerNumbers {
    /// The numbers `text` writes with a decimal point (`0.75`, `.75`, `1,250.5`), with their
    /// values; a comma between digits is read as a thousands separator, and a run with a second
    /// point (`1.2.3`, `14.06.2024`) is no number.
    static func decimals(in text: String) -> [Double] {
        let characters = Array(text)
        var values: [Double] = []
        var index = 0
        while index < characters.count {
            guard startsNumber(characters, at: index) else {
                index += 1
                continue
            }
            var written = ""
            var points = 0
            while index < characters.count {
                let character = characters[index]
                let nextIsDigit = index + 1 < characters.count && AnswerWords.isDigit(characters[index + 1])
                if AnswerWords.isDigit(character) {
                    written.append(character)
                } else if character == "." && nextIsDigit {
                    written.append(character)
                    points += 1
                } else if character == "," && nextIsDigit && written.last.map(AnswerWords.isDigit) == true {
                    // A thousands separator: skipped.
                } else {
                    break
                }
                index += 1
            }
            if points == 1, let value = Double(written.hasPrefix(".") ? "0" + written : written) {
                values.append(value)
            }
        }
        return values
    }

    /// The first fraction `text` writes: digits, `/` (or the fraction slash `⁄`), digits, with
    /// optional spaces around the slash (`3/4`, `1 / 2`, and so also a date such as `14/06`), or a
    /// single-character fraction such as `¾`; nil when there is none.
    static func firstFraction(in text: String) -> String? {
        let characters = Array(text)
        for (index, character) in characters.enumerated() {
            if vulgarFractions.contains(character) { return String(character) }
            guard slashes.contains(character) else { continue }
            var start = index
            while start > 0, characters[start - 1] == " " { start -= 1 }
            var numerator = start
            while numerator > 0, AnswerWords.isDigit(characters[numerator - 1]) { numerator -= 1 }
            var end = index + 1
            while end < characters.count, characters[end] == " " { end += 1 }
            var denominator = end
            while denominator < characters.count, AnswerWords.isDigit(characters[denominator]) { denominator += 1 }
            guard numerator < start, end < denominator else { continue }
            return String(characters[numerator..<start]) + "/" + String(characters[end..<denominator])
        }
        return nil
    }

    /// Whether a number starts at `index`: a digit not inside a word, or a point before a digit
    /// with no digit before it.
    private static func startsNumber(_ characters: [Character], at index: Int) -> Bool {
        let character = characters[index]
        let previous = index > 0 ? characters[index - 1] : " "
        guard !AnswerWords.isWordCharacter(previous) else { return false }
        if AnswerWords.isDigit(character) { return true }
        return character == "." && index + 1 < characters.count && AnswerWords.isDigit(characters[index + 1])
    }

    /// The slash and the fraction slash.
    private static let slashes: Set<Character> = ["/", "\u{2044}"]
    /// Unicode's single-character fractions, `¼` to `⅞`.
    private static let vulgarFractions: Set<Character> = [
        "\u{00BC}", "\u{00BD}", "\u{00BE}", "\u{2150}", "\u{2151}", "\u{2152}", "\u{2153}", "\u{2154}", "\u{2155}",
        "\u{2156}", "\u{2157}", "\u{2158}", "\u{2159}", "\u{215A}", "\u{215B}", "\u{215C}", "\u{215D}", "\u{215E}",
    ]
}
