public import GuidedSchema

/// Rejects strings that repeat the prompt's scaffolding instead of answering it.
///
/// A string is rejected when it contains:
/// - a marker phrase (``defaultMarkers``: "Here is your notification:", "Output:", "JSON",
///   "As an AI", `{{`, `}}`, `<slot>`, `[placeholder]`…), matched case-insensitively as a
///   whole word where the marker's edge is a letter;
/// - one of the schema's own property names used as a label (`steps:`, `"text":`);
/// - an unfilled template slot (`<name>`, `[Your Name]`, `{name}`), when `detectsTemplateSlots`;
/// - any prompt line longer than `minimumEchoLength` characters, verbatim;
/// - or, being itself longer than `minimumEchoLength` characters, appears verbatim in the
///   prompt: a copied instruction or few-shot example.
///
/// Prompt text that is also grounding is not scaffolding: lines and strings found inside a
/// grounding snippet are allowed, since quoting a fact is not an echo.
public struct ScaffoldingEchoValidator: OutputValidator {
    /// Phrases that betray prompt scaffolding or a chat model's preamble.
    public static let defaultMarkers: [String] = [
        "Here is your notification", "Here's your notification", "Here is the JSON",
        "Here is the output", "Output:", "Input:", "Example:", "Response:",
        "Answer:", "JSON", "As an AI", "As a language model", "```", "{{", "}}", "<slot>",
        "[placeholder]",
    ]

    /// The marker phrases.
    package var markers: [String]
    /// Whether `<name>`, `[Your Name]` and `{name}` slots are rejected.
    package var detectsTemplateSlots: Bool
    /// Prompt lines and output strings must be longer than this (in characters) to count as an echo.
    package var minimumEchoLength: Int

    /// Rejects `markers`, schema labels, template slots and verbatim prompt text.
    public init(
        markers: [String] = ScaffoldingEchoValidator.defaultMarkers, detectsTemplateSlots: Bool = true,
        minimumEchoLength: Int = 20
    ) {
        self.markers = markers
        self.detectsTemplateSlots = detectsTemplateSlots
        self.minimumEchoLength = minimumEchoLength
    }

    /// `"scaffoldingEcho"`.
    public var name: String { "scaffoldingEcho" }

    /// One `"scaffoldingEcho"` rejection per finding per string.
    public func check(_ output: GeneratedContent, in context: ValidationContext) -> [Rejection] {
        let markerMatchers = markers.map { PhraseMatcher($0, ending: .wholeWord) }
        let labels = context.schema.allPropertyNames.map(SchemaLabel.init)
        let promptLines = scaffoldingLines(of: context)
        return output.stringLeaves().flatMap { leaf in
            findings(in: leaf.text, markerMatchers, labels, promptLines, context).map {
                Rejection(
                    validator: name, reason: "scaffoldingEcho", pointer: leaf.pointer,
                    detail: "\($0): \(Excerpt.quoted(leaf.text))")
            }
        }
    }

    private func findings(
        in text: String, _ markerMatchers: [PhraseMatcher], _ labels: [SchemaLabel],
        _ promptLines: [String], _ context: ValidationContext
    ) -> [String] {
        let normalized = PhraseMatcher.normalized(text)
        var found = markerMatchers.filter { $0.occurs(in: normalized) }.map { "repeats the marker \"\($0.phrase)\"" }
        if let label = labels.first(where: { $0.occurs(in: normalized) }) {
            found.append("uses the schema property \"\(label.name)\" as a label")
        }
        if detectsTemplateSlots, let slot = TemplateTokens.first(in: text) {
            found.append("contains the template slot \"\(slot)\"")
        }
        if let line = promptLines.first(where: { text.contains($0) }) {
            found.append("repeats the prompt line \(Excerpt.quoted(line, limit: 32))")
        } else if copiesPrompt(text, context) {
            found.append("copies the prompt verbatim")
        }
        return found
    }

    /// Trimmed prompt lines long enough to count, minus those that are grounding.
    private func scaffoldingLines(of context: ValidationContext) -> [String] {
        context.prompt.split(whereSeparator: \.isNewline)
            .map { TextCleanup.trimmed(String($0)) }
            .filter { $0.count > minimumEchoLength && !isGrounding($0, context) }
    }

    /// Whether `text`, long enough to count, appears in the prompt outside the grounding.
    private func copiesPrompt(_ text: String, _ context: ValidationContext) -> Bool {
        let trimmed = TextCleanup.trimmed(text)
        return trimmed.count > minimumEchoLength && context.prompt.contains(trimmed) && !isGrounding(trimmed, context)
    }

    private func isGrounding(_ text: String, _ context: ValidationContext) -> Bool {
        context.grounding.contains { $0.contains(text) }
    }
}
