import GuidedSchema

/// Rejects a string with the broken grammar a small model writes and a reader winces at.
///
/// Per string, each reason at most once, naming the first place:
/// - `"danglingWord"`: a sentence (or the string) ends on a word that cannot end one: an article,
///   a conjunction or a possessive (`the`, `and`, `your`, … — ``danglingWords``): "a simple
///   pasta with tomatoes and." A preposition may end an English sentence ("the lesson you signed
///   up for?") and is not listed. A single letter before a full stop is taken for an
///   abbreviation (`a.m.`) and skipped.
/// - `"possessiveBeforeVerb"`: a possessive (`your`, `my`, `our`, `their`, `his`; not `her`, which
///   is also an object) directly before a past-tense verb by `PastTenseVerbs`: "Your floated on
///   your back", "my walked".
/// - `"doubledWord"`: the same word twice in a row, compared lowercased: "at the the gym"
///   (`that that` and `had had` are English and pass).
/// - `"participleAsPast"`: a subject pronoun (`I`, `you`, `we`, `they`, `he`, `she`) directly
///   before a past participle that is never a simple past (``participlesOnly``): "you swum",
///   "I seen" (`you've swum` is one word here, and passes).
/// - `"comparativeWithoutEr"`: a plain adjective directly before `than` (``plainAdjectives``):
///   "was hard than expected".
/// - `"unfinished"`: a string that trails off on `...` or `…` ("you finished the first book,
///   a short..."), or one written in sentences — a sentence ends inside it — whose last sentence
///   has no `.`, `!` or `?` (a closing quote or bracket after one is fine). A phrase without a
///   stop, such as a step or a title, is no sentence and passes.
///
/// Words are `WordTokenizer` tokens: runs of letters and digits, apostrophes dropped.
package struct GrammarValidator: OutputValidator {
    /// The strings checked: nil for every free-text string (strings whose schema is an `enum`,
    /// `const`, `format` or `pattern` are skipped); otherwise every string at or under each pointer.
    package var pointers: [JSONPointer]?

    /// Checks every free-text string, or those at or under `pointers`.
    public init(at pointers: [JSONPointer]? = nil) {
        self.pointers = pointers
    }

    /// `"grammar"`.
    public var name: String { "grammar" }

    /// Words that cannot end a sentence.
    package static let danglingWords: Set<String> = [
        "an", "the", "and", "or", "but", "nor", "than", "my", "your", "our", "their", "its", "very",
    ]

    /// Possessives checked before a verb.
    package static let possessives: Set<String> = ["your", "my", "our", "their", "his"]

    /// Doubled words that are English.
    package static let doublesThatAreEnglish: Set<String> = ["that", "had"]

    /// Subject pronouns checked before a participle.
    package static let subjects: Set<String> = ["i", "you", "we", "they", "he", "she"]

    /// Past participles that are never a simple past, so a bare subject before one is broken.
    package static let participlesOnly: Set<String> = [
        "swum", "begun", "sung", "rung", "drunk", "sunk", "shrunk", "sprung", "stunk", "gone", "seen", "been",
        "written", "eaten", "taken", "given", "driven", "ridden", "broken", "spoken", "chosen", "fallen",
        "forgotten", "known", "grown", "thrown", "flown", "shown", "worn", "torn", "done",
    ]

    /// Plain adjectives whose comparative takes `-er`, so one directly before `than` is broken.
    package static let plainAdjectives: Set<String> = [
        "hard", "easy", "fast", "slow", "long", "short", "big", "small", "high", "low", "strong", "weak", "quick",
        "soft", "warm", "cold", "hot", "late", "early", "near", "heavy", "light", "old", "young", "tall",
    ]

    /// `"danglingWord"`, `"possessiveBeforeVerb"`, `"doubledWord"`, `"participleAsPast"`,
    /// `"comparativeWithoutEr"` then `"unfinished"`, for each string.
    public func check(_ output: GeneratedContent, in context: ValidationContext) -> [Rejection] {
        output.freeTextStrings(pointers, schema: context.schema).flatMap { leaf in
            Self.problems(in: leaf.text).map {
                Rejection(
                    validator: name, reason: $0.reason, pointer: leaf.pointer,
                    detail: "\($0.what): \(Excerpt.quoted(leaf.text))")
            }
        }
    }

    /// The reasons `text` breaks, each with the words at fault.
    static func problems(in text: String) -> [(reason: String, what: String)] {
        let words = WordTokenizer.tokens(in: text)
        var found: [(reason: String, what: String)] = []
        for (index, word) in words.enumerated() {
            let next = index + 1 < words.count ? words[index + 1] : nil
            let endsSentence = next.map(\.startsSentence) ?? true
            let abbreviation = next.map { $0.text.count == 1 } ?? false
            if endsSentence, !abbreviation, danglingWords.contains(word.lowercased) {
                found.append(("danglingWord", "a sentence ends on \"\(word.text)\""))
                break
            }
        }
        for (first, second) in zip(words, words.dropFirst())
        where !second.startsSentence && possessives.contains(first.lowercased) && second.hasLetter
            && PastTenseVerbs.contains(second.lowercased)
        {
            found.append(("possessiveBeforeVerb", "\"\(first.text) \(second.text)\""))
            break
        }
        for (first, second) in zip(words, words.dropFirst())
        where !second.startsSentence && first.hasLetter && first.lowercased == second.lowercased
            && !doublesThatAreEnglish.contains(first.lowercased)
        {
            found.append(("doubledWord", "\"\(first.text) \(second.text)\""))
            break
        }
        for (first, second) in zip(words, words.dropFirst())
        where !second.startsSentence && subjects.contains(first.lowercased)
            && participlesOnly.contains(second.lowercased)
        {
            found.append(("participleAsPast", "\"\(first.text) \(second.text)\""))
            break
        }
        for (first, second) in zip(words, words.dropFirst())
        where !second.startsSentence && second.lowercased == "than" && plainAdjectives.contains(first.lowercased) {
            found.append(("comparativeWithoutEr", "\"\(first.text) \(second.text)\""))
            break
        }
        if let ending = unfinishedEnding(text) {
            found.append(("unfinished", ending))
        }
        return found
    }

    /// How `text` is left unfinished, if it is: it trails off, or it is written in sentences (a
    /// `.`, `!` or `?` followed by more text) and its last has no stop.
    static func unfinishedEnding(_ text: String) -> String? {
        var trimmed = Substring(TextCleanup.trimmed(text))
        if trimmed.hasSuffix("...") || trimmed.hasSuffix("…") { return "it trails off" }
        let characters = Array(trimmed)
        let endsASentenceInside = characters.indices.dropLast().contains { index in
            ".!?".contains(characters[index]) && characters[index + 1].isWhitespace
        }
        guard endsASentenceInside else { return nil }
        while let last = trimmed.last, "\"'”’)]".contains(last) { trimmed = trimmed.dropLast() }
        guard let last = trimmed.last, !".!?".contains(last) else { return nil }
        return "its last sentence has no stop"
    }
}
