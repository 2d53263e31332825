import GuidedBackends

/// The tokens of a JSON output that lie inside string values — the model's words, as opposed to
/// the braces, keys and quotes a grammar forces around them.
package enum StringValueTokens {
    /// The log-probabilities of the tokens of `tokens` (whose texts, joined, are the JSON output)
    /// that lie wholly inside a string value (not a key, not a quote), leaving out tokens that
    /// overlap an occurrence of one of `exempt` (text the grammar wrote word for word).
    package static func logProbabilities(of tokens: [TokenLogProbability], exempting exempt: [String] = []) -> [Double]
    {
        valueTokens(of: tokens, exempting: exempt).filter { !$0.exempt }.map(\.logProbability)
    }

    /// Each token of `tokens` that lies wholly inside a string value, with its log-probability and
    /// whether it overlaps an occurrence of one of `exempt`.
    package static func valueTokens(of tokens: [TokenLogProbability], exempting exempt: [String] = []) -> [(
        logProbability: Double, exempt: Bool
    )] {
        let characters = Array(tokens.map(\.text).joined())
        let inside = valueCharacters(characters)
        var written = Array(repeating: false, count: characters.count)
        for text in exempt where !text.isEmpty {
            let needle = Array(text)
            var start = 0
            while start + needle.count <= characters.count {
                if Array(characters[start..<start + needle.count]) == needle {
                    for position in start..<start + needle.count { written[position] = true }
                    start += needle.count
                } else {
                    start += 1
                }
            }
        }
        var result: [(logProbability: Double, exempt: Bool)] = []
        var offset = 0
        for token in tokens {
            let length = token.text.count
            let range = offset..<min(offset + length, characters.count)
            if length > 0, range.allSatisfy({ inside[$0] }) {
                result.append((token.logProbability, range.contains { written[$0] }))
            }
            offset += length
        }
        return result
    }

    /// The log-probabilities of the tokens inside each string value of `tokens` (whose texts,
    /// joined, are the JSON output), one list per value in document order — keys left out — so a
    /// list of steps gives one list per step. A token that spans two values (`"," ` joined to a
    /// word) belongs to neither.
    package static func itemLogProbabilities(of tokens: [TokenLogProbability]) -> [[Double]] {
        let characters = Array(tokens.map(\.text).joined())
        let strings = valueStringIndices(characters)
        var items = Array(repeating: [Double](), count: (strings.compactMap { $0 }.max() ?? -1) + 1)
        var offset = 0
        for token in tokens {
            let length = token.text.count
            let range = offset..<min(offset + length, characters.count)
            if length > 0, let item = strings[range.lowerBound], range.allSatisfy({ strings[$0] == item }) {
                items[item].append(token.logProbability)
            }
            offset += length
        }
        return items
    }

    /// For each character: whether it is inside a string value (between its quotes, a key's
    /// characters excluded). A string is a key when the next non-space character after it is `:`.
    static func valueCharacters(_ characters: [Character]) -> [Bool] {
        valueStringIndices(characters).map { $0 != nil }
    }

    /// For each character: the position among the output's string values (keys not counted) of
    /// the value it lies inside, or nil outside every value.
    static func valueStringIndices(_ characters: [Character]) -> [Int?] {
        var inside = [Int?](repeating: nil, count: characters.count)
        var ordinal = 0
        var index = 0
        while index < characters.count {
            guard characters[index] == "\"" else {
                index += 1
                continue
            }
            let start = index + 1
            var end = start
            while end < characters.count, characters[end] != "\"" {
                end += characters[end] == "\\" ? 2 : 1
            }
            var next = end + 1
            while next < characters.count, characters[next].isWhitespace { next += 1 }
            let isKey = next < characters.count && characters[next] == ":"
            if !isKey {
                for position in start..<min(end, characters.count) { inside[position] = ordinal }
                ordinal += 1
            }
            index = end + 1
        }
        return inside
    }
}
