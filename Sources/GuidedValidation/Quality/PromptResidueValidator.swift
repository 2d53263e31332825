import GuidedSchema

/// Rejects a string carrying pieces of the prompt's format instead of plain prose: a
/// leading quote marker or bullet, a label, or an unfilled slot.
///
/// Per string:
/// - `"leadingSymbol"`: its first non-whitespace character is neither a letter nor a digit,
///   nor one of the openers a sentence may start with — straight or curly quotes (`"` `'`
///   `“` `‘`), `(`, `«`, `¿`, `¡` — nor a currency sign (`$5 off`). So `>`, `-`, `*`, `#`,
///   `•`, `|`, `[`, `{` and emoji fail.
/// - `"promptLabel"`: the string, or any line of it, opens with a label (after any leading
///   symbols): its text before the first `:` is at most 40 characters of letters, digits,
///   spaces and apostrophes, which — lowercased, with one trailing number dropped — is in
///   ``labels`` (default `PromptLabels.defaults`: `note`, `goal`, `entry`, `step`,
///   `facts`, `input`, `output`, `notification`, `text`, …) or, when ``usesPromptLabels``,
///   is a label a line of ``ValidationContext/prompt`` itself opens with. So `Note: …`,
///   `step 0: …` and `Step 12: …` fail; "Three short steps: …" does not (it is not a label).
/// - `"placeholder"`: it contains an unfilled template slot — `{slot}`, `{{slot}}`,
///   `<slot>` or `[Your Name]` (an identifier in braces or angle brackets, words in square
///   brackets).
package struct PromptResidueValidator: OutputValidator {
    /// Labels rejected at the start of a string or line, lowercase.
    package var labels: Set<String>
    /// Whether the labels the prompt's own lines open with are rejected too.
    package var usesPromptLabels: Bool
    /// The strings checked: nil for every free-text string (strings whose schema is an
    /// `enum`, `const`, `format` or `pattern` are skipped); otherwise every string at or under
    /// each pointer.
    package var pointers: [JSONPointer]?

    /// Rejects leading symbols, `labels` (and the prompt's own), and template slots.
    /// - Parameter labels: The labels that give a prompt away; nil for Guided's own list
    ///   (`Input`, `Output`, `Facts`, `Examples`, …).
    public init(labels: Set<String>? = nil, usesPromptLabels: Bool = true, at pointers: [JSONPointer]? = nil) {
        self.labels = labels ?? PromptLabels.defaults
        self.usesPromptLabels = usesPromptLabels
        self.pointers = pointers
    }

    /// `"promptResidue"`.
    public var name: String { "promptResidue" }

    /// `"leadingSymbol"`, `"promptLabel"`, then `"placeholder"`, at most one each per string.
    public func check(_ output: GeneratedContent, in context: ValidationContext) -> [Rejection] {
        let known = usesPromptLabels ? labels.union(PromptLabels.labels(inPrompt: context.prompt)) : labels
        return output.freeTextStrings(pointers, schema: context.schema).flatMap { leaf in
            var found: [Rejection] = []
            if let symbol = leaf.text.first(where: { !$0.isWhitespace }), !Self.mayOpenText(symbol) {
                found.append(rejection("leadingSymbol", leaf, "starts with \"\(symbol)\""))
            }
            let lines = leaf.text.split(whereSeparator: \.isNewline)
            if let label = lines.lazy.compactMap({ PromptLabels.leadingLabel(of: PromptLabels.afterLeadingSymbols($0)) }
            ).first(where: known.contains) {
                found.append(rejection("promptLabel", leaf, "opens with the label \"\(label):\""))
            }
            if let slot = TemplateTokens.first(in: leaf.text) {
                found.append(rejection("placeholder", leaf, "contains the slot \"\(slot)\""))
            }
            return found
        }
    }

    /// Whether a text may start with `character`: a letter, a digit, an opening quote or
    /// bracket a sentence may start with, or a currency sign.
    static func mayOpenText(_ character: Character) -> Bool {
        if character.isLetter || character.isNumber || openers.contains(character) { return true }
        return character.unicodeScalars.first?.properties.generalCategory == .currencySymbol
    }

    private static let openers: Set<Character> = [
        "\"", "'", "\u{201C}", "\u{2018}", "(", "\u{00AB}", "\u{00BF}", "\u{00A1}",
    ]

    private func rejection(_ reason: String, _ leaf: StringLeaf, _ what: String) -> Rejection {
        Rejection(
            validator: name, reason: reason, pointer: leaf.pointer, detail: "\(what): \(Excerpt.quoted(leaf.text))")
    }
}
