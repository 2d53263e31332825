/// What the grounding says, in the forms the grounding check compares.
struct GroundingEvidence: Sendable {
    /// Stems of the grounding's significant words (no stopwords), plus its digit-bearing tokens.
    var significant: Set<String> = []
    /// Every word lowercased and every stem, stopwords included (for capitalized names).
    var words: Set<String> = []
    /// Digit-bearing tokens lowercased, their numeric cores (`7am` → `7`), and the digits of
    /// numbers written as words (`five` → `5`).
    var numbers: Set<String> = []
    /// Ordinal values (`first` and `1st` are both 1).
    var ordinals: Set<Int> = []
    /// Canonical date words (`fri` → `friday`).
    var dates: Set<String> = []
    /// The grounding's own words, lowercased, letters only, in order and each once: what a
    /// changed fact (``ChangedFactWord``) is compared against.
    var factWords: [String] = []
    /// The grounding, lowercased, one snippet a line: where a link, an address or a handle
    /// (`ContactSpecifics`) must stand to be grounded.
    var lowercasedText = ""

    /// The evidence in `snippets`.
    init(_ snippets: [String]) {
        lowercasedText = snippets.joined(separator: "\n").lowercased()
        for token in snippets.flatMap(WordTokenizer.tokens(in:)) {
            let lowered = token.lowercased
            if lowered.allSatisfy(\.isLetter), !words.contains(lowered) { factWords.append(lowered) }
            words.insert(lowered)
            words.insert(EnglishStemmer.stem(lowered))
            if let key = Self.significantKey(token) { significant.insert(key) }
            if token.hasDigit {
                numbers.insert(lowered)
                numbers.insert(Self.numericCore(lowered))
            }
            // A number written as a word grounds its digits, and the digits ground the word.
            if let value = SpecificTerms.numberWord(token) { numbers.insert(String(value)) }
            if let ordinal = SpecificTerms.ordinal(token) { ordinals.insert(ordinal) }
            if let date = SpecificTerms.date(token) ?? Self.anyDate(lowered) { dates.insert(date) }
        }
    }

    /// The form a word is compared in when counting shared words: the stem of a
    /// non-stopword, the lowercased token when it has a digit; nil for stopwords.
    static func significantKey(_ token: WordToken) -> String? {
        let lowered = token.lowercased
        if token.hasDigit { return lowered }
        guard token.hasLetter, !EnglishStopwords.contains(lowered) else { return nil }
        return EnglishStemmer.stem(lowered)
    }

    /// A number with a short unit (`7am`, `5km`, `10k`) compared by its digits; any other
    /// digit-bearing token (`1Z999AA1`) only whole.
    static func numericCore(_ lowered: String) -> String {
        let digits = lowered.prefix { $0.isNumber }
        let unit = lowered.dropFirst(digits.count)
        guard !digits.isEmpty, unit.count <= 3, unit.allSatisfy(\.isLetter) else { return lowered }
        return String(digits)
    }

    /// Grounding may name `may` or `march` in any case; it only widens what is allowed.
    private static func anyDate(_ lowered: String) -> String? {
        lowered == "may" || lowered == "march" ? lowered : nil
    }
}
