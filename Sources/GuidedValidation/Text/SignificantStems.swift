extension WordTokenizer {
    /// The significant words of `text` in the form the grounding check compares them: the
    /// `EnglishStemmer` stem of every non-stopword, and every digit-bearing token
    /// lowercased. Stopwords and bare punctuation contribute nothing.
    static func significantStems(in text: String) -> [String] {
        tokens(in: text).compactMap(GroundingEvidence.significantKey)
    }
}
