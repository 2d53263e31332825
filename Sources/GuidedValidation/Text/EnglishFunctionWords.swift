/// The English function words the word-salad and step checks name: articles, prepositions,
/// conjunctions and possessive determiners.
///
/// Entries are lowercase. Adverb-like particles that end good phrasal verbs (`up`, `out`,
/// `off`, `down`, `over`, `in`, `on`, `back`, `away`, `around`, `through`, `before`,
/// `after`: "Warm up", "Log in", "the night before") are prepositions in ``prepositions``
/// but never in ``danglingPrepositions``.
package enum EnglishFunctionWords {
    /// The articles `a`, `an` and `the`: a phrase ending on one was cut off mid-thought.
    public static let articles: Set<String> = ["a", "an", "the"]

    /// Coordinating and common subordinating conjunctions.
    package static let conjunctions: Set<String> = ["and", "or", "but", "nor", "than", "because", "if", "so", "yet"]

    /// Common prepositions.
    package static let prepositions: Set<String> = [
        "of", "to", "in", "on", "at", "by", "for", "with", "from", "into", "onto", "about", "over",
        "under", "up", "down", "out", "off", "through", "toward", "towards", "via", "upon", "per",
        "during", "before", "after", "between", "against", "within", "without", "across", "along",
        "around", "behind", "beside", "near",
    ]

    /// Possessive determiners that always need a noun after them (`his` and `her` are left
    /// out: they also end a sentence as pronouns).
    package static let possessives: Set<String> = ["my", "your", "our", "their", "its"]

    /// Conjunctions a text cannot end on (`so` and `yet` can: "I think so", "Not yet").
    package static let danglingConjunctions: Set<String> = ["and", "or", "but", "nor", "than", "because", "if"]

    /// Words that almost never open a good sentence: `and`, `or`, `but`, `nor`, `of`, `than`.
    ///
    /// Prepositions that open good sentences as a leading phrase are deliberately absent
    /// ("With the board, kick", "Before breakfast, stretch", "In March you wrote…"), and so
    /// are `so`, `yet`, `because` ("Because it rained, swim indoors").
    public static let discouragedOpeners: Set<String> = ["and", "or", "but", "nor", "of", "than"]

    /// Prepositions a text rarely ends on unless English strands them (a question, a phrasal
    /// verb, "a friend to swim with"; `WordSaladValidator` says when). Prepositions that are
    /// also adverbs at the end of good phrases (`by`: "stop by"; `across`: "swim across";
    /// `within`, `without`, `between`, `beside`, `against`) are left out.
    package static let danglingPrepositions: Set<String> = [
        "of", "to", "at", "for", "with", "from", "into", "onto", "about", "toward", "towards",
        "via", "upon", "per", "during",
    ]
}
