/// Reads an answer as one line of comma-separated items, for the `commaList` check.
enum AnswerCommaList {
    /// The items of `text`: trimmed, without one final full stop, split at commas, each item
    /// trimmed. A last item that starts with `and` or `or` loses that word (`a, b, and c`); with no
    /// such comma, a last item holding ` and ` or ` or ` is split there (`a, b and c`), so both
    /// are three items.
    static func items(in text: String) -> [String] {
        var line = AnswerLines.trimmed(Substring(text))
        if line.hasSuffix(".") { line = line.dropLast() }
        var items = line.split(separator: ",", omittingEmptySubsequences: false).map { AnswerLines.trimmed($0) }
        guard items.count > 1, let last = items.popLast() else { return items.map(String.init) }
        var words = last.split(whereSeparator: \.isWhitespace)
        if let first = words.first, conjunctions.contains(first.lowercased()) {
            words.removeFirst()
            items.append(words.joined(separator: " ")[...])
        } else if let split = words.indices.dropFirst().dropLast().last(where: {
            conjunctions.contains(words[$0].lowercased())
        }) {
            items.append(words[..<split].joined(separator: " ")[...])
            items.append(words[(split + 1)...].joined(separator: " ")[...])
        } else {
            items.append(last)
        }
        return items.map(String.init)
    }

    /// Nil when `text` is one line of exactly `count` non-empty items, else why not.
    static func failure(_ text: String, _ count: Int) -> String? {
        let lines = AnswerLines.nonEmpty(text).count
        if lines > 1 { return "\(lines) lines, not one line of \(count) items" }
        let items = items(in: text)
        if items.contains(where: \.isEmpty) { return "an empty item in the comma list" }
        if items.count == count { return nil }
        return items.count == 1 ? "no comma list of \(count)" : "\(items.count) comma-separated items, not \(count)"
    }

    /// The words that may join the last two items.
    private static let conjunctions: Set<String> = ["and", "or"]
}
