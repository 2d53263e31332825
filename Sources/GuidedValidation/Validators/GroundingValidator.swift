public import GuidedSchema

/// Rejects strings not drawn from the grounding: about something else, or stating a
/// specific the grounding never gave.
///
/// Each string must:
/// - share at least `minimumSharedWords` significant words with the grounding
///   (`"noSharedWords"`). Words are compared lowercased, punctuation stripped, stopwords
///   (`EnglishStopwords`) left out, through `EnglishStemmer` so `swimming` meets `swim`.
///   Digit-bearing tokens count as words too. This catches few-shot example content copied
///   into an unrelated request.
/// - introduce no number absent from the grounding (`"ungroundedNumber"`): any token with a
///   digit, such as `7`, `2024` or `1Z999AA1`; a number with a short unit (`7am`, `5km`)
///   is matched by its digits. Numbers written as words (`two` … `twenty`, `thirty` …
///   `ninety`, `hundred`, `thousand`, `million`, `dozen`; not `one`, usually a pronoun) count
///   too, and `five` and `5` ground each other.
/// - introduce no ordinal (`"ungroundedOrdinal"`): `first`…`twentieth`, `1st`, `2nd`, …;
///   `second` and `2nd` are the same ordinal. An ordinal word followed by a comma
///   (`First, pack…`) is sequencing, not a fact, and is allowed.
/// - introduce no date (`"ungroundedDate"`): weekday and month names (and unambiguous
///   abbreviations such as `Fri`), `tomorrow`, `yesterday`; `May`/`March` only when
///   capitalized mid-sentence.
/// - introduce no capitalized name (`"ungroundedName"`): a capitalized word not at the start
///   of a sentence (after `.`, `!`, `?`, `:`, `;` or a line break) whose word or stem the
///   grounding lacks in any case. Capitalized stopwords (`I`, `To`, `Your`) are never names.
///   A name that opens a sentence is not caught, and a title-cased title ("Swim Day Ahead")
///   needs every capitalized word grounded: point the validator away from such fields.
/// - introduce no link, e-mail address or handle (`"ungroundedLink"`, `"ungroundedAddress"`,
///   `"ungroundedHandle"`, `ContactSpecifics`): `shop.example/help`, `help@shop.example` or
///   `@shop` must stand in the grounding as written (in any case).
///
/// With no grounding every string fails the shared-word check: leave this validator out of
/// the chain for requests that hand the model no facts.
public struct GroundingValidator: OutputValidator {
    /// The fewest significant words each string must share with the grounding.
    package var minimumSharedWords: Int
    /// The strings checked: nil for every string, otherwise those at or under each pointer
    /// (leave out enum-like fields such as a category).
    package var pointers: [JSONPointer]?

    /// Requires `minimumSharedWords` shared words per string and no invented specifics.
    public init(minimumSharedWords: Int = 1, at pointers: [JSONPointer]? = nil) {
        self.minimumSharedWords = minimumSharedWords
        self.pointers = pointers
    }

    /// `"grounding"`.
    public var name: String { "grounding" }

    /// Per string: `"noSharedWords"` first, then one rejection per distinct invented specific.
    public func check(_ output: GeneratedContent, in context: ValidationContext) -> [Rejection] {
        let evidence = GroundingEvidence(context.grounding)
        return output.selectedStrings(pointers).flatMap { leaf in
            let tokens = WordTokenizer.tokens(in: leaf.text)
            var found: [Rejection] = []
            let shared = Set(tokens.compactMap(GroundingEvidence.significantKey)).intersection(evidence.significant)
            if shared.count < minimumSharedWords {
                found.append(
                    rejection(
                        "noSharedWords", leaf,
                        "shares \(shared.count) significant word\(shared.count == 1 ? "" : "s") with the grounding, \(minimumSharedWords) needed"
                    ))
            }
            var reported: Set<String> = []
            for token in tokens {
                guard let (reason, kind) = ungrounded(token, evidence), reported.insert(token.lowercased).inserted
                else { continue }
                found.append(rejection(reason, leaf, "the \(kind) \"\(token.text)\" is not in the grounding"))
            }
            for (kind, text) in ContactSpecifics.find(in: leaf.text)
            where !evidence.lowercasedText.contains(text) && reported.insert(text).inserted {
                let (reason, noun) = Self.contactReason[kind]!
                found.append(rejection(reason, leaf, "the \(noun) \"\(text)\" is not in the grounding"))
            }
            return found
        }
    }

    /// The reason and the words for each kind of contact specific.
    static let contactReason: [ContactSpecifics.Kind: (String, String)] = [
        .link: ("ungroundedLink", "link"), .address: ("ungroundedAddress", "e-mail address"),
        .handle: ("ungroundedHandle", "handle"),
    ]

    /// The reason and kind of specific `token` invents, or nil when it invents none.
    private func ungrounded(_ token: WordToken, _ evidence: GroundingEvidence) -> (String, String)? {
        if let ordinal = SpecificTerms.ordinal(token) {
            if token.followedByComma, !token.hasDigit { return nil }
            return evidence.ordinals.contains(ordinal) ? nil : ("ungroundedOrdinal", "ordinal")
        }
        if let value = SpecificTerms.numberWord(token) {
            return evidence.numbers.contains(String(value)) ? nil : ("ungroundedNumber", "number")
        }
        if token.hasDigit {
            let lowered = token.lowercased
            let grounded =
                evidence.numbers.contains(lowered) || evidence.numbers.contains(GroundingEvidence.numericCore(lowered))
            return grounded ? nil : ("ungroundedNumber", "number")
        }
        if let date = SpecificTerms.date(token) {
            return evidence.dates.contains(date) ? nil : ("ungroundedDate", "date")
        }
        if token.isCapitalized, !token.startsSentence, !EnglishStopwords.contains(token.lowercased) {
            let lowered = token.lowercased
            let grounded = evidence.words.contains(lowered) || evidence.words.contains(EnglishStemmer.stem(lowered))
            return grounded ? nil : ("ungroundedName", "name")
        }
        return nil
    }

    private func rejection(_ reason: String, _ leaf: StringLeaf, _ what: String) -> Rejection {
        Rejection(
            validator: name, reason: reason, pointer: leaf.pointer, detail: "\(what): \(Excerpt.quoted(leaf.text))")
    }
}
