import GuidedSchema

/// Rejects a string that repeats itself, as a small model stuck in a loop does:
/// "I was floated on my back with the board with the board of the board in the water".
///
/// Per string:
/// - `"repeatedWord"`: a significant word is used more than ``maximumWordUses`` times
///   (default 2, so three uses fail). Significant means it has a letter and is not in
///   `EnglishStopwords`; uses are counted by `EnglishStemmer` stem, so `swim`,
///   `swims` and `swimming` are three uses of one word. One rejection per such word.
/// - `"repeatedPhrase"`: the same three consecutive words occur twice (anywhere, also
///   overlapping, across punctuation), compared lowercased, and at least one of the three
///   is significant — so "one of the … one of the" or "in the … in the" alone does not
///   count. One rejection per string, naming the first repeated run.
///
/// Words are `WordTokenizer` tokens: runs of letters and digits, apostrophes dropped.
package struct RepetitionValidator: OutputValidator {
    /// The most times one significant word may be used in a string.
    package var maximumWordUses: Int
    /// The strings checked: nil for every free-text string (strings whose schema is an
    /// `enum`, `const`, `format` or `pattern` are skipped); otherwise every string at or under
    /// each pointer.
    package var pointers: [JSONPointer]?

    /// Allows each significant word `maximumWordUses` times per string.
    public init(maximumWordUses: Int = 2, at pointers: [JSONPointer]? = nil) {
        self.maximumWordUses = maximumWordUses
        self.pointers = pointers
    }

    /// `"repetition"`.
    public var name: String { "repetition" }

    /// `"repeatedWord"` per overused word, then `"repeatedPhrase"`, for each string.
    public func check(_ output: GeneratedContent, in context: ValidationContext) -> [Rejection] {
        output.freeTextStrings(pointers, schema: context.schema).flatMap { leaf in
            let words = WordTokenizer.tokens(in: leaf.text).map(\.lowercased)
            var found = overusedWords(words).map { word, uses in
                rejection("repeatedWord", leaf, "uses \"\(word)\" \(uses) times, at most \(maximumWordUses) allowed")
            }
            if let phrase = repeatedPhrase(words) {
                found.append(rejection("repeatedPhrase", leaf, "repeats \"\(phrase)\""))
            }
            return found
        }
    }

    /// Each significant word used too often (as first written) and its number of uses, in
    /// order of first use.
    private func overusedWords(_ words: [String]) -> [(String, Int)] {
        var uses: [String: Int] = [:]
        var firstForm: [(stem: String, word: String)] = []
        for word in words where word.contains(where: \.isLetter) && !EnglishStopwords.contains(word) {
            let stem = EnglishStemmer.stem(word)
            if uses[stem] == nil { firstForm.append((stem, word)) }
            uses[stem, default: 0] += 1
        }
        return firstForm.compactMap { entry in
            let count = uses[entry.stem] ?? 0
            return count > maximumWordUses ? (entry.word, count) : nil
        }
    }

    /// The first three-word run that occurs again later, or nil.
    private func repeatedPhrase(_ words: [String]) -> String? {
        guard words.count >= 4 else { return nil }
        var seen: Set<[String]> = []
        for start in 0...(words.count - 3) {
            let run = Array(words[start..<(start + 3)])
            guard run.contains(where: { $0.contains(where: \.isLetter) && !EnglishStopwords.contains($0) }) else {
                continue
            }
            if !seen.insert(run).inserted { return run.joined(separator: " ") }
        }
        return nil
    }

    private func rejection(_ reason: String, _ leaf: StringLeaf, _ what: String) -> Rejection {
        Rejection(
            validator: name, reason: reason, pointer: leaf.pointer, detail: "\(what): \(Excerpt.quoted(leaf.text))")
    }
}
