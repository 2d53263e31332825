/// The lines of an answer, and the list markers that start them.
enum AnswerLines {
    /// The lines of `text` that hold more than whitespace, trimmed.
    static func nonEmpty(_ text: String) -> [Substring] {
        text.split(whereSeparator: \.isNewline).map(trimmed).filter { !$0.isEmpty }
    }

    /// `line` without leading and trailing whitespace.
    static func trimmed(_ line: Substring) -> Substring {
        let start = line.firstIndex { !$0.isWhitespace } ?? line.endIndex
        let end = line.lastIndex { !$0.isWhitespace }.map { line.index(after: $0) } ?? start
        return line[start..<end]
    }

    /// The number of a numbered line (`1. Boil water`, `2) Pour`, `**3.** Serve`), or nil.
    ///
    /// Leading whitespace, asterisks and `#` are skipped; the number (1 to 3 digits) must be
    /// followed by `.` or `)` and then whitespace, an asterisk or the end, so `1.5 cups` is no item.
    static func itemNumber(_ line: Substring) -> Int? {
        let rest = line.drop { $0.isWhitespace || $0 == "*" || $0 == "#" }
        let digits = rest.prefix(while: AnswerWords.isDigit)
        guard (1...3).contains(digits.count) else { return nil }
        let after = rest.dropFirst(digits.count)
        guard let mark = after.first, mark == "." || mark == ")" else { return nil }
        guard let next = after.dropFirst().first else { return Int(digits) }
        return next.isWhitespace || next == "*" ? Int(digits) : nil
    }

    /// Whether `line` is a bullet point: `- `, `* ` or `• ` after any indentation.
    static func isBullet(_ line: Substring) -> Bool {
        let rest = line.drop { $0.isWhitespace }
        guard let marker = rest.first, bulletMarkers.contains(marker) else { return false }
        return rest.dropFirst().first?.isWhitespace == true
    }

    /// `line` without its leading whitespace, `#` and `>` marks, bullet marker or item number.
    static func withoutMarker(_ line: Substring) -> Substring {
        let rest = line.drop { $0.isWhitespace || $0 == "#" || $0 == ">" }
        if isBullet(rest) { return rest.dropFirst() }
        guard itemNumber(rest) != nil else { return rest }
        return rest.drop(while: AnswerWords.isDigit).dropFirst()
    }

    /// The characters that start a bullet point.
    private static let bulletMarkers: Set<Character> = ["-", "*", "\u{2022}"]
}
