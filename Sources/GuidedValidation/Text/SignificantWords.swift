/// The words of a text that carry its meaning, as Guided's grounding and copy checks compare
/// them: lowercased, stopwords left out, each reduced to its stem (so "feeding" meets "fed"
/// nearly, and "starter" meets "starters"). For an app that ranks or matches texts the way
/// the checks do, without a copy of the word lists.
public enum SignificantWords {
    /// The stemmed significant words of `text`, each at least two letters long.
    ///
    /// ```swift
    /// SignificantWords.of("The loaf, and THE LOAF!")   // ["loaf"]
    /// ```
    public static func of(_ text: String) -> Set<String> {
        var words: Set<String> = []
        for piece in text.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "'" }) {
            let word = piece.split(separator: "'").first.map(String.init) ?? String(piece)
            guard word.count > 1, !EnglishStopwords.contains(word) else { continue }
            words.insert(EnglishStemmer.stem(word))
        }
        return words
    }
}
