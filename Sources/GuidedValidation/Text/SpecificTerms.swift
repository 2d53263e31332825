/// Words that state a specific fact a model must not invent: ordinals and dates.
enum SpecificTerms {
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
        "november", "december", "tomorrow", "yesterday",
    ]

    private static let ambiguousMonths: Set<String> = ["may", "march"]

    /// Abbreviations that are not also common words (`sun`, `sat`, `wed`, `mar` are left out).
    private static let abbreviations: [String: String] = [
        "tue": "tuesday", "tues": "tuesday", "thu": "thursday", "thur": "thursday", "thurs": "thursday",
        "fri": "friday", "jan": "january", "feb": "february", "apr": "april", "jun": "june",
        "jul": "july", "aug": "august", "sep": "september", "sept": "september", "oct": "october",
        "nov": "november", "dec": "december",
    ]
}
