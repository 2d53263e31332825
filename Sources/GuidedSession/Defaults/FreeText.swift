/// Text helpers for free-text responses.
enum FreeText {
    /// `text` up to and including its last sentence end (`.`, `!` or `?`, with a closing quote
    /// or bracket after it); `text` trimmed when it has none, so a cut answer never loses
    /// everything.
    static func upToLastSentence(_ text: String) -> String {
        let closers: Set<Character> = ["\"", "'", ")", "”", "’"]
        var end: String.Index?
        var index = text.startIndex
        while index < text.endIndex {
            if [".", "!", "?"].contains(text[index]) {
                var after = text.index(after: index)
                while after < text.endIndex, closers.contains(text[after]) { after = text.index(after: after) }
                if after == text.endIndex || text[after].isWhitespace { end = after }
            }
            index = text.index(after: index)
        }
        return trimmed(String(end.map { text[..<$0] } ?? text[...]))
    }

    /// `text` without whitespace at either end.
    static func trimmed(_ text: String) -> String {
        String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
