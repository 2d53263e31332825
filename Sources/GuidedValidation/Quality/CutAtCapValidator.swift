import GuidedSchema

/// Rejects a string that stops at its length cap without finishing: the grammar allowed no
/// more characters, so the model's sentence was cut mid-word or mid-sentence.
///
/// A string is rejected (`"cutAtCap"`) when both hold:
/// - its length in Unicode scalars (as `maxLength` counts) is at most the cap and at least
///   the cap minus ``tolerance`` (default 1, so 99 or 100 characters at a 100 cap; a longer
///   string breaks the cap itself, which ``SchemaValidator`` or ``CharacterCapValidator``
///   reports);
/// - after trailing whitespace and closing quotes or brackets (`"` `'` `”` `’` `)` `]` `»`),
///   it does not end with sentence-final punctuation: `.`, `!`, `?` or `…`.
///
/// The cap is the schema's `maxLength` for the string: the node at the string's pointer,
/// found through object properties, `items`/`prefixItems`, `$ref` and every
/// `anyOf`/`oneOf`/`allOf` branch (with several, the string may sit at any of them). When
/// the schema gives the string no cap, ``maximum`` is used; when neither does, the string
/// passes. A complete step without a full stop that happens to fill its cap is rejected too:
/// the check cannot tell it from a cut one, so leave a character of room in caps you author.
package struct CutAtCapValidator: OutputValidator {
    /// The cap for strings whose schema has no `maxLength`; nil for none.
    package var maximum: Int?
    /// How close to the cap (in characters) counts as at it.
    package var tolerance: Int
    /// The strings checked: nil for every free-text string (strings whose schema is an
    /// `enum`, `const`, `format` or `pattern` are skipped); otherwise every string at or under
    /// each pointer.
    package var pointers: [JSONPointer]?

    /// Checks every string at its schema cap, or at `maximum` when the schema has none.
    public init(maximum: Int? = nil, tolerance: Int = 1, at pointers: [JSONPointer]? = nil) {
        self.maximum = maximum
        self.tolerance = tolerance
        self.pointers = pointers
    }

    /// `"cutAtCap"`.
    public var name: String { "cutAtCap" }

    /// One `"cutAtCap"` rejection per string that fills its cap without a final stop.
    public func check(_ output: GeneratedContent, in context: ValidationContext) -> [Rejection] {
        output.freeTextStrings(pointers, schema: context.schema).compactMap { leaf in
            let schemaCaps = context.schema.stringCaps(at: leaf.pointer)
            let caps = schemaCaps.isEmpty ? (maximum.map { [$0] } ?? []) : schemaCaps
            let length = leaf.text.unicodeScalars.count
            guard let cap = caps.first(where: { length <= $0 && length >= $0 - tolerance }),
                !Self.endsSentence(leaf.text)
            else { return nil }
            return Rejection(
                validator: name, reason: "cutAtCap", pointer: leaf.pointer,
                detail:
                    "\(length) characters at a cap of \(cap), with no final punctuation: \"…\(leaf.text.suffix(32))\""
            )
        }
    }

    /// Whether `text` ends with `.`, `!`, `?` or `…`, ignoring trailing whitespace and
    /// closing quotes or brackets.
    static func endsSentence(_ text: String) -> Bool {
        let closers: Set<Character> = ["\"", "'", "\u{201D}", "\u{2019}", ")", "]", "\u{00BB}"]
        guard let last = text.last(where: { !$0.isWhitespace && !closers.contains($0) }) else { return false }
        return [".", "!", "?", "…"].contains(last)
    }
}
