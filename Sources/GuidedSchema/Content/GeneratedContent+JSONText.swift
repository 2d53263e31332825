extension GeneratedContent {
    /// How JSON text is laid out.
    public enum JSONLayout: Sendable {
        /// No whitespace between tokens.
        case compact
        /// Two-space indentation, one property or element per line.
        case pretty
    }

    /// The value as JSON text. Object properties keep their order; output is deterministic.
    public func jsonText(_ layout: JSONLayout = .compact) -> String {
        var out = ""
        write(to: &out, layout: layout, indent: 0)
        return out
    }

    private func write(to out: inout String, layout: JSONLayout, indent: Int) {
        switch kind {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .number(let number): out += number.text
        case .string(let string): JSONString.appendQuoted(string, to: &out)
        case .array(let elements):
            writeContainer(elements, open: "[", close: "]", out: &out, layout: layout, indent: indent) {
                element, out, indent in element.write(to: &out, layout: layout, indent: indent)
            }
        case .object(let properties):
            writeContainer(properties, open: "{", close: "}", out: &out, layout: layout, indent: indent) {
                property, out, indent in
                JSONString.appendQuoted(property.name, to: &out)
                out += layout == .pretty ? ": " : ":"
                property.value.write(to: &out, layout: layout, indent: indent)
            }
        }
    }

    private func writeContainer<Item>(
        _ items: [Item], open: String, close: String, out: inout String, layout: JSONLayout, indent: Int,
        writeItem: (Item, inout String, Int) -> Void
    ) {
        out += open
        guard !items.isEmpty else {
            out += close
            return
        }
        for (index, item) in items.enumerated() {
            if index > 0 { out += "," }
            if layout == .pretty { out += "\n" + String(repeating: "  ", count: indent + 1) }
            writeItem(item, &out, indent + 1)
        }
        if layout == .pretty { out += "\n" + String(repeating: "  ", count: indent) }
        out += close
    }
}

/// JSON string escaping, shared by everything that writes JSON text.
package enum JSONString {
    /// Appends `string` as a quoted JSON string: `"` and `\` escaped, control characters as
    /// `\b \f \n \r \t` or `\u00XX` (DEL and the C1 controls too, which JSON allows raw but a
    /// terminal obeys), everything else (including non-ASCII) written as is.
    package static func appendQuoted(_ string: String, to out: inout String) {
        out.append("\"")
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{00}"..."\u{1F}", "\u{7F}"..."\u{9F}":
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out.append("\"")
    }

    /// `string` as a quoted JSON string.
    public static func quoted(_ string: String) -> String {
        var out = ""
        appendQuoted(string, to: &out)
        return out
    }
}
