/// The words of a text that carry its meaning, read with the stopword list and the stemmer
/// Guided's grounding and copy checks use: lowercased, stopwords and single letters left out,
/// each reduced to its stem (so "starter" meets "starters"), a word cut at an apostrophe
/// (`Ada's` is `ada`). For an app that ranks or matches texts by their words, without a copy
/// of the word lists.
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
