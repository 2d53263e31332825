/// A JSON string literal as the probe's Python servers spell it, `json.dumps(text,
/// ensure_ascii=False)`: `"` and `\` escaped, C0 controls as `\b \f \n \r \t` or `\u00xx`, and
/// everything else raw — DEL and the C1 controls included, which a hostile server sends and
/// Guided must escape before a terminal sees them (`GeneratedContent`'s own quoting escapes them).
public enum PythonJSONString {
    /// `text` quoted.
    public static func quoted(_ text: String) -> String {
        var literal = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": literal += "\\\""
            case "\\": literal += "\\\\"
            case "\n": literal += "\\n"
            case "\r": literal += "\\r"
            case "\t": literal += "\\t"
            case "\u{8}": literal += "\\b"
            case "\u{C}": literal += "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                literal += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: literal.unicodeScalars.append(scalar)
            }
        }
        return literal + "\""
    }
}
