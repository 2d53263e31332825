/// Recognizes English past-tense verbs, the mark of a diary line copied back as a step
/// ("Swam two laps", "Bought goggles", "Signed up for lessons").
///
/// A word (any case, apostrophes removed) is past tense when it is:
/// - in ``irregularForms``; or
/// - a regular `-ed` form: at least 4 letters, ending in `ed` but not `eed` (`need`, `feed`,
///   `speed`), with a vowel (`a e i o u y`) before the `ed` (so `bed`, `red`, `shed`,
///   `shred` are not), and not in ``nonPastEdWords`` (`embed`, `hundred`, …).
///
/// A word written all in capitals (`LED`, `SAT`) is an acronym, never a verb.
package enum PastTenseVerbs {
    /// Whether `word` is a past-tense verb by the rules above.
    public static func contains(_ word: String) -> Bool {
        guard word.contains(where: \.isLowercase) else { return false }
        let lowered = String(word.lowercased().filter { $0 != "'" && $0 != "\u{2019}" })
        if irregularForms.contains(lowered) { return true }
        guard lowered.count >= 4, lowered.hasSuffix("ed"), !lowered.hasSuffix("eed"),
            !nonPastEdWords.contains(lowered)
        else { return false }
        return lowered.dropLast(2).contains { "aeiouy".contains($0) }
    }

    /// Irregular past forms that are not also a common present form, noun or adjective.
    ///
    /// Left out on purpose, because they read as something else in an instruction: `read`,
    /// `put`, `cut`, `set`, `let`, `hit`, `shut`, `quit`, `cost`, `hurt`, `spread`, `fit`
    /// (present forms too), `saw`, `felt`, `left`, `lay`, `fell`, `rose`, `bit`, `ground`,
    /// `wound`, `bound` (nouns, adjectives or other verbs). Auxiliaries `was`, `were`,
    /// `had`, `did` are included, and past forms ending in `-eed` (`agreed`, `freed`), which
    /// the regular rule skips.
    package static let irregularForms: Set<String> = [
        "was", "were", "had", "did", "went", "bought", "swam", "ran", "made", "took", "wrote",
        "came", "got", "gave", "found", "kept", "thought", "brought", "caught", "taught", "sat",
        "stood", "spent", "sent", "built", "began", "drank", "ate", "drove", "rode", "flew",
        "grew", "knew", "threw", "wore", "spoke", "broke", "chose", "forgot", "froze", "sang",
        "sank", "slept", "swept", "won", "told", "sold", "held", "heard", "met", "paid", "said",
        "lost", "meant", "fought", "understood", "became", "fed", "led", "fled", "sped", "bled",
        "bred", "dug", "hung", "lit", "shook", "stole", "struck", "swore", "tore", "woke", "wept",
        "hid", "slid", "spun", "stuck", "stung", "swung", "sprang", "shrank", "drew", "forgave",
        "overslept", "mistook", "lent", "bent", "dealt", "knelt", "leapt", "crept", "dreamt",
        "learnt", "burnt", "agreed", "freed",
    ]

    /// Words that end in a vowel plus `ed` yet are not past forms.
    package static let nonPastEdWords: Set<String> = [
        "embed", "hundred", "kindred", "naked", "wicked", "sacred", "beloved", "rugged", "ragged",
        "jagged", "crooked", "seabed", "flowerbed",
    ]
}
