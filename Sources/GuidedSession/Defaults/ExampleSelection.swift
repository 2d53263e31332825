public import GuidedSchema
import GuidedValidation

/// Choosing a request's worked examples from a larger pool of the app's own writing.
public enum ExampleSelection {
    /// The `count` examples of `pool` most like a request: those whose input and facts share the
    /// largest part of their significant words (``SignificantWords``: stopwords out, stemmed) with
    /// `prompt` and `grounding` (Jaccard similarity), most alike first; of equals, the earlier in
    /// `pool`.
    ///
    /// ```swift
    /// let shown = ExampleSelection.nearest(3, to: "Suggest three next steps.", grounding: facts, from: written)
    /// try await session.respond(to: GenerationRequest("Suggest three next steps.", grounding: facts, examples: shown))
    /// ```
    public static func nearest<Output>(
        _ count: Int, to prompt: String, grounding: [String], from pool: [Example<Output>]
    ) -> [Example<Output>] {
        let wanted = SignificantWords.of(([prompt] + grounding).joined(separator: "\n"))
        let scored = pool.enumerated().map { index, example in
            let words = SignificantWords.of(([example.input] + example.grounding).joined(separator: "\n"))
            let union = wanted.union(words).count
            return (index: index, score: union == 0 ? 0 : Double(wanted.intersection(words).count) / Double(union))
        }
        return scored.sorted { $0.score != $1.score ? $0.score > $1.score : $0.index < $1.index }
            .prefix(max(0, count)).map { pool[$0.index] }
    }
}
