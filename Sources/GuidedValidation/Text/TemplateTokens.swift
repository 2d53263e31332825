/// Finds unfilled template slots in text: `<slot>`, `</s>`, `<|im_end|>`, `[Your Name]`,
/// `[placeholder]`, `{name}`.
enum TemplateTokens {
    /// The first slot-like token in `text`, or nil.
    static func first(in text: String) -> String? {
        let characters = Array(text)
        for (index, open) in characters.enumerated() {
            guard let close = closers[open], let end = characters[(index + 1)...].prefix(42).firstIndex(of: close)
            else { continue }
            let inner = characters[(index + 1)..<end]
            if isSlot(inner, opener: open) { return String(characters[index...end]) }
        }
        return nil
    }

    private static let closers: [Character: Character] = ["<": ">", "[": "]", "{": "}"]

    /// `<…>` holds an identifier (optionally `/`- or `|`-wrapped); `{…}` an identifier;
    /// `[…]` words and spaces.
    private static func isSlot(_ inner: ArraySlice<Character>, opener: Character) -> Bool {
        guard inner.contains(where: \.isLetter) else { return false }
        switch opener {
        case "<": return inner.allSatisfy { $0.isLetter || $0.isNumber || "_-|/".contains($0) }
        case "{": return inner.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
        default: return inner.first != " " && inner.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == " " }
        }
    }
}
