/// An independent reader's check for invented specifics, deliberately written apart from
/// `GuidedValidation` (its own tokenizer and word lists), so the benchmark does not grade the
/// validators with themselves.
///
/// A specific is invented when the output states it and the facts do not:
/// - a token with a digit (`7`, `2026`, `5k`), unless the same token, or its leading digits,
///   appears in the facts;
/// - a number word (`two` … `twenty`, the tens, `hundred`, `thousand`, `million`, `dozen`),
///   unless the word or its digits appear in the facts;
/// - an ordinal (`first` … `twentieth`, `1st`, `22nd`), unless the word or its number appears;
/// - a date word (weekdays, months — `May` and `March` only when capitalised —, `tomorrow`,
///   `yesterday`, `tonight`), unless it appears in the facts;
/// - a capitalised word that does not open a sentence (after `.`, `!`, `?`, `:`, `;`, an opening
///   quote, or the start), other than `I` and its contractions, unless it appears in the facts
///   in any case.
enum InventedSpecifics {
    /// The invented specifics of `text` against `facts`, in order.
    static func find(in text: String, facts: [String]) -> [String] {
        let factWords = facts.flatMap(words).map { $0.word.lowercased() }
        let known = Set(factWords)
        let knownNumbers = Set(
            factWords.compactMap(leadingDigits) + factWords.compactMap { numberWords[$0].map(String.init) }
                + factWords.compactMap { ordinalValue($0).map(String.init) })
        var found: [String] = []
        for (word, opensSentence) in words(text) {
            let lower = word.lowercased()
            if known.contains(lower) { continue }
            if let digits = leadingDigits(lower) {
                if !knownNumbers.contains(digits) { found.append(word) }
            } else if let value = numberWords[lower] {
                if !knownNumbers.contains(String(value)) { found.append(word) }
            } else if let value = ordinalValue(lower) {
                if !knownNumbers.contains(String(value)) { found.append(word) }
            } else if dateWords.contains(lower)
                || (["may", "march"].contains(lower) && word.first!.isUppercase && !opensSentence)
            {
                found.append(word)
            } else if word.first!.isUppercase, !opensSentence, !["i", "i'm", "i've", "i'll", "i'd"].contains(lower) {
                found.append(word)
            }
        }
        return found
    }

    /// Words (letters, digits and inner apostrophes) and whether each opens a sentence.
    static func words(_ text: String) -> [(word: String, opensSentence: Bool)] {
        var result: [(String, Bool)] = []
        var current = ""
        var opens = true
        var pendingOpen = true
        let characters = Array(text)
        for (index, character) in characters.enumerated() {
            let inner =
                (character == "'" || character == "’") && !current.isEmpty && index + 1 < characters.count
                && characters[index + 1].isLetter
            if character.isLetter || character.isNumber || inner {
                if current.isEmpty { opens = pendingOpen }
                current.append(inner ? "'" : character)
            } else {
                if !current.isEmpty {
                    result.append((current, opens))
                    current = ""
                    pendingOpen = false
                }
                if ".!?:;\"“".contains(character) || character.isNewline { pendingOpen = true }
            }
        }
        if !current.isEmpty { result.append((current, opens)) }
        return result
    }

    static func leadingDigits(_ word: String) -> String? {
        let digits = word.prefix { $0.isASCII && $0.isNumber }
        return digits.isEmpty && !word.contains(where: \.isNumber) ? nil : (digits.isEmpty ? word : String(digits))
    }

    static func ordinalValue(_ word: String) -> Int? {
        if let value = ordinalWords.firstIndex(of: word) { return value + 1 }
        for suffix in ["st", "nd", "rd", "th"] where word.hasSuffix(suffix) {
            if let value = Int(word.dropLast(2)) { return value }
        }
        return nil
    }

    static let ordinalWords = [
        "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
        "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth",
        "eighteenth", "nineteenth", "twentieth",
    ]
    static let numberWords: [String: Int] = [
        "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
        "eleven": 11,
        "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
        "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
        "ninety": 90, "hundred": 100, "thousand": 1000, "million": 1_000_000, "dozen": 12,
    ]
    static let dateWords: Set<String> = [
        "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "january", "february", "april",
        "june", "july", "august", "september", "october", "november", "december", "tomorrow", "yesterday", "tonight",
    ]
}
