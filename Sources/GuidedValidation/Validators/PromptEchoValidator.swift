public import GuidedSchema

/// Rejects free text that repeats the question back instead of answering it — the failure of a
/// base model that continues its prompt ("Tell me about the moon." → "Tell me about the moon.")
/// — and answers that write the completion prompt's own section labels (`Input:`, `Output:`,
/// `Facts:`) at the start of a line.
///
/// An answer echoes its prompt (``ValidationContext/input``) when, compared as plain words
/// (lowercased, only letters, digits and single spaces), it is the prompt, or holds the whole
/// prompt and either at most three more words or fewer than 1.5 times its characters. An answer
/// that restates the question on its way to an answer ("To solve 8x − 4 = 2, add 4 to both sides…")
/// is not an echo. This is the default check of free text; structured output has
/// ``ScaffoldingEchoValidator``, whose markers (`JSON`, "```", `}}`) are part of many good free-text
/// answers (code, math).
public struct PromptEchoValidator: OutputValidator {
    /// The section labels of Guided's completion prompt.
    static let sectionLabels = ["input:", "output:", "facts:"]

    /// Rejects echoes of the prompt and the completion prompt's section labels.
    public init() {}

    /// `"promptEcho"`.
    public var name: String { "promptEcho" }

    /// One `"promptEcho"` rejection per string that echoes the prompt or writes a section label.
    public func check(_ output: GeneratedContent, in context: ValidationContext) -> [Rejection] {
        output.stringLeaves().compactMap { leaf in
            let finding: String?
            if Self.isEcho(answer: leaf.text, prompt: context.input) {
                finding = "repeats the prompt back"
            } else if let label = Self.sectionLabel(in: leaf.text) {
                finding = "writes the prompt's section label \"\(label)\""
            } else {
                finding = nil
            }
            return finding.map {
                Rejection(
                    validator: name, reason: "promptEcho", pointer: leaf.pointer,
                    detail: "\($0): \(Excerpt.quoted(leaf.text))")
            }
        }
    }

    /// Whether `answer` only repeats `prompt` (see the type's documentation).
    package static func isEcho(answer: String, prompt: String) -> Bool {
        let said = plain(answer)
        let asked = plain(prompt)
        guard !asked.isEmpty else { return false }
        if said == asked { return true }
        guard " \(said) ".contains(" \(asked) ") else { return false }
        let extraWords = said.split(separator: " ").count - asked.split(separator: " ").count
        return extraWords <= 3 || Double(said.count) < 1.5 * Double(asked.count)
    }

    /// The first completion-prompt section label a line of `text` starts with, if any.
    static func sectionLabel(in text: String) -> String? {
        for line in text.split(whereSeparator: \.isNewline) {
            let start = line.drop(while: \.isWhitespace).lowercased()
            if let label = sectionLabels.first(where: { start.hasPrefix($0) }) { return String(label.dropLast()) }
        }
        return nil
    }

    /// `text` lowercased, with only letters, digits and single spaces left, trimmed.
    private static func plain(_ text: String) -> String {
        var out = ""
        for character in text.lowercased() {
            if character.isWhitespace {
                if !out.isEmpty, out.last != " " { out.append(" ") }
            } else if character.isLetter || character.isNumber {
                out.append(character)
            }
        }
        if out.last == " " { out.removeLast() }
        return out
    }
}
