/// Words that state a specific fact a model must not invent: ordinals, dates and numbers
/// written as words.
enum SpecificTerms {
    /// The number `token` spells as a word (`five` → 5, `dozen` → 12), or nil. `one` is left
    /// out: it is far more often a pronoun ("one more lap") than a count.
    static func numberWord(_ token: WordToken) -> Int? {
        numberWords[token.lowercased]
    }

    /// The ordinal `token` names (`second` and `2nd` are both 2), or nil.
    static func ordinal(_ token: WordToken) -> Int? {
        let word = token.lowercased
        if let value = ordinalWords[word] { return value }
        for suffix in ["st", "nd", "rd", "th"] where word.hasSuffix(suffix) {
            let digits = word.dropLast(2)
            if !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) { return Int(digits) }
        }
        return nil
    }

    /// The date `token` names, canonical (`Fri` → `friday`), or nil.
    ///
    /// `may` and `march` are dates only when capitalized mid-sentence; elsewhere they are
    /// usually the verbs.
    static func date(_ token: WordToken) -> String? {
        let word = token.lowercased
        if ambiguousMonths.contains(word) {
            return token.isCapitalized && !token.startsSentence ? word : nil
        }
        if dateWords.contains(word) { return word }
        return abbreviations[word]
    }

    private static let ordinalWords: [String: Int] = [
        "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
        "eighth": 8, "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13,
        "fourteenth": 14, "fifteenth": 15, "sixteenth": 16, "seventeenth": 17, "eighteenth": 18,
        "nineteenth": 19, "twentieth": 20,
    ]

    private static let dateWords: Set<String> = [
        "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
        "january", "february", "april", "june", "july", "august", "september", "october",
        "november", "december", "tomorrow", "yesterday", "tonight",
    ]

    private static let ambiguousMonths: Set<String> = ["may", "march"]

    static let numberWords: [String: Int] = [
        "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
        "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17,
        "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60,
        "seventy": 70, "eighty": 80, "ninety": 90, "hundred": 100, "thousand": 1000, "million": 1_000_000,
        "dozen": 12,
    ]

    /// Every ordinal word (`first` … `twentieth`) with its value.
    static var ordinalWordValues: [String: Int] { ordinalWords }
    /// Every unambiguous date word: weekdays, months (not `may`, `march`), `tomorrow`,
    /// `yesterday`, `tonight`, and their canonical names by abbreviation (`fri` → `friday`).
    static var dateWordsByName: [String: String] {
        var all = abbreviations
        for word in dateWords { all[word] = word }
        return all
    }

    /// Abbreviations that are not also common words (`sun`, `sat`, `wed`, `mar` are left out).
    private static let abbreviations: [String: String] = [
        "tue": "tuesday", "tues": "tuesday", "thu": "thursday", "thur": "thursday", "thurs": "thursday",
        "fri": "friday", "jan": "january", "feb": "february", "apr": "april", "jun": "june",
        "jul": "july", "aug": "august", "sep": "september", "sept": "september", "oct": "october",
        "nov": "november", "dec": "december",
    ]
}
