/// Text from a server, a model or a configuration file made safe to print on a terminal.
///
/// A server's error body, a streamed token or a configuration string can hold control characters:
/// an escape sequence that recolours, clears or retitles the terminal (or writes the clipboard:
/// OSC 52), a carriage return that overwrites what a line said, a NUL, or a line break that starts a
/// line of its own, such as a forged `trace:` line. ``escaped(_:keepingLineBreaks:)`` writes every
/// C0 control character, DEL and every C1 control character as a visible escape (`\n`, `\r`,
/// `\t`, `\e`, `\x00`, `\u{9B}`), so what is printed is exactly the text's printable characters.
/// A diagnostic line also escapes the bidirectional embeddings, overrides and isolates
/// (U+202A–U+202E, U+2066–U+2069), with which a name can show its characters in another order
/// than they are (`KEY\u{202E}YEK` reads as `KEYKEY`); a model's output printed as the result
/// keeps them, as right-to-left text may use them.
public enum TerminalText {
    /// `text` with its control characters written as visible escapes.
    /// - Parameters:
    ///   - text: The text to print.
    ///   - keepingLineBreaks: Keep line feeds and tabs as they are: for a model's own output
    ///     printed as the result, where they are part of what was written. A diagnostic line
    ///     (`trace:`, `error:`, a streamed partial on stderr) keeps nothing, so it stays one line.
    public static func escaped(_ text: String, keepingLineBreaks: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0, keepingLineBreaks: keepingLineBreaks) }) else {
            return text
        }
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            guard isControl(scalar, keepingLineBreaks: keepingLineBreaks) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{1B}": result += "\\e"
            default:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += scalar.value < 0x80 ? "\\x" + (hex.count < 2 ? "0" + hex : hex) : "\\u{\(hex)}"
            }
        }
        return result
    }

    /// Whether `scalar` is a C0 control character, DEL or a C1 control character (line feed and
    /// tab excepted when `keepingLineBreaks`), or, in a diagnostic line, a bidirectional
    /// embedding, override or isolate.
    static func isControl(_ scalar: Unicode.Scalar, keepingLineBreaks: Bool) -> Bool {
        if keepingLineBreaks { return scalar != "\n" && scalar != "\t" && isC0OrC1(scalar) }
        return isC0OrC1(scalar) || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }

    private static func isC0OrC1(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
