/// Common English function words, which say nothing about what a text is about.
///
/// The grounding check ignores these when counting shared words, so "Go to the store" and
/// "the pool is open" share nothing. Entries are lowercase with apostrophes removed, as
/// `WordTokenizer` writes words (`don't` → `dont`).
package enum EnglishStopwords {
    /// Whether `word` (any case; apostrophes are ignored) is a stopword.
    public static func contains(_ word: String) -> Bool {
        all.contains(String(word.lowercased().filter { $0 != "'" && $0 != "\u{2019}" }))
    }

    /// Every stopword, lowercase and without apostrophes; ask ``contains(_:)`` to ignore case and
    /// apostrophes in the word looked up.
    public static let all: Set<String> = [
        // Articles, conjunctions, prepositions.
        "a", "an", "the", "and", "or", "but", "nor", "so", "yet", "if", "then", "than", "because", "as",
        "while", "until", "unless", "although", "though", "whether",
        "of", "to", "in", "on", "at", "by", "for", "with", "about", "against", "between", "into",
        "through", "during", "before", "after", "above", "below", "from", "up", "down", "out", "off",
        "over", "under", "again", "further", "once", "onto", "upon", "within", "without", "toward",
        "towards", "around", "across", "along", "via", "per",
        // Pronouns and determiners.
        "i", "me", "my", "myself", "we", "us", "our", "ours", "ourselves", "you", "your", "yours",
        "yourself", "yourselves", "he", "him", "his", "himself", "she", "her", "hers", "herself",
        "it", "its", "itself", "they", "them", "their", "theirs", "themselves", "what", "which",
        "who", "whom", "whose", "this", "that", "these", "those", "all", "any", "both", "each",
        "few", "more", "most", "other", "some", "such", "no", "not", "only", "own", "same", "too",
        "very", "just", "also", "here", "there", "when", "where", "why", "how", "every", "much",
        "many", "another", "either", "neither",
        // Auxiliaries and their contractions.
        "am", "is", "are", "was", "were", "be", "been", "being", "have", "has", "had", "having",
        "do", "does", "did", "doing", "will", "would", "shall", "should", "can", "could", "may",
        "might", "must", "ought", "im", "ive", "id", "ill", "youre", "youve", "youll", "youd",
        "hes", "shes", "weve", "well", "theyre", "theyve", "theyll", "thats",
        "theres", "whats", "lets", "dont", "doesnt", "didnt", "isnt", "arent", "wasnt", "werent",
        "hasnt", "havent", "hadnt", "wont", "wouldnt", "cant", "cannot", "couldnt", "shouldnt",
        "mustnt",
        // Fillers.
        "now", "still", "even", "ever", "really", "quite", "rather", "s", "t",
    ]
}
