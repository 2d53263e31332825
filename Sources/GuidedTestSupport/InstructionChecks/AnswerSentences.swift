/// Counts the sentences of an answer, as the `sentences` check does.
///
/// A sentence ends at `.`, `!`, `?` or `…` (a run of them counts once), followed, after any
/// closing quotes or brackets, by whitespace or the end of the answer, and at every line break.
/// A full stop does not end a sentence inside a number (`0.75`, no whitespace follows), after a
/// list number at the start of a line (`1.`), after an initial (`J.`) or after `e.g.`, `i.e.`,
/// `Mr.`, `Mrs.`, `Ms.`, `Dr.`, `St.`, `Jr.`, `Sr.`, `Prof.` or `vs.`; after `etc.`, `a.m.`,
/// `p.m.` or `approx.` it does only when the next word is capitalized. A last sentence without
/// a full stop still counts; a stretch with no letter or digit is no sentence; markdown
/// asterisks, headings and bullet markers are ignored.
enum AnswerSentences {
    /// How many sentences `text` has.
    static func count(in text: String) -> Int {
        let plain = text.filter { $0 != "*" }
        return plain.split(whereSeparator: \.isNewline).reduce(0) { total, line in
            total + count(inLine: Array(AnswerLines.withoutMarker(line)))
        }
    }

    /// The sentences of one line.
    private static func count(inLine characters: [Character]) -> Int {
        var count = 0
        var hasContent = false
        var index = 0
        while index < characters.count {
            let character = characters[index]
            guard enders.contains(character) else {
                if AnswerWords.isWordCharacter(character) { hasContent = true }
                index += 1
                continue
            }
            let runStart = index
            while index < characters.count, enders.contains(characters[index]) { index += 1 }
            let lonePeriod = index - runStart == 1 && character == "."
            while index < characters.count, closers.contains(characters[index]) { index += 1 }
            guard index == characters.count || characters[index].isWhitespace else { continue }
            if lonePeriod, !periodEndsSentence(characters, at: runStart, next: index) { continue }
            if hasContent { count += 1 }
            hasContent = false
        }
        return hasContent ? count + 1 : count
    }

    /// Whether the full stop at `period` ends a sentence, judged by the word before it and the
    /// word that starts at or after `next`.
    private static func periodEndsSentence(_ characters: [Character], at period: Int, next: Int) -> Bool {
        var start = period
        while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
        let word = String(characters[start..<period]).drop { openers.contains($0) }
        if word.count == 1, word.first?.isUppercase == true { return false }
        let lowered = word.lowercased()
        if neverEnding.contains(lowered) { return false }
        guard endingBeforeCapital.contains(lowered) else { return true }
        let following = characters[next...].first { !$0.isWhitespace && !openers.contains($0) }
        return following?.isUppercase == true
    }

    /// Characters that end a sentence.
    private static let enders: Set<Character> = [".", "!", "?", "\u{2026}"]
    /// Closing marks that may sit between a sentence's end and the whitespace after it.
    private static let closers: Set<Character> = ["\"", "'", "\u{201D}", "\u{2019}", ")", "]", "\u{00BB}", "_"]
    /// Opening marks that may sit before a word.
    private static let openers: Set<Character> = ["\"", "'", "\u{201C}", "\u{2018}", "(", "[", "\u{00AB}", "_"]
    /// Abbreviations whose full stop never ends a sentence (written without their last `.`).
    private static let neverEnding: Set<String> = [
        "e.g", "i.e", "mr", "mrs", "ms", "dr", "st", "jr", "sr", "prof", "vs",
    ]
    /// Abbreviations whose full stop ends a sentence only before a capitalized word.
    private static let endingBeforeCapital: Set<String> = ["etc", "a.m", "p.m", "approx"]
}
