import GuidedSchema

/// Rejects a string that is a fragment rather than a phrase a person would ship.
///
/// Per string:
/// - `"tooShort"`: fewer than `minimumWords` words (default 3). A word is a
///   whitespace-separated token containing a letter, as ``MinimumContentValidator`` counts,
///   so `"Swim now"` has two and `"7 laps"` one.
/// - `"danglingPunctuation"`: after trimming whitespace, it ends on `:`, `,` or `;` — a lead-in
///   whose list never came ("Three short steps:").
///
/// Both can apply to one string.
package struct FragmentValidator: OutputValidator {
    /// The fewest words a string must have.
    package var minimumWords: Int
    /// The strings checked: nil for every free-text string (strings whose schema is an
    /// `enum`, `const`, `format` or `pattern` are skipped); otherwise every string at or under
    /// each pointer. Point it away from short labels such as a title.
    package var pointers: [JSONPointer]?

    /// Requires `minimumWords` words and no dangling `:`, `,` or `;` per string.
    public init(minimumWords: Int = 3, at pointers: [JSONPointer]? = nil) {
        self.minimumWords = minimumWords
        self.pointers = pointers
    }

    /// `"fragment"`.
    public var name: String { "fragment" }

    /// `"tooShort"` then `"danglingPunctuation"`, for each string.
    public func check(_ output: GeneratedContent, in context: ValidationContext) -> [Rejection] {
        output.freeTextStrings(pointers, schema: context.schema).flatMap { leaf in
            var found: [Rejection] = []
            let words = MinimumContentValidator.wordCount(leaf.text)
            if words < minimumWords {
                found.append(
                    rejection(
                        "tooShort", leaf, "\(words) word\(words == 1 ? "" : "s"), at least \(minimumWords) needed"))
            }
            if let last = TextCleanup.trimmed(leaf.text).last, [":", ",", ";"].contains(last) {
                found.append(rejection("danglingPunctuation", leaf, "ends on \"\(last)\""))
            }
            return found
        }
    }

    private func rejection(_ reason: String, _ leaf: StringLeaf, _ what: String) -> Rejection {
        Rejection(
            validator: name, reason: reason, pointer: leaf.pointer, detail: "\(what): \(Excerpt.quoted(leaf.text))")
    }
}
