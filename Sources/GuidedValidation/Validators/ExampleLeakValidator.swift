public import GuidedSchema

/// Rejects a string that carries a word from a few-shot example's facts into this request: the
/// example's subject leaked (a swimming reminder that says "Your tote bag is getting closer"
/// because an example was about sewing a tote bag).
///
/// A leaked word is a significant word (not a stopword, compared by `EnglishStemmer` stem) of
/// an example's facts (`ValidationContext.exampleGrounding`) that this request's grounding
/// does not contain, leaving out `EverydayWords` ("kept", "better", "same": no subject in
/// them). The examples' *outputs* are not consulted: their phrasing ("Ready for
/// another?") is meant to be reused. Examples drawn from other domains make the check sharp:
/// their facts' nouns rarely belong to the request. With no example facts, nothing is checked.
public struct ExampleLeakValidator: OutputValidator {
    /// The strings checked: nil for every string, otherwise those at or under each pointer.
    package var pointers: [JSONPointer]?

    /// Rejects strings that use an example's subject words.
    public init(at pointers: [JSONPointer]? = nil) {
        self.pointers = pointers
    }

    /// `"exampleLeak"`.
    public var name: String { "exampleLeak" }

    /// One `"leaksExample"` rejection per string, naming the leaked words.
    public func check(_ output: GeneratedContent, in context: ValidationContext) -> [Rejection] {
        guard !context.exampleGrounding.isEmpty else { return [] }
        let own = Self.stems(context.grounding)
        let leaked = Self.stems(context.exampleGrounding).subtracting(own).filter { !EverydayWords.containsStem($0) }
        return output.selectedStrings(pointers).compactMap { leaf in
            let words = WordTokenizer.tokens(in: leaf.text).filter { token in
                GroundingEvidence.significantKey(token).map(leaked.contains) ?? false
            }
            guard !words.isEmpty else { return nil }
            return Rejection(
                validator: name, reason: "leaksExample", pointer: leaf.pointer,
                detail:
                    "uses \(words.map { "\"\($0.text)\"" }.joined(separator: ", ")) from an example, not from this request: \(Excerpt.quoted(leaf.text))"
            )
        }
    }

    /// The significant-word keys of `snippets`.
    static func stems(_ snippets: [String]) -> Set<String> {
        Set(snippets.flatMap(WordTokenizer.tokens(in:)).compactMap(GroundingEvidence.significantKey))
    }
}
