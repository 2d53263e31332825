import GuidedSchema

extension RestatedQuotations {
    /// What an output for `input` (a prompt, or the filled template being polished) must
    /// restate: each quoted fact of `input` (``ReportedSpeech/quotedFacts(in:grounding:)``), in
    /// the spellings ``ReportedSpeech/spellings(of:names:)`` gives, led in by the words of
    /// `input` outside its quotations. `names` are the request's names (the grounded
    /// specifics), which keep their capital. Nil when `input` quotes no fact.
    ///
    /// Lead words: every word of `input` outside the quotes and of each quoted fact before its
    /// quotation (`29 April 2026` in `29 April 2026: Four seedlings came up.`), except `you`
    /// (the spellings carry it) and reporting verbs (`wrote`, `said`: the quotation becomes
    /// reported speech), plus ``connectives``; each as written, lowercase and capitalised, names
    /// as written only. A quotation that names its own day (``dayWords``: `on Monday`) takes no
    /// day of the month and no `on` as lead words: the entry's date is when it was written.
    ///
    /// For `Back in March you wrote: "Swam two lengths without stopping."` with the fact `14
    /// March 2026: Swam two lengths without stopping.`: lead words `Back`, `back`, `in`, `In`,
    /// `March`, `14`, `2026`, `remember`, …; one quotation, spelled `you swam two lengths without
    /// stopping` and `You swam two lengths without stopping`.
    public init?(input: String, grounding: [String], names: Set<String> = []) {
        let quoted = ReportedSpeech.quotedFacts(in: input, grounding: grounding)
        guard !quoted.isEmpty else { return nil }
        var words: [String] = []
        var seen: Set<String> = []
        func add(_ word: String) {
            if !word.isEmpty, seen.insert(word).inserted { words.append(word) }
        }
        // The input's words outside its quotes, and what each quoted fact says before the
        // quotation (its date: "On 29 April…" where the input only says "April").
        let outside =
            ReportedSpeech.unquoted(input) + " "
            + quoted.map { ReportedSpeech.factLead(of: $0, in: grounding) }.joined(separator: " ")
        let written = outside.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "'" && $0 != "\u{2019}" })
            .map(String.init)
        // An entry that says its own day ("Walked 6200 steps on Monday") was written later than
        // it happened: its date may not lead in as the day it happened ("On 1 July you walked …
        // on Monday"), so no day of the month, and no "on", leads in; its month still may.
        let namesItsDay = quoted.contains { quotation in
            quotation.split(whereSeparator: { !$0.isLetter }).contains { Self.dayWords.contains($0.lowercased()) }
        }
        for word in written + Self.connectives {
            let lowered = word.lowercased()
            if lowered == "you" || Self.reportingVerbs.contains(lowered) { continue }
            if namesItsDay, lowered == "on" || (word.count <= 2 && word.allSatisfy(\.isNumber)) { continue }
            if names.contains(word) || word.contains(where: \.isNumber) {
                add(word)
            } else {
                add(lowered)
                add(ReportedSpeech.capitalisedFirst(lowered))
            }
        }
        self.init(
            quotations: quoted.map { ReportedSpeech.spellings(of: $0, names: names) }, leadWords: words)
    }

    /// Every spelling of every fact the request of `context` quotes: the text the grammar wrote
    /// word for word, whose tokens say nothing about what the model would have chosen.
    public static func spellings(in context: ValidationContext) -> [String] {
        let quoted = ReportedSpeech.quotedFacts(in: context.input, grounding: context.grounding)
        guard !quoted.isEmpty else { return [] }
        let names = Set(GroundedVocabulary(grounding: context.grounding).specifics)
        return quoted.flatMap { ReportedSpeech.spellings(of: $0, names: names) }
    }

    /// Words any lead-in may use besides the copy's own, so that `Remember when you…` and
    /// `Back on 14 March…` are open to it.
    public static let connectives = ["remember", "when", "that", "back", "in", "on", "this", "last"]

    /// Words by which an entry names the day it speaks of.
    public static let dayWords: Set<String> = [
        "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "today", "yesterday",
        "tonight", "weekend",
    ]

    /// Verbs that introduce a quotation (`you wrote: "…"`), left out of lead-ins.
    public static let reportingVerbs: Set<String> = [
        "wrote", "write", "writes", "said", "say", "says", "noted", "note", "told", "logged", "typed",
    ]
}
