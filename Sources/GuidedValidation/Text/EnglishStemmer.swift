/// A small suffix-stripping stemmer for English, so different forms of a word compare equal.
///
/// It is deliberately light, not Porter: it removes at most one suffix, then tidies the end.
///
/// 1. `-ies`/`-ied` become `y` (`tries`, `tried` → `try`).
/// 2. Otherwise the first of `-ing`, `-ed`, `-es`, `-s`, `-ly` that leaves a long enough
///    stem is removed; `-ing`/`-ed` need a vowel in what is left (`bring`, `need` stay).
/// 3. After `-ing`/`-ed`, a doubled final consonant is undoubled (`swimm` → `swim`), except
///    `ll`, `ss`, `zz`.
/// 4. A final `e` is dropped (`goggle`, `goggles` → `goggl`; `make`, `making` → `mak`).
///
/// So `shipped`/`ship`/`shipping`, `steps`/`step` and `swimming`/`swim` share a stem.
/// Stems are for comparison only; they are often not words.
public enum EnglishStemmer {
    /// The stem of `word`, lowercased.
    public static func stem(_ word: String) -> String {
        var w = Array(word.lowercased())
        if let y = replacingIesIed(w) { return String(y) }
        let removed = removeSuffix(&w)
        if removed == "ing" || removed == "ed" { undouble(&w) }
        if w.count >= 3, w.last == "e" { w.removeLast() }
        return String(w)
    }

    private static func replacingIesIed(_ w: [Character]) -> [Character]? {
        guard w.count >= 5, w.suffix(3) == ["i", "e", "s"] || w.suffix(3) == ["i", "e", "d"] else { return nil }
        return Array(w.dropLast(3)) + ["y"]
    }

    /// Removes one suffix and returns it ("" when none fits).
    private static func removeSuffix(_ w: inout [Character]) -> String {
        let text = String(w)
        if text.hasSuffix("ing"), w.count - 3 >= 2, containsVowel(w.dropLast(3)) {
            w.removeLast(3)
            return "ing"
        }
        if text.hasSuffix("ed"), !text.hasSuffix("eed"), w.count - 2 >= 2, containsVowel(w.dropLast(2)) {
            w.removeLast(2)
            return "ed"
        }
        if text.hasSuffix("es"), w.count - 2 >= 3 {
            w.removeLast(2)
            return "es"
        }
        if text.hasSuffix("s"), !text.hasSuffix("ss"), !text.hasSuffix("us"), !text.hasSuffix("is"), w.count - 1 >= 3 {
            w.removeLast()
            return "s"
        }
        if text.hasSuffix("ly"), w.count - 2 >= 4 {
            w.removeLast(2)
            return "ly"
        }
        return ""
    }

    private static func undouble(_ w: inout [Character]) {
        guard w.count >= 3, let last = w.last, last == w[w.count - 2],
            !vowels.contains(last), !["l", "s", "z"].contains(last)
        else { return }
        w.removeLast()
    }

    private static func containsVowel(_ letters: ArraySlice<Character>) -> Bool {
        letters.contains { vowels.contains($0) }
    }

    private static let vowels: Set<Character> = ["a", "e", "i", "o", "u", "y"]
}
