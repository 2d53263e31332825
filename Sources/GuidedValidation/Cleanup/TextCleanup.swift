/// The string transforms behind ``OutputCleanup``.
enum TextCleanup {
    /// `text` without leading or trailing whitespace and newlines.
    static func trimmed(_ text: String) -> String {
        guard let first = text.firstIndex(where: { !$0.isWhitespace }),
            let last = text.lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(text[first...last])
    }

    /// `text` with every whitespace run (newlines included) replaced by one space.
    static func collapsingWhitespace(_ text: String) -> String {
        var out = ""
        var inRun = false
        for character in text {
            if character.isWhitespace {
                if !inRun { out.append(" ") }
                inRun = true
            } else {
                out.append(character)
                inRun = false
            }
        }
        return out
    }

    /// The key two strings are compared by for duplicates: trimmed and lowercased.
    static func comparisonKey(_ text: String) -> String {
        trimmed(text).lowercased()
    }

    /// `text` with a leading list marker removed from each line.
    static func strippingListBullets(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { strippingBullet(Substring($0)) }
            .joined(separator: "\n")
    }

    /// One line without its leading list markers (repeatedly, so `- 1. x` becomes `x`).
    private static func strippingBullet(_ line: Substring) -> String {
        var rest = line
        while let afterMarker = afterListMarker(rest) {
            rest = afterMarker
        }
        return String(rest)
    }

    /// The line after a leading marker and the whitespace around it, or nil without one.
    private static func afterListMarker(_ line: Substring) -> Substring? {
        let body = line.drop { $0 == " " || $0 == "\t" }
        guard let first = body.first else { return nil }
        var afterMarker: Substring
        if bulletSymbols.contains(first) {
            afterMarker = body.dropFirst()
        } else if first.isASCII, first.isNumber {
            let digits = body.prefix { $0.isASCII && $0.isNumber }
            let next = body.dropFirst(digits.count)
            guard digits.count <= 3, let punctuation = next.first, punctuation == "." || punctuation == ")" else {
                return nil
            }
            afterMarker = next.dropFirst()
        } else if first.isASCII, first.isLetter, body.dropFirst().first == ")" {
            afterMarker = body.dropFirst(2)
        } else {
            return nil
        }
        guard afterMarker.isEmpty || afterMarker.first!.isWhitespace else { return nil }
        afterMarker = afterMarker.drop { $0 == " " || $0 == "\t" }
        return afterMarker
    }

    /// Symbols that open a bulleted line.
    private static let bulletSymbols: Set<Character> = ["-", "–", "—", "•", "*", "·", "◦", "‣"]
}
