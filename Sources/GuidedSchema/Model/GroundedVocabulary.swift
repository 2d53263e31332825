/// What grounded decoding lets a free-text string state: the specifics of one request.
///
/// Under grounded decoding, a model may write ordinary words freely, but the *specifics* — numbers,
/// dates, ordinals and capitalised names — only where this request's facts contain them. The
/// grammar compiler turns a vocabulary into rules for every free-text string
/// (`GrammarOptions` in `GuidedGrammar`); backends that take no grammar check the same rule
/// after generation.
///
/// A vocabulary is plain data: `GuidedValidation` derives one from a request's grounding
/// (`GroundedVocabulary(grounding:)`), with the word lists documented there.
package struct GroundedVocabulary: Sendable, Hashable {
    /// Tokens that may appear as whole words: the digit-bearing tokens of the facts (`7`,
    /// `2026`, `9pm`), the words the facts capitalise mid-sentence (`Spanish`, `Sunday`), and
    /// `I`. Mid-sentence, these are the only words that may contain a digit or start with a
    /// capital letter.
    public var specifics: [String]
    /// Lowercase words that may not be written in any case, because they state a specific the
    /// facts do not hold (ordinals such as `first`, number words such as `five`). Each also bans
    /// every longer word it begins (`first` bans `firsts`), so a model that has started one
    /// cannot be forced to finish it as a nonsense word; see ``exactWords``.
    package var forbiddenWords: [String]
    /// Lowercase words that may not open a sentence capitalised (`Monday`, `June`). Mid-sentence
    /// a capitalised word must be a specific anyway; these words written in lowercase are left
    /// to the check after generation, which keeps the grammar small (each banned first letter
    /// costs llama.cpp a grammar stack on every full-vocabulary mask).
    package var forbiddenCapitalisedWords: [String]
    /// Forbidden words banned only as whole words, because many ordinary words begin with them
    /// (`ten`: `tent`, `tennis`, `tend`).
    package var exactWords: Set<String>
    /// For a request that quotes one of its facts: the quotations the output's first free-text
    /// string restates word for word (``RestatedQuotations``); nil for every other request.
    package var restated: RestatedQuotations?

    /// Creates a vocabulary. Words are used as given; forbidden words should be lowercase.
    public init(
        specifics: [String], forbiddenWords: [String], forbiddenCapitalisedWords: [String] = [],
        exactWords: Set<String> = []
    ) {
        self.specifics = specifics
        self.forbiddenWords = forbiddenWords
        self.forbiddenCapitalisedWords = forbiddenCapitalisedWords
        self.exactWords = exactWords
        self.restated = nil
    }
}
