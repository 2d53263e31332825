import GuidedSchema

/// Rejects a step that is not an instruction: one that opens like a remark, a question or a
/// diary line, or copies the user's entry back in the past tense ("I was standing in the
/// shallow end", "Bought goggles", "Great job!", "Can keep two balls going").
///
/// Applies only to the strings at ``pointers`` (an array's pointer means each item), since
/// a notification may well start with "You". The opening word is the first
/// `WordTokenizer` word (leading quotes and symbols skipped, apostrophes dropped), and at
/// most one opener reason is given per item, checked in this order:
/// - `"startsWithPronoun"`: the first word is in `EnglishPronouns.all` (`I`, `we`, `you`,
///   `my`, `your`, `it`, `they`, `this`, `there`, …), except a demonstrative (`this`,
///   `that`, `these`, `those`) followed by a time word (`this week`, `that evening`).
/// - `"startsWithGreeting"`: the first words are an entry of `GreetingPhrases.all` (`hi`,
///   `hello`, `congrats`, `great`, `well done`, `sure`, `okay`, …).
/// - `"startsWithPastTense"`: the first word is a past-tense verb by `PastTenseVerbs`
///   (`went`, `bought`, `swam`, `signed`; not `read`, `put`, `cut`).
/// - `"startsWithAuxiliary"`: the first word is a modal or a form of `be` in
///   `AuxiliaryVerbs.all` (`can`, `should`, `will`, `is`, `are`, …): a statement or a
///   question ("Can keep two balls going", "Is the bag packed?"). `do`, `have` and `be`
///   open good instructions and are not listed.
///
/// And independently:
/// - `"copiesEntry"`: at least ``minimumEntryOverlap`` (default 0.6) of the item's distinct
///   significant stems (non-stopwords through `EnglishStemmer`, plus numbers) occur in one
///   grounding snippet, **and** the item has a past-tense verb anywhere, except directly after
///   `you` (`you've`, `you'd`): "Pack the goggles you bought" refers to an entry and passes,
///   "Then bought goggles at the pool" copies one.
package struct StepItemValidator: OutputValidator {
    /// The step-like strings: every string at or under each pointer, e.g. `/steps`.
    package var pointers: [JSONPointer]
    /// The share of an item's significant stems found in one grounding snippet that, with a
    /// past-tense verb, makes it a copied entry.
    package var minimumEntryOverlap: Double

    /// Checks the steps at `pointers`.
    public init(at pointers: [JSONPointer], minimumEntryOverlap: Double = 0.6) {
        self.pointers = pointers
        self.minimumEntryOverlap = minimumEntryOverlap
    }

    /// `"stepItem"`.
    public var name: String { "stepItem" }

    /// Per item: at most one opener reason, then `"copiesEntry"`.
    public func check(_ output: GeneratedContent, in context: ValidationContext) -> [Rejection] {
        let snippets = context.grounding.map { (text: $0, stems: Set(WordTokenizer.significantStems(in: $0))) }
        return output.selectedStrings(pointers).flatMap { leaf in
            let words = WordTokenizer.tokens(in: leaf.text)
            var found: [Rejection] = []
            if let (reason, what) = Self.badOpener(words) {
                found.append(rejection(reason, leaf, what))
            }
            if let snippet = copiedSnippet(leaf.text, words, snippets) {
                found.append(
                    rejection(
                        "copiesEntry", leaf, "repeats the entry \(Excerpt.quoted(snippet, limit: 32)) in the past tense"
                    ))
            }
            return found
        }
    }

    /// The reason and description for an item opening like a remark or a diary line, or nil.
    static func badOpener(_ words: [WordToken]) -> (String, String)? {
        guard let first = words.first else { return nil }
        let lowered = words.map(\.lowercased)
        if EnglishPronouns.all.contains(lowered[0]) {
            let timePhrase =
                EnglishPronouns.demonstratives.contains(lowered[0]) && lowered.count > 1
                && EnglishPronouns.timeWords.contains(lowered[1])
            if !timePhrase { return ("startsWithPronoun", "starts with the pronoun \"\(first.text)\"") }
        }
        if let greeting = GreetingPhrases.all.first(where: {
            lowered.starts(with: $0.split(separator: " ").map(String.init))
        }) {
            return ("startsWithGreeting", "starts with \"\(greeting)\" instead of an action")
        }
        if PastTenseVerbs.contains(first.text) {
            return ("startsWithPastTense", "starts with the past-tense \"\(first.text)\"")
        }
        if AuxiliaryVerbs.all.contains(lowered[0]) {
            return ("startsWithAuxiliary", "starts with \"\(first.text)\" instead of an action")
        }
        return nil
    }

    /// The grounding snippet the item mostly repeats in the past tense, or nil.
    private func copiedSnippet(_ text: String, _ words: [WordToken], _ snippets: [(text: String, stems: Set<String>)])
        -> String?
    {
        let stems = Set(WordTokenizer.significantStems(in: text))
        guard !stems.isEmpty, Self.hasPastTenseVerb(words) else { return nil }
        return snippets.first { snippet in
            Double(stems.intersection(snippet.stems).count) / Double(stems.count) >= minimumEntryOverlap
        }?.text
    }

    /// Whether a past-tense verb occurs anywhere but directly after `you`.
    static func hasPastTenseVerb(_ words: [WordToken]) -> Bool {
        words.indices.contains { index in
            PastTenseVerbs.contains(words[index].text)
                && !(index > 0 && ["you", "youve", "youd"].contains(words[index - 1].lowercased))
        }
    }

    private func rejection(_ reason: String, _ leaf: StringLeaf, _ what: String) -> Rejection {
        Rejection(
            validator: name, reason: reason, pointer: leaf.pointer, detail: "\(what): \(Excerpt.quoted(leaf.text))")
    }
}
