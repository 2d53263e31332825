/// One way a value breaks its schema.
public struct Violation: Sendable, Hashable, CustomStringConvertible {
    /// Where in the value, e.g. `/steps/2`.
    public var pointer: JSONPointer
    /// The rule that was broken, e.g. `maxLength`, `type`, `required`.
    public var keyword: String
    /// What was expected, in words.
    public var expected: String
    /// A short excerpt of what came.
    package var excerpt: String

    /// A violation of `keyword` at `pointer` in the value; `expected` is in words (`at most 180
    /// characters`), `excerpt` a bounded quote of the value (see `excerpt(of:limit:)`).
    public init(pointer: JSONPointer, keyword: String, expected: String, excerpt: String) {
        self.pointer = pointer
        self.keyword = keyword
        self.expected = expected
        self.excerpt = excerpt
    }

    /// `/pointer: expected …, got …` — one line, as `guided validate` prints it.
    public var description: String {
        "\(pointer.description.isEmpty ? "/" : pointer.description): \(expected), got \(excerpt)"
    }

    /// A bounded excerpt of `value` as JSON text (at most `limit` characters, with an ellipsis).
    package static func excerpt(of value: GeneratedContent, limit: Int = 60) -> String {
        let text = value.jsonText()
        guard text.count > limit else { return text }
        return String(text.prefix(limit)) + "…"
    }
}
