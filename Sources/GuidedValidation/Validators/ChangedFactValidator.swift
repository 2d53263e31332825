public import GuidedSchema

/// Rejects a rewrite that changes a word of its facts: a word one letter away from a grounding
/// word it is not an inflection of, such as `abuelo` where the entry said `abuela`
/// (`"changedWord"`; see `ChangedFactWord` for what counts).
///
/// Meant for text that restates its facts — a notification polished from an authored template,
/// where every specific comes from an entry. The session adds it to the default checks of
/// every polishing request with facts. It is not for text that says something new, such as
/// suggested steps: there a word one letter from a fact word is usually another word
/// (`paste` beside `pasta`), and measured on the step flow it rejected such words only.
public struct ChangedFactValidator: OutputValidator {
    /// The strings checked: nil for every string, otherwise those at or under each pointer.
    package var pointers: [JSONPointer]?

    /// Checks the strings at `pointers` (nil: every string).
    public init(at pointers: [JSONPointer]? = nil) { self.pointers = pointers }

    /// `"changedFact"`.
    public var name: String { "changedFact" }

    /// One rejection per distinct changed word.
    public func check(_ output: GeneratedContent, in context: ValidationContext) -> [Rejection] {
        let evidence = GroundingEvidence(context.grounding)
        return output.selectedStrings(pointers).flatMap { leaf in
            var reported: Set<String> = []
            return WordTokenizer.tokens(in: leaf.text).compactMap { token -> Rejection? in
                guard let original = ChangedFactWord.original(of: token, in: evidence),
                    reported.insert(token.lowercased).inserted
                else { return nil }
                return Rejection(
                    validator: name, reason: "changedWord", pointer: leaf.pointer,
                    detail: "\"\(token.text)\" changes the grounding's \"\(original)\": \(Excerpt.quoted(leaf.text))")
            }
        }
    }
}
