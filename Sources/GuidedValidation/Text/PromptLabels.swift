/// Labels from prompt formats that a model copies in front of its answer
/// ("Note: keep going", "Step 1: pack the goggles", "Output: …").
///
/// A string *opens with a label* when its text before the first `:` is at most 40
/// characters of letters, digits, spaces and apostrophes, and that text — lowercased, inner
/// spaces collapsed, one trailing number dropped (`step 1` → `step`) — is a label.
package enum PromptLabels {
    /// Labels rejected in every request (lowercase).
    public static let defaults: Set<String> = [
        "note", "notes", "goal", "goals", "entry", "entries", "step", "steps", "fact", "facts",
        "input", "output", "notification", "text", "answer", "response", "reply", "example",
        "examples", "instruction", "instructions", "task", "question", "context", "prompt",
        "user", "assistant", "system", "model",
    ]

    /// The text before `text`'s first colon, normalized as described above (`Step 1:` →
    /// `step`), or nil when that text cannot be a label (too long, or not just words).
    static func leadingLabel(of text: Substring) -> String? {
        let body = text.drop { $0.isWhitespace }
        guard let colon = body.prefix(41).firstIndex(of: ":") else { return nil }
        let candidate = body[..<colon]
        guard candidate.first?.isLetter == true,
            candidate.allSatisfy({ $0.isLetter || $0.isNumber || $0 == " " || $0 == "'" || $0 == "\u{2019}" })
        else { return nil }
        var words = candidate.lowercased().split(separator: " ").map(String.init)
        if words.count > 1, let last = words.last, last.allSatisfy(\.isNumber) { words.removeLast() }
        return words.joined(separator: " ")
    }

    /// The labels a prompt itself uses: the normalized label of every prompt line that opens
    /// with one, after any leading bullet or symbol ("Goal: learn to swim" → `goal`,
    /// "- Mood: calm" → `mood`, "Example reply:" → `example reply`).
    static func labels(inPrompt prompt: String) -> Set<String> {
        Set(prompt.split(whereSeparator: \.isNewline).compactMap { leadingLabel(of: afterLeadingSymbols($0)) })
    }

    /// `line` from its first letter or digit on.
    static func afterLeadingSymbols(_ line: Substring) -> Substring {
        line.drop { !$0.isLetter && !$0.isNumber }
    }
}
