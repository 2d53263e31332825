public import GuidedSchema

/// Rejects empty-of-meaning output: strings with too few words, and arrays that repeat an item.
///
/// Catches the schema-valid garbage a base model writes with no examples, such as
/// `{"steps":[",",",",","]}`. A word is a whitespace-separated token containing a letter, so
/// `","`, `"7"` and `"..."` have none.
public struct MinimumContentValidator: OutputValidator {
    /// The fewest words each string must have.
    package var minimumWords: Int
    /// Whether array items must be pairwise distinct.
    package var distinctItems: Bool
    /// The strings checked for words: nil for every string, otherwise those at or under each pointer.
    package var pointers: [JSONPointer]?
    /// Whether a number counts as a word (`19`, `0.75`, `14/06`): an answer to "What is 12 + 7?"
    /// may be a number alone.
    package var countsNumbers: Bool

    /// Requires `minimumWords` words per string and, when `distinctItems`, no repeated array items.
    /// With `countsNumbers`, a token with a digit counts as a word too.
    public init(
        minimumWords: Int = 2, distinctItems: Bool = true, at pointers: [JSONPointer]? = nil,
        countsNumbers: Bool = false
    ) {
        self.minimumWords = minimumWords
        self.distinctItems = distinctItems
        self.pointers = pointers
        self.countsNumbers = countsNumbers
    }

    /// `"minimumContent"`.
    public var name: String { "minimumContent" }

    /// `"tooFewWords"` per short string, then `"duplicateItem"` per repeated array item.
    public func check(_ output: GeneratedContent, in context: ValidationContext) -> [Rejection] {
        var found = output.selectedStrings(pointers).compactMap(tooFewWords)
        if distinctItems { found += duplicates(in: output, at: .root) }
        return found
    }

    /// The number of letter-bearing (with `countsNumbers`, letter- or digit-bearing),
    /// whitespace-separated tokens in `text`.
    static func wordCount(_ text: String, countsNumbers: Bool = false) -> Int {
        text.split(whereSeparator: \.isWhitespace).filter {
            $0.contains { $0.isLetter || (countsNumbers && $0.isNumber) }
        }.count
    }

    private func tooFewWords(_ leaf: StringLeaf) -> Rejection? {
        let count = Self.wordCount(leaf.text, countsNumbers: countsNumbers)
        guard count < minimumWords else { return nil }
        return Rejection(
            validator: name, reason: "tooFewWords", pointer: leaf.pointer,
            detail:
                "\(count) word\(count == 1 ? "" : "s"), at least \(minimumWords) needed: \(Excerpt.quoted(leaf.text))"
        )
    }

    /// A rejection at each array item equal to an earlier item of the same array: strings
    /// compared trimmed and case-insensitively, other values exactly.
    private func duplicates(in value: GeneratedContent, at pointer: JSONPointer) -> [Rejection] {
        switch value.kind {
        case .array(let elements):
            var seen: [String: Int] = [:]
            var found: [Rejection] = []
            for (index, element) in elements.enumerated() {
                let key = element.stringValue.map { "s:" + TextCleanup.comparisonKey($0) } ?? "j:" + element.jsonText()
                if let first = seen[key] {
                    found.append(
                        Rejection(
                            validator: name, reason: "duplicateItem", pointer: pointer.appending(index),
                            detail:
                                "repeats item \(first): \(Excerpt.quoted(element.stringValue ?? element.jsonText()))"
                        ))
                } else {
                    seen[key] = index
                }
                found += duplicates(in: element, at: pointer.appending(index))
            }
            return found
        case .object(let properties):
            return properties.flatMap { duplicates(in: $0.value, at: pointer.appending($0.name)) }
        case .null, .bool, .number, .string:
            return []
        }
    }
}
