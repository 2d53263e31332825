/// Turns a person's quoted words into words addressed to them: how a polished copy restates
/// `you wrote: "Swam two lengths without stopping."` as `you swam two lengths without stopping`.
package enum ReportedSpeech {
    /// The double-quoted spans of `text` (straight or curly quotes), trimmed, in order; empty
    /// spans are skipped. An unclosed quote quotes nothing.
    public static func quotations(in text: String) -> [String] {
        var spans: [String] = []
        var current: String?
        for character in text {
            if character == "\"" || character == "\u{201C}" || character == "\u{201D}" {
                if let open = current {
                    let span = TextCleanup.trimmed(open)
                    if !span.isEmpty { spans.append(span) }
                    current = nil
                } else {
                    current = ""
                }
            } else if current != nil {
                current?.append(character)
            }
        }
        return spans
    }

    /// The quotations of `text` (``quotations(in:)``) that are a person's own words: those of
    /// two words or more that one of the `grounding` facts contains (compared case-insensitively,
    /// whitespace collapsed, closing punctuation aside). `Back in March you wrote: "Swam two
    /// lengths."` quotes the fact `14 March 2026: Swam two lengths.`; `Tap "Start"` quotes none.
    public static func quotedFacts(in text: String, grounding: [String]) -> [String] {
        let facts = grounding.map(comparable)
        return quotations(in: text).filter { quotation in
            let words = comparable(quotation)
            return words.split(separator: " ").count >= 2 && facts.contains { $0.contains(words) }
        }
    }

    /// What the fact that quotes `quotation` says before it: `29 April 2026:` for the quotation
    /// `Four seedlings came up.` and the fact `29 April 2026: Four seedlings came up.`; empty
    /// when no fact has it, or has nothing before it.
    public static func factLead(of quotation: String, in grounding: [String]) -> String {
        let words = comparable(quotation).map { String($0) }
        guard !words.isEmpty else { return "" }
        for fact in grounding {
            let flat = Array(TextCleanup.collapsingWhitespace(fact))
            let lowered = flat.map { $0.lowercased() }
            guard lowered.count >= words.count else { continue }
            for start in 0...(lowered.count - words.count) where Array(lowered[start..<start + words.count]) == words {
                return String(flat[..<start])
            }
        }
        return ""
    }

    /// `text` lowercased, without closing punctuation, with every whitespace run one space.
    static func comparable(_ text: String) -> String {
        TextCleanup.collapsingWhitespace(closingPunctuationRemoved(text)).lowercased()
    }

    /// `text` with its double-quoted spans (and their quotes) removed.
    public static func unquoted(_ text: String) -> String {
        var result = ""
        var inside = false
        for character in text {
            if character == "\"" || character == "\u{201C}" || character == "\u{201D}" {
                inside.toggle()
                result.append(" ")
            } else if !inside {
                result.append(character)
            }
        }
        return result
    }

    /// The spellings that restate `quotation` to the person who wrote it, without its closing
    /// punctuation: first person turned into second (`I` → `you`, `my` → `your`, `I was` → `you
    /// were`). A line that opens with a verb (a diary's "Swam two lengths…", ``opensWithVerb(_:)``)
    /// gets `you` in front — `you swam two lengths…` and `You swam two lengths…` — and no
    /// spelling without it, which would not be addressed to anyone; any other line is spelled with
    /// its first letter lowercase (to follow a lead-in) and capitalised (to open a sentence):
    /// `the starter doubled…`, `The starter doubled…`. `names` are words that keep their capital
    /// (the facts' own names).
    public static func spellings(of quotation: String, names: Set<String> = []) -> [String] {
        var words = secondPerson(closingPunctuationRemoved(quotation).split(separator: " ").map(String.init))
        guard let first = words.first else { return [] }
        let opening = bare(first)
        if !names.contains(opening) { words[0] = lowercasedFirst(first) }
        let lowered = words.joined(separator: " ")
        let result =
            opensWithVerb(opening) && !names.contains(opening)
            ? ["you " + lowered, "You " + lowered] : [lowered, capitalisedFirst(lowered)]
        var seen: Set<String> = []
        return result.filter { seen.insert($0).inserted }
    }

    /// `words` with first-person singular words turned into second person, keeping the
    /// punctuation around each word.
    static func secondPerson(_ words: [String]) -> [String] {
        var result: [String] = []
        var previousWasI = false
        for word in words {
            let (before, core, after) = parts(of: word)
            let lowered = String(core.lowercased().map { $0 == "\u{2019}" ? "'" : $0 })
            var replacement: String?
            if core == "I" || core == "i" {
                replacement = "you"
            } else if let mapped = firstToSecond[lowered] {
                let capitalised = core.first?.isUppercase == true && !lowered.hasPrefix("i'")
                replacement = capitalised ? capitalisedFirst(mapped) : mapped
            } else if previousWasI, let agreed = agreement[lowered] {
                replacement = agreed
            }
            previousWasI = core == "I" || core == "i"
            result.append(replacement.map { before + $0 + after } ?? word)
        }
        return result
    }

    /// First-person words and their second-person forms (lowercase, straight apostrophes).
    static let firstToSecond: [String: String] = [
        "me": "you", "my": "your", "mine": "yours", "myself": "yourself",
        "i'm": "you're", "i've": "you've", "i'll": "you'll", "i'd": "you'd",
    ]

    /// Verbs that agree with `I` and change after `you`.
    static let agreement: [String: String] = ["am": "are", "was": "were"]

    /// Whether a line opening with `word` (no punctuation) opens with a verb, its subject (the
    /// writer) left out: a past form (``PastTenseVerbs``, `Swam`, `Learned`), a past form that is
    /// also a present one (``sharedPastForms``: `Put`, `Let`, `Cast`), or a modal or auxiliary
    /// (``auxiliaries``: `Can`, `Have`). Anything else — `The`, `Four`, `Switching`, a name — is
    /// taken for the line's own subject.
    static func opensWithVerb(_ word: String) -> Bool {
        let lowered = word.lowercased()
        return PastTenseVerbs.contains(word) || sharedPastForms.contains(lowered) || auxiliaries.contains(lowered)
    }

    /// Past forms a diary line opens with that are spelled like the present (``PastTenseVerbs``
    /// leaves them out, since in an instruction they read as the present).
    static let sharedPastForms: Set<String> = [
        "put", "let", "set", "cut", "read", "hit", "shut", "quit", "cast", "spread", "fit", "felt", "left",
        "hurt", "cost", "saw", "fell",
    ]

    /// Modals and auxiliaries a diary line opens with (`Can keep two balls going…`).
    static let auxiliaries: Set<String> = [
        "can", "could", "will", "would", "should", "must", "might", "have", "has", "am",
    ]

    /// `text` without trailing whitespace and closing punctuation (`.`, `!`, `?`, `…`, `;`, `:`, `,`).
    static func closingPunctuationRemoved(_ text: String) -> String {
        var result = TextCleanup.trimmed(text)
        while let last = result.last, ".!?\u{2026};:,".contains(last) || last.isWhitespace {
            result.removeLast()
        }
        return result
    }

    /// `word` without the punctuation around it (`"Swam,` → `Swam`).
    static func bare(_ word: String) -> String { parts(of: word).core }

    /// The punctuation before `word`'s letters, the letters (with what lies between them, such
    /// as an apostrophe), and the punctuation after.
    static func parts(of word: String) -> (before: String, core: String, after: String) {
        let isPart: (Character) -> Bool = { $0.isLetter || $0.isNumber }
        guard let start = word.firstIndex(where: isPart), let end = word.lastIndex(where: isPart) else {
            return ("", word, "")
        }
        return (String(word[..<start]), String(word[start...end]), String(word[word.index(after: end)...]))
    }

    /// `word` with its first letter lowercase, unless it is an acronym (two or more letters,
    /// all capitals: `GPS`).
    static func lowercasedFirst(_ word: String) -> String {
        let letters = word.filter(\.isLetter)
        guard let first = word.first, first.isUppercase,
            letters.count < 2 || letters.contains(where: \.isLowercase)
        else { return word }
        return first.lowercased() + word.dropFirst()
    }

    /// `text` with its first letter capitalised.
    static func capitalisedFirst(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }
}
