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
/// Before that, an irregular past form or participle becomes its base verb (``irregularBase``:
/// `sat` → `sit`, `swam` → `swim`, `bought` → `buy`), and `-ion` after `t` or `s` is removed
/// from a long enough word (`meditation` → `meditat`, the stem of `meditate`; `collection` →
/// `collect`).
///
/// So `shipped`/`ship`/`shipping`, `steps`/`step`, `swimming`/`swim`/`swam` and
/// `meditation`/`meditate` share a stem.
/// Stems are for comparison only; they are often not words.
package enum EnglishStemmer {
    /// The stem of `word`, lowercased.
    public static func stem(_ word: String) -> String {
        let lowered = word.lowercased()
        if let base = irregularBase[lowered] { return stem(base) }
        var w = Array(lowered)
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
        if text.hasSuffix("ion"), w.count - 3 >= 4, ["t", "s"].contains(w[w.count - 4]) {
            w.removeLast(3)
            return "ion"
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

    /// Irregular past forms and participles of common verbs, with their base form.
    package static let irregularBase: [String: String] = [
        "sat": "sit", "swam": "swim", "swum": "swim", "ran": "run", "wrote": "write", "written": "write",
        "made": "make",
        "took": "take", "taken": "take", "bought": "buy", "went": "go", "gone": "go", "got": "get", "gotten": "get",
        "did": "do", "done": "do", "felt": "feel", "kept": "keep", "slept": "sleep", "met": "meet", "brought": "bring",
        "thought": "think", "found": "find", "told": "tell", "said": "say", "sold": "sell", "began": "begin",
        "begun": "begin",
        "drank": "drink", "drunk": "drink", "ate": "eat", "eaten": "eat", "drew": "draw", "drawn": "draw",
        "grew": "grow",
        "grown": "grow", "knew": "know", "known": "know", "threw": "throw", "thrown": "throw", "flew": "fly",
        "flown": "fly",
        "rode": "ride", "ridden": "ride", "spoke": "speak", "spoken": "speak", "woke": "wake", "woken": "wake",
        "gave": "give",
        "given": "give", "came": "come", "became": "become", "stood": "stand", "understood": "understand",
        "built": "build",
        "spent": "spend", "sent": "send", "lost": "lose", "taught": "teach", "caught": "catch", "fought": "fight",
        "held": "hold", "won": "win", "sang": "sing", "sung": "sing", "dug": "dig", "fed": "feed", "led": "lead",
        "paid": "pay", "heard": "hear", "learnt": "learn", "burnt": "burn", "meant": "mean", "chose": "choose",
        "chosen": "choose", "broke": "break", "broken": "break", "forgot": "forget", "forgotten": "forget",
        "froze": "freeze",
        "frozen": "freeze", "hid": "hide", "hidden": "hide", "shook": "shake", "shaken": "shake", "stole": "steal",
        "swung": "swing", "tore": "tear", "torn": "tear", "wore": "wear", "worn": "wear", "bent": "bend",
        "lent": "lend",
        "bled": "bleed", "fled": "flee", "slid": "slide", "spun": "spin", "stuck": "stick", "struck": "strike",
    ]
}
