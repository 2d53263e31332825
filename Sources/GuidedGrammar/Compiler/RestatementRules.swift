import GuidedSchema

/// GBNF rules for an output that restates its request's quoted facts word for word
/// (``RestatedQuotations``): a short lead-in of closed words, then each quotation in one of its
/// spellings, then a full stop or an exclamation mark.
///
/// ```
/// rs-lw    ::= "Back" | "back" | "in" | "March" | "Remember" | …    the lead words
/// rs-unit  ::= rs-lw ","? " "
/// rs-lead  ::= rs-unit{0,5} rs-lw ","? " "        before a lowercase spelling: "Back in March "
/// rs-leadS ::= "Remember" (" " rs-lw){0,5} [?!] " "  before a capitalised one: "Remember March? "
/// rs-q1    ::= "you swam two lengths without stopping"      the lowercase spellings
/// rs-Q1    ::= "You swam two lengths without stopping"      the capitalised ones
/// rs-open1 ::= "You swam two lengths without stopping"
/// text     ::= (rs-lead rs-q1 | rs-leadS rs-Q1 | rs-open1) ([,.]? " " (rs-lead rs-q2 | rs-leadS rs-Q2))* [.!]
/// ```
///
/// The copy opens with its first quotation only in a spelling that speaks to the reader
/// (`You swam…`); any other opening needs a lead-in of at least one word, since the quotation
/// alone would only hand the person's words back (``CopiedFactValidator`` in `GuidedValidation`
/// rejects that). A capitalised spelling follows only a lead-in that ends a sentence, so
/// `On 21 May Drank four glasses` cannot be written; and a lead-in ends a sentence only as a
/// question that opens with `Remember`, so `Back in April? Four seedlings came up.` (which a
/// reader rejected) cannot be written either.
///
/// Every alternative is a literal, so the rules decide on the next character alone, like
/// ``GroundedTextRules``. The lead words are a closed set on purpose: with free words a lead-in
/// could restate the quotation itself, and the forced quotation would then follow it twice.
struct RestatementRules {
    private let restated: RestatedQuotations

    init(_ restated: RestatedQuotations) {
        self.restated = restated
    }

    /// Defines the rules in `rules` and returns the name of the rule for the string's content
    /// (between its quotes).
    func define(in rules: inout GBNFRules) -> String {
        let content = rules.reserve("rs-text")
        let lead = defineLead(in: &rules)
        var parts: [String] = []
        for (index, spellings) in restated.quotations.enumerated() {
            let written = Set(spellings.filter { !$0.isEmpty }).sorted()
            let capitalised = written.filter { $0.first?.isUppercase == true }
            let lowercase = written.filter { $0.first?.isUppercase != true }
            var starts: [String] = []
            if let lead {
                if !lowercase.isEmpty {
                    let rule = rules.reserve("rs-q\(index + 1)")
                    rules.define(rule, Self.alternatives(lowercase))
                    starts.append("\(lead.inSentence) \(rule)")
                }
                if !capitalised.isEmpty, let endingSentence = lead.endingSentence {
                    let rule = rules.reserve("rs-Q\(index + 1)")
                    rules.define(rule, Self.alternatives(capitalised))
                    starts.append("\(endingSentence) \(rule)")
                }
            }
            // The first quotation may open the copy in a spelling that speaks to the reader;
            // a later one always follows a lead-in.
            let opening = index == 0 ? capitalised.filter(Self.speaksToTheReader) : []
            if !opening.isEmpty || starts.isEmpty {
                let rule = rules.reserve("rs-open\(index + 1)")
                rules.define(rule, Self.alternatives(opening.isEmpty ? written : opening))
                starts.append(rule)
            }
            let start = starts.count == 1 ? starts[0] : "(" + starts.joined(separator: " | ") + ")"
            parts.append(index == 0 ? start : "[,.]? \" \" " + start)
        }
        rules.define(content, (parts + ["[.!]"]).joined(separator: " "))
        return content
    }

    /// `rs-lead` (a lead-in that goes on into a lowercase spelling: up to
    /// ``RestatedQuotations/maximumLeadWords`` lead words, the last followed by a space after an
    /// optional comma) and `rs-leadS` (a question of up to as many words that opens with
    /// ``askingWord`` and ends with `?` or `!`; nil when that word is not a lead word); nil when
    /// there are no lead words.
    private func defineLead(in rules: inout GBNFRules) -> (inSentence: String, endingSentence: String?)? {
        let words = Set(restated.leadWords.filter { !$0.isEmpty }).sorted()
        guard !words.isEmpty, restated.maximumLeadWords > 0 else { return nil }
        let word = rules.reserve("rs-lw")
        rules.define(word, words.map(Self.jsonLiteral).joined(separator: " | "))
        let unit = rules.reserve("rs-unit")
        rules.define(unit, "\(word) \",\"? \" \"")
        let before = GBNFSpelling.repeated(unit, min: 0, max: restated.maximumLeadWords - 1)
        let inSentence = rules.reserve("rs-lead")
        rules.define(inSentence, "\(before) \(word) \",\"? \" \"")
        guard words.contains(Self.askingWord) else { return (inSentence, nil) }
        let asked = GBNFSpelling.repeated("(\" \" \(word))", min: 0, max: restated.maximumLeadWords - 1)
        let endingSentence = rules.reserve("rs-leadS")
        rules.define(endingSentence, "\(Self.jsonLiteral(Self.askingWord)) \(asked) [?!] \" \"")
        return (inSentence, endingSentence)
    }

    /// The word a lead-in that ends its own sentence opens with: `Remember March?`,
    /// `Remember this?`. Any other lead word before `?` reads as a broken question ("Back in
    /// April?").
    static let askingWord = "Remember"

    /// `texts` as GBNF alternatives of JSON-string literals (`""` for none).
    private static func alternatives(_ texts: [String]) -> String {
        texts.isEmpty ? "\"\"" : texts.map(jsonLiteral).joined(separator: " | ")
    }

    /// Whether `spelling` opens with `You`, so that it says more than the quoted words alone.
    static func speaksToTheReader(_ spelling: String) -> Bool {
        let first = spelling.prefix { $0.isLetter }
        return first == "You"
    }

    /// A GBNF literal for `text` as it appears inside a JSON string (quotes and backslashes
    /// escaped, as the canonical encoding writes them).
    static func jsonLiteral(_ text: String) -> String {
        GBNFSpelling.literal(String(GeneratedContent(text).jsonText().dropFirst().dropLast()))
    }
}
