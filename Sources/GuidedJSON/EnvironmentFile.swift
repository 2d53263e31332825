/// A file of `KEY=value` lines, as `scripts/setup-model` writes `runtime.env` and as a person
/// edits it afterwards: each line `KEY=value`, in the forms a shell's `.` reads the same way —
/// a leading `export `, white space around `=`, a value in single or double quotes, CRLF line
/// ends, blank lines and `#` comments. A line of another shape is not guessed at: it is listed in
/// ``problems`` with its place (`path:line`), so whoever reports a missing value can say why.
package struct EnvironmentFile: Sendable, Hashable {
    /// Each key's value; a later line for the same key wins, as in a shell.
    package var values: [String: String]
    /// The lines that are not `KEY=value`, each as `path:line: the line`.
    package var problems: [String]

    /// The file at `path`, or nil when it cannot be read.
    package init?(path: String) {
        guard let bytes = FileBytes.read(path) else { return nil }
        self.init(text: String(decoding: bytes, as: UTF8.self), path: path)
    }

    /// The lines of `text`, read from the file at `path` (used only to name problems).
    package init(text: String, path: String) {
        values = [:]
        problems = []
        // "\r\n" is one Character in Swift: a split at "\n" alone would leave CRLF lines whole.
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        for (index, raw) in lines.enumerated() {
            var line = raw.drop(while: \.isWhitespace)
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            if line.hasPrefix("export "), line.contains("=") { line = line.dropFirst(7).drop(while: \.isWhitespace) }
            guard let equals = line.firstIndex(of: "="), let value = Self.value(line[line.index(after: equals)...])
            else {
                problems.append("\(path):\(index + 1): \(line)")
                continue
            }
            let key = Self.trimmed(line[..<equals])
            guard Self.isKey(key) else {
                problems.append("\(path):\(index + 1): \(line)")
                continue
            }
            values[key] = value
        }
    }

    /// The value `key` has, or nil.
    package subscript(key: String) -> String? { values[key] }

    /// A value as written after `=`: quoted whole in `'…'` (taken as is) or `"…"` (with `\"` and
    /// `\\` read as `"` and `\`), or bare (trimmed); nil for an unclosed quote.
    static func value(_ written: Substring) -> String? {
        let text = trimmed(written)
        guard let quote = text.first, quote == "\"" || quote == "'" else { return text }
        guard text.count >= 2, text.last == quote else { return nil }
        let inner = text.dropFirst().dropLast()
        guard quote == "\"" else { return String(inner) }
        var unescaped = ""
        var escaping = false
        for character in inner {
            if escaping || character != "\\" {
                unescaped.append(character)
                escaping = false
            } else {
                escaping = true
            }
        }
        return escaping ? nil : unescaped
    }

    /// `text` without the spaces and tabs around it.
    static func trimmed(_ text: Substring) -> String {
        String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }

    /// A shell variable's name: letters, digits and `_`, not starting with a digit.
    static func isKey(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return key.unicodeScalars.allSatisfy {
            $0 == "_" || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
        }
    }
}
