public import GuidedSchema

/// Rejects a rewrite that changes a word of its facts or adds one they do not have:
/// - `"changedWord"`: a word one letter away from a grounding word it is not an inflection of,
///   such as `abuelo` where the entry said `abuela` (see `ChangedFactWord` for what counts);
/// - `"newWord"` (unless `rejectsNewWords` is off): a significant word (not a stopword, by
///   `EnglishStemmer` stem, no digits) that no fact has, that the request's input (the copy
///   being polished, `ValidationContext.input`) does not have, and that is not an everyday word
///   (`EverydayWords`: "ready", "kept", "more"): "The wall measured 120 cm long" for an entry
///   that said *wide*, "Your tomatoes grew well" for one that said four seedlings came up. On
///   the reader-labelled notifications (`guided-bench labels`), readers rejected such copies as
///   changed facts or claims the facts do not make.
///
/// Meant for text that restates its facts — a notification polished from an authored template,
/// where every specific comes from an entry. The session adds it to the default checks of
/// every polishing request with facts. It is not for text that says something new, such as
/// suggested steps: there a word one letter from a fact word is usually another word
/// (`paste` beside `pasta`), and measured on the step flow it rejected such words only.
public struct ChangedFactValidator: OutputValidator {
    /// The strings checked: nil for every string, otherwise those at or under each pointer.
    package var pointers: [JSONPointer]?

    /// Whether a word no fact has is rejected (`"newWord"`), besides a changed one.
    package var rejectsNewWords: Bool

    /// Checks the strings at `pointers` (nil: every string); `rejectsNewWords` false checks
    /// changed words only.
    public init(at pointers: [JSONPointer]? = nil, rejectsNewWords: Bool = true) {
        self.pointers = pointers
        self.rejectsNewWords = rejectsNewWords
    }

    /// `"changedFact"`.
    public var name: String { "changedFact" }

    /// One rejection per distinct changed word, then one per string naming its new words.
    public func check(_ output: GeneratedContent, in context: ValidationContext) -> [Rejection] {
        guard !context.grounding.isEmpty else { return [] }
        let evidence = GroundingEvidence(context.grounding)
        let allowed = GroundingEvidence(context.grounding + [context.input])
        return output.selectedStrings(pointers).flatMap { leaf in
            var reported: Set<String> = []
            var newWords: [String] = []
            var found = WordTokenizer.tokens(in: leaf.text).compactMap { token -> Rejection? in
                if let original = ChangedFactWord.original(of: token, in: evidence) {
                    guard reported.insert(token.lowercased).inserted else { return nil }
                    return Rejection(
                        validator: name, reason: "changedWord", pointer: leaf.pointer,
                        detail:
                            "\"\(token.text)\" changes the grounding's \"\(original)\": \(Excerpt.quoted(leaf.text))")
                }
                if rejectsNewWords, Self.isNew(token, in: allowed), reported.insert(token.lowercased).inserted {
                    newWords.append(token.text)
                }
                return nil
            }
            if !newWords.isEmpty {
                found.append(
                    Rejection(
                        validator: name, reason: "newWord", pointer: leaf.pointer,
                        detail:
                            "uses \(newWords.map { "\"\($0)\"" }.joined(separator: ", ")), which no fact has: \(Excerpt.quoted(leaf.text))"
                    ))
            }
            return found
        }
    }

    /// Whether `token` is a significant word without digits that the facts do not have and that
    /// is not an everyday word.
    static func isNew(_ token: WordToken, in evidence: GroundingEvidence) -> Bool {
        guard !token.hasDigit, let key = GroundingEvidence.significantKey(token) else { return false }
        return !evidence.significant.contains(key) && !evidence.words.contains(token.lowercased)
            && !EverydayWords.containsStem(key)
    }
}
