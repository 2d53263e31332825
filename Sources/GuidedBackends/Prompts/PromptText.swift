/// User text made safe to place in a prompt: no fact, prompt, instruction, example or earlier
/// turn can forge the prompt's structure.
///
/// - A **fact** stays on its own line: every line break in it — LF, CR, CRLF, vertical tab, form
///   feed, NEL, U+2028, U+2029 — becomes a space, so a fact cannot start an `Output:` line or
///   become two facts.
/// - **Text that may span lines** (a prompt, instructions, an example, a turn) has its line breaks
///   made LF, and a line of it that would open a section of the completion prompt (`Input:`,
///   `Output:`, `Facts:`, in any case) is indented by a space, which a base model does not take
///   for a section and no stop sequence matches.
/// - **Control-token look-alikes** — `<eos>`, `<start_of_turn>`, `<|im_start|>`, `</s>`, `[INST]` —
///   get a word joiner (U+2060) after their opening bracket. llama-server reads special tokens in
///   a prompt's text, so `<|im_end|>` written in a fact would otherwise end the turn for real; with
///   the joiner it is plain text, and reads the same to a person.
package enum PromptText {
    /// `text` as one line of a prompt: line breaks made spaces, control tokens defused.
    package static func line(_ text: String) -> String {
        defused(String(text.map { isLineBreak($0) ? " " : $0 }))
    }

    /// `text` as lines of a prompt: line breaks made LF, lines that would open a section
    /// indented, control tokens defused.
    package static func lines(_ text: String) -> String {
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: isLineBreak).map { line in
            opensSection(line) ? " " + line : String(line)
        }
        return defused(lines.joined(separator: "\n"))
    }

    /// The word that opens each section of the completion prompt (``CompletionPrompt``).
    static let sectionWords = ["input", "output", "facts"]

    /// Whether `line` begins, after any spaces, with a section word and a colon.
    static func opensSection(_ line: Substring) -> Bool {
        let text = line.drop { $0 == " " || $0 == "\t" }.lowercased()
        return sectionWords.contains { word in
            text.hasPrefix(word) && text.dropFirst(word.count).drop { $0 == " " || $0 == "\t" }.first == ":"
        }
    }

    static func isLineBreak(_ character: Character) -> Bool {
        character.isNewline
    }

    /// `text` with a word joiner after the opening bracket of each control-token look-alike: `<`,
    /// an optional `|` or `/`, a name of letters, digits, `_`, `.` or `-` starting with a letter or
    /// `_`, an optional `|`, `>`; or `[`, an optional `/`, capitals and `_`, `]`.
    static func defused(_ text: String) -> String {
        let characters = Array(text)
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for index in characters.indices {
            result.append(characters[index])
            if characters[index] == "<" || characters[index] == "[", looksLikeControlToken(characters, from: index) {
                result.append("\u{2060}")
            }
        }
        return result
    }

    /// Whether a control-token look-alike starts at `start` (an opening bracket).
    static func looksLikeControlToken(_ characters: [Character], from start: Int) -> Bool {
        let angle = characters[start] == "<"
        var index = start + 1
        if index < characters.count, characters[index] == "/" || (angle && characters[index] == "|") { index += 1 }
        let nameStart = index
        while index < characters.count, index - nameStart <= 40 {
            let character = characters[index]
            let allowed =
                angle
                ? character.isASCII && (character.isLetter || character.isNumber || "_.-".contains(character))
                : character.isASCII && (character.isUppercase || character == "_")
            guard allowed else { break }
            index += 1
        }
        guard index > nameStart, characters[nameStart].isLetter || characters[nameStart] == "_" else { return false }
        if angle, index < characters.count, characters[index] == "|" { index += 1 }
        return index < characters.count && characters[index] == (angle ? ">" : "]")
    }
}
