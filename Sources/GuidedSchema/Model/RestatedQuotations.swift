/// Quotations an output must restate word for word, and the few words that may lead into them:
/// the grammar's half of "the model never changes a fact".
///
/// A request whose input (a prompt, or a copy being polished) quotes one of its facts — `Back in
/// March you wrote: "Swam two lengths without stopping."` — quotes the person's own words. Under
/// grounded decoding, the output's first free-text string is then a short lead-in of
/// ``leadWords`` (`Back in March`, `Remember March?`) followed by each quotation in one of its
/// ``quotations`` spellings (`you swam two lengths without stopping`), and a full stop: the model
/// picks the lead-in and the spelling, and cannot change a quoted word. `GuidedValidation` builds
/// the value from the request's input and facts (`RestatedQuotations(input:grounding:names:)`);
/// backends that take no grammar check the same rule after generation
/// (`RestatedQuotationValidator`).
package struct RestatedQuotations: Sendable, Hashable {
    /// Each quotation, in the order the copy quotes them, as the spellings that restate it:
    /// e.g. `you swam two lengths without stopping` and `You swam two lengths without stopping`.
    package var quotations: [[String]]
    /// The words a lead-in may use, each exactly as written (a capitalised spelling is its own
    /// entry): the words of the copy outside its quotations, with reporting verbs left out, and
    /// a few connectives (`remember`, `when`, `that`).
    package var leadWords: [String]
    /// The most words a lead-in before one quotation may have.
    package var maximumLeadWords: Int

    /// Quotations and lead words as given; `maximumLeadWords` defaults to 6.
    package init(quotations: [[String]], leadWords: [String], maximumLeadWords: Int = 6) {
        self.quotations = quotations
        self.leadWords = leadWords
        self.maximumLeadWords = maximumLeadWords
    }
}
