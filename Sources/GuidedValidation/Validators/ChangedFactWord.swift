/// A word of the output that is a grounding's word with one letter changed, added, dropped or
/// two letters swapped — `abuelo` for the grounding's `abuela`, `Marta` for `Martha` — which
/// ``ChangedFactValidator`` reads as a changed fact.
///
/// An inflection of a grounding word is no change: both words are compared by their stems
/// too, so `floated` meets `float` and `starters` meets `starter`. A common English word
/// (`started` beside the grounding's `starter`) is taken as the writer's own, and so is a
/// word shorter than four letters, where one letter apart is most words (`ran`, `run`).
enum ChangedFactWord {
    /// The grounding word `token` changes, or nil when it changes none.
    static func original(of token: WordToken, in evidence: GroundingEvidence) -> String? {
        let word = token.lowercased
        guard word.count >= 4, token.hasLetter, !token.hasDigit, word.allSatisfy(\.isLetter),
            !EnglishStopwords.contains(word), !evidence.words.contains(word)
        else { return nil }
        let stem = EnglishStemmer.stem(word)
        guard !evidence.words.contains(stem), !EverydayWords.words.contains(word), !EverydayWords.containsStem(stem)
        else { return nil }
        return evidence.factWords.first { fact in
            fact.count >= 4 && fact.first == word.first && !inflects(word, fact)
                && oneEditApart(Array(word), Array(fact))
        }
    }

    /// Whether one word is the other with an ending added (`tree`, `trees`; `bake`, `baked`).
    static func inflects(_ a: String, _ b: String) -> Bool {
        let (shorter, longer) = a.count < b.count ? (a, b) : (b, a)
        return longer.hasPrefix(shorter) && ["s", "d", "es", "ed"].contains(String(longer.dropFirst(shorter.count)))
    }

    /// Whether `a` becomes `b` by one substitution, insertion, deletion or swap of two
    /// neighbouring letters.
    static func oneEditApart(_ a: [Character], _ b: [Character]) -> Bool {
        if a == b { return false }
        if a.count == b.count {
            let differing = a.indices.filter { a[$0] != b[$0] }
            if differing.count == 1 { return true }
            return differing.count == 2 && differing[1] == differing[0] + 1 && a[differing[0]] == b[differing[1]]
                && a[differing[1]] == b[differing[0]]
        }
        let (shorter, longer) = a.count < b.count ? (a, b) : (b, a)
        guard longer.count == shorter.count + 1 else { return false }
        var index = 0
        while index < shorter.count, shorter[index] == longer[index] { index += 1 }
        return shorter[index...] == longer[(index + 1)...]
    }
}
