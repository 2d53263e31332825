import GuidedValidation

/// How much two texts are about the same thing: the Jaccard overlap of their significant words
/// (lowercased, stopwords left out, stemmed, so "feeding" meets "fed"… nearly, and "starter"
/// meets "starters"). Plain code: no model picks what to resurface.
public enum WordSimilarity {
    /// 0 (no word in common) to 1 (the same significant words).
    public static func similarity(_ first: String, _ second: String) -> Double {
        let a = words(first)
        let b = words(second)
        guard !a.isEmpty, !b.isEmpty else { return 0 }
        return Double(a.intersection(b).count) / Double(a.union(b).count)
    }

    /// The stemmed significant words of `text` (``SignificantWords``, as Guided's checks read them).
    public static func words(_ text: String) -> Set<String> { SignificantWords.of(text) }
}
