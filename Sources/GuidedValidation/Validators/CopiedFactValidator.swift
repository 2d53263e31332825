public import GuidedSchema

/// Rejects a string that only hands a fact back: a rewrite that adds nothing to the journal
/// entry it was given, or a "next step" that is the goal or a completed step again.
///
/// A string copies a fact when its words, compared by `EnglishStemmer` stem (so case,
/// punctuation, apostrophes and word endings do not matter), are in order all the words of one
/// grounding snippet or a run of them — `"Made a simple pasta with tomatoes and garlic."`
/// against the fact `"2 June 2026: Made a simple pasta with tomatoes and garlic."`, `"Fix the
/// bike brakes"` against `"Done: Fix the bike brakes"`, `"Reduce screen time in the evenings"`
/// against `"Goal: reduce screen time in the evening"`. Forms of `be` and `have` are left out of
/// the comparison, so a copy that only changes the verb's agreement or tense ("Switching between
/// chords are still slow" for the entry "Switching between chords is still slow.") is one too.
/// Strings of fewer than `minimumWords` words are left alone: a short phrase can match a fact
/// by chance. Quoting a fact inside a longer sentence ("Back in March you wrote: …" plus a
/// question) adds words and passes.
public struct CopiedFactValidator: OutputValidator {
    /// The fewest words a string must have to count as a copy.
    package var minimumWords: Int
    /// Snippets the output may not copy besides the grounding — say, the steps a person has
    /// already completed, which need not be shown to the model at all.
    package var others: [String]
    /// The strings checked: nil for every string, otherwise those at or under each pointer.
    package var pointers: [JSONPointer]?

    /// Rejects copies of a grounding snippet (or one of `others`) of at least `minimumWords` words.
    public init(minimumWords: Int = 3, others: [String] = [], at pointers: [JSONPointer]? = nil) {
        self.minimumWords = minimumWords
        self.others = others
        self.pointers = pointers
    }

    /// `"copiedFact"`.
    public var name: String { "copiedFact" }

    /// One `"copiesFact"` rejection per string that is a run of one snippet's words.
    public func check(_ output: GeneratedContent, in context: ValidationContext) -> [Rejection] {
        let sources = context.grounding + others
        let facts = sources.map { " " + Self.words($0).joined(separator: " ") + " " }
        return output.selectedStrings(pointers).compactMap { leaf in
            let words = Self.words(leaf.text)
            guard words.count >= minimumWords else { return nil }
            let run = " " + words.joined(separator: " ") + " "
            guard let fact = facts.firstIndex(where: { $0.contains(run) }) else { return nil }
            return Rejection(
                validator: name, reason: "copiesFact", pointer: leaf.pointer,
                detail: "only repeats \(Excerpt.quoted(sources[fact])): \(Excerpt.quoted(leaf.text))")
        }
    }

    /// The stems of the words of `text`, in order.
    static func words(_ text: String) -> [String] {
        WordTokenizer.tokens(in: text).map(\.lowercased).filter { !Self.agreementForms.contains($0) }.map(
            EnglishStemmer.stem)
    }

    /// `be` and `have` forms, which a copy changes without changing what it says.
    static let agreementForms: Set<String> = [
        "is", "are", "was", "were", "am", "be", "been", "being", "has", "have", "had",
    ]
}
