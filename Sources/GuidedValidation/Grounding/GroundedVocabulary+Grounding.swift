import GuidedSchema

extension GroundedVocabulary {
    /// The vocabulary grounded decoding allows for a request whose facts are `grounding`, by the
    /// same rules ``GroundingValidator`` checks after generation:
    /// - **specifics**: every digit-bearing token of the facts as written (`7`, `2026`, `9pm`,
    ///   `1Z999AA1`); every word the facts write with a capital letter other than at the start
    ///   of a sentence (`Spanish`, `Sunday`, `March` in "14 March 2026", `iOS`), since those are
    ///   the names; and `I`.
    /// - **forbidden** (any case): the ordinal words (`first` … `twentieth`), number words
    ///   (`two` … `twenty`, tens, `hundred`, `thousand`, `million`, `dozen`) and `tomorrow`,
    ///   `yesterday`, `tonight` that the facts do not ground. `5` grounds `five`, `1st` grounds
    ///   `first`.
    /// - **forbidden capitalised** (at a sentence start): the weekday and month names (other
    ///   than `May` and `March`) and their abbreviations (`Fri`) that the facts do not ground.
    ///   Mid-sentence a capitalised word must be a specific; lowercase weekday and month names,
    ///   rare in practice, are left to ``GroundingValidator``.
    /// - **exact only**: `ten` and the date abbreviations, which begin too many ordinary words
    ///   (`tent`, `tennis`, `fridge`) to ban as prefixes, and any forbidden word that begins a
    ///   word of the facts (`second` when the facts say `seconds`), so the facts stay writable.
    ///   Every other forbidden word is banned with every word it begins: an exact ban lets the
    ///   model write ` second` and then forces it on into a non-word (`secondbook`, measured).
    ///
    /// Pass `extraSpecifics` to allow more tokens (a product name the app always permits), and
    /// `allowedWords` to lift bans (say, `tomorrow` for an app whose copy is always about the
    /// next day).
    public init(grounding: [String], extraSpecifics: [String] = [], allowedWords: Set<String> = []) {
        let evidence = GroundingEvidence(grounding)
        var specifics: Set<String> = ["I"]
        for token in grounding.flatMap(WordTokenizer.tokens(in:)) {
            if token.hasDigit || (token.text.contains(where: \.isUppercase) && !token.startsSentence) {
                specifics.insert(token.text)
            }
        }
        specifics.formUnion(extraSpecifics)
        var anyCase: [String] = []
        for (word, value) in SpecificTerms.ordinalWordValues where !evidence.ordinals.contains(value) {
            anyCase.append(word)
        }
        for (word, value) in SpecificTerms.numberWords where !evidence.numbers.contains(String(value)) {
            anyCase.append(word)
        }
        var capitalised: [String] = []
        for (word, canonical) in SpecificTerms.dateWordsByName where !evidence.dates.contains(canonical) {
            if ["tomorrow", "yesterday", "tonight"].contains(word) {
                anyCase.append(word)
            } else {
                capitalised.append(word)
            }
        }
        let factWords = Set(grounding.flatMap(WordTokenizer.tokens(in:)).map(\.lowercased))
        let extendsAFactWord = { (word: String) in factWords.contains { $0.count > word.count && $0.hasPrefix(word) } }
        let exact = Set(["ten"]).union(SpecificTerms.dateWordsByName.filter { $0.key != $0.value }.keys)
            .union((anyCase + capitalised).filter(extendsAFactWord))
        self.init(
            specifics: specifics.sorted(), forbiddenWords: anyCase.filter { !allowedWords.contains($0) }.sorted(),
            forbiddenCapitalisedWords: capitalised.filter { !allowedWords.contains($0) }.sorted(), exactWords: exact)
    }
}
