import GuidedSchema

/// Rejects array items that say nearly the same thing as an earlier item of the same array,
/// beyond the exact repeats ``MinimumContentValidator`` catches ("Swim two laps in the
/// pool" and "Swim in the pool for two laps").
///
/// Two string items of one array are near-duplicates (`"nearDuplicateItem"`, reported at
/// the later item, once per item, naming the first earlier match) when:
/// - their sets of significant stems (non-stopwords through `EnglishStemmer`, plus numbers)
///   overlap with a Jaccard index — shared stems over all stems — of at least
///   ``minimumJaccard`` (default 0.6); or
/// - one set is contained in the other and has at least ``minimumContainedStems`` (default 3)
///   stems; or
/// - they have the same number of words, at least 4, and differ in at most one position
///   (words compared lowercased, any two numbers equal): a template filled with one word
///   or number changed ("step 0: start to knit", "step 1: begin to knit"; "Swim for 10
///   minutes", "Swim for 20 minutes").
///
/// Items equal after trimming and ignoring case are exact duplicates and left to
/// ``MinimumContentValidator``; items without significant stems are compared only by the
/// word rule.
package struct NearDuplicateValidator: OutputValidator {
    /// The shared share of stems that makes two items near-duplicates.
    package var minimumJaccard: Double
    /// The fewest stems an item contained in another must have to count.
    package var minimumContainedStems: Int
    /// The arrays checked: nil for every array in the output; otherwise the arrays at these
    /// pointers.
    package var pointers: [JSONPointer]?

    /// Rejects items overlapping an earlier one by `minimumJaccard`, or contained in it with
    /// `minimumContainedStems` stems, or differing from it in at most one word.
    public init(minimumJaccard: Double = 0.6, minimumContainedStems: Int = 3, at pointers: [JSONPointer]? = nil) {
        self.minimumJaccard = minimumJaccard
        self.minimumContainedStems = minimumContainedStems
        self.pointers = pointers
    }

    /// `"nearDuplicate"`.
    public var name: String { "nearDuplicate" }

    /// One `"nearDuplicateItem"` rejection per item that nearly repeats an earlier one.
    public func check(_ output: GeneratedContent, in context: ValidationContext) -> [Rejection] {
        arrays(in: output).flatMap { pointer, elements in
            let items = elements.enumerated().compactMap { index, element in
                element.stringValue.map { Item(index: index, text: $0) }
            }
            return items.indices.compactMap { later -> Rejection? in
                guard let earlier = items[..<later].first(where: { nearlyRepeats(items[later], $0) }) else {
                    return nil
                }
                let item = items[later]
                return Rejection(
                    validator: name, reason: "nearDuplicateItem", pointer: pointer.appending(item.index),
                    detail: "nearly repeats item \(earlier.index): \(Excerpt.quoted(item.text))"
                )
            }
        }
    }

    /// One string item, in the forms the rules compare.
    private struct Item {
        let index: Int
        let text: String
        let key: String
        let stems: Set<String>
        let words: [String]

        init(index: Int, text: String) {
            self.index = index
            self.text = text
            self.key = TextCleanup.comparisonKey(text)
            self.stems = Set(WordTokenizer.significantStems(in: text))
            self.words = WordTokenizer.tokens(in: text).map { $0.hasDigit && !$0.hasLetter ? "#" : $0.lowercased }
        }
    }

    private func nearlyRepeats(_ a: Item, _ b: Item) -> Bool {
        guard a.key != b.key else { return false }
        if !a.stems.isEmpty, !b.stems.isEmpty {
            let shared = a.stems.intersection(b.stems).count
            if Double(shared) / Double(a.stems.union(b.stems).count) >= minimumJaccard { return true }
            let smaller = min(a.stems.count, b.stems.count)
            if shared == smaller, smaller >= minimumContainedStems { return true }
        }
        guard a.words.count == b.words.count, a.words.count >= 4 else { return false }
        return zip(a.words, b.words).filter { $0 != $1 }.count <= 1
    }

    /// The arrays checked, each with its pointer.
    private func arrays(in output: GeneratedContent) -> [(JSONPointer, [GeneratedContent])] {
        guard let pointers else { return output.allArrays(at: .root) }
        return pointers.compactMap { pointer in output.content(at: pointer)?.arrayValue.map { (pointer, $0) } }
    }
}

extension GeneratedContent {
    /// Every array in this value, outermost first, each with its pointer.
    fileprivate func allArrays(at pointer: JSONPointer) -> [(JSONPointer, [GeneratedContent])] {
        switch kind {
        case .array(let elements):
            [(pointer, elements)]
                + elements.enumerated().flatMap { $0.element.allArrays(at: pointer.appending($0.offset)) }
        case .object(let properties):
            properties.flatMap { $0.value.allArrays(at: pointer.appending($0.name)) }
        case .null, .bool, .number, .string:
            []
        }
    }
}
