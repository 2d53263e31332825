/// Short quoted excerpts of output text, for ``Rejection/detail``.
enum Excerpt {
    /// `text` in quotes, cut to `limit` characters with an ellipsis.
    static func quoted(_ text: String, limit: Int = 48) -> String {
        let cut = text.count > limit ? String(text.prefix(limit)) + "…" : text
        return "\"\(cut)\""
    }
}
