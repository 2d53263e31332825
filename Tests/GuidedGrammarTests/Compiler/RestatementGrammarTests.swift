import GuidedConformance
import GuidedGrammar
import GuidedSchema
import GuidedTestTraits
import Testing

/// A polished copy that restates a quoted fact: the first free-text string is a lead-in of the
/// closed lead words, then the quotation in one of its spellings, then a full stop. Every verdict
/// is checked by our GBNF matcher and by llama.cpp's own grammar checker.
@Suite(.ownThreads) struct RestatementGrammarTests {
    static let schema = GenerationSchema(
        root: SchemaNode(
            .object(
                ObjectConstraints([.init("text", SchemaNode(.string(StringConstraints(maxLength: 180))))]))))

    /// What `RestatedQuotations(input:grounding:)` builds for `Back in March you wrote: "Swam two
    /// lengths without stopping."` (its own tests are in GuidedValidationTests).
    static let restated = RestatedQuotations(
        quotations: [["you swam two lengths without stopping", "You swam two lengths without stopping"]],
        leadWords: ["Back", "back", "in", "In", "March", "14", "remember", "Remember", "when", "When", "on", "On"])

    /// A subject-led quotation: `"The starter doubled overnight."`.
    static let subjectLed = RestatedQuotations(
        quotations: [["the starter doubled overnight", "The starter doubled overnight"]],
        leadWords: ["Back", "back", "in", "In", "March", "remember", "Remember"])

    static func text(_ value: String) -> String { #"{"text":"\#(value)"}"# }

    static let accepted = [
        text("Back in March you swam two lengths without stopping."),
        text("Back in March, you swam two lengths without stopping!"),
        text("Remember March? You swam two lengths without stopping."),
        text("You swam two lengths without stopping."),
        text("On 14 March you swam two lengths without stopping."),
    ]
    static let rejected = [
        text("Back in March you swam two laps without stopping."), // a quoted word changed
        text("Back in March you swam two lengths."), // a quoted word dropped
        text("Back in March swam two lengths without stopping."), // not a spelling
        text("Back in March You swam two lengths without stopping."), // a capital mid-sentence
        text("Remember March? you swam two lengths without stopping."), // lowercase after a question
        text("Back in March you swam two lengths without stopping. Up for more?"), // a closer
        text("Back in March you swam two lengths without stopping"), // no full stop
        text("In spring you swam two lengths without stopping."), // a word not among the lead words
        text("Back in in in in in in March you swam two lengths without stopping."), // lead-in too long
        text("Back in March? You swam two lengths without stopping."), // a question not asking "Remember"
        text("Remember? back in March you swam two lengths without stopping."), // lowercase after a question
    ]
    static let subjectLedAccepted = [
        text("Back in March the starter doubled overnight."),
        text("Remember March? The starter doubled overnight."),
    ]
    static let subjectLedRejected = [
        text("The starter doubled overnight."), // only the person's words handed back
        text("Back in March the starter doubled twice."),
        text("Back in March? The starter doubled overnight."), // a reader rejected this shape
    ]

    static func grammar(_ restated: RestatedQuotations, framed: Bool = false) throws -> String {
        var vocabulary = GroundedVocabulary(specifics: ["March", "14"], forbiddenWords: ["two"])
        vocabulary.restated = restated
        return try GrammarCompiler.compile(
            schema, options: GrammarOptions(groundedVocabulary: vocabulary, completionFrame: framed)
        ).gbnf
    }

    static let cases: [(RestatedQuotations, accepted: [String], rejected: [String])] = [
        (restated, accepted, rejected), (subjectLed, subjectLedAccepted, subjectLedRejected),
    ]

    @Test func theStringIsALeadInThenTheQuotationWordForWordThenAFullStop() throws {
        for (restated, accepted, rejected) in Self.cases {
            let grammar = try GBNFGrammar(parsing: try Self.grammar(restated))
            for input in accepted { #expect(grammar.accepts(input), "rejects \(input)") }
            for input in rejected { #expect(!grammar.accepts(input), "accepts \(input)") }
        }
    }

    @Test func llamaCppAgreesOnTheRestatement() throws {
        let checker = try LlamaGrammarChecker()
        for (restated, accepted, rejected) in Self.cases {
            let grammar = try Self.grammar(restated, framed: true)
            for input in accepted {
                #expect(
                    try checker.check(grammar: grammar, input: input + "\n") == .accepted, "llama.cpp rejects \(input)")
            }
            for input in rejected {
                #expect(try checker.check(grammar: grammar, input: input) == .rejected, "llama.cpp accepts \(input)")
            }
        }
    }

    @Test func onlyTheFirstFreeTextStringRestatesAndTheReportSaysSo() throws {
        let two = GenerationSchema(
            root: SchemaNode(
                .object(
                    ObjectConstraints([
                        .init("text", SchemaNode(.string(StringConstraints(maxLength: 180)))),
                        .init("title", SchemaNode(.string(StringConstraints(maxLength: 40)))),
                    ]))))
        var vocabulary = GroundedVocabulary(specifics: ["March"], forbiddenWords: [])
        vocabulary.restated = Self.restated
        let compiled = try GrammarCompiler.compile(two, options: GrammarOptions(groundedVocabulary: vocabulary))
        let grammar = try GBNFGrammar(parsing: compiled.gbnf)
        #expect(grammar.accepts(#"{"text":"Back in March you swam two lengths without stopping.","title":"A swim"}"#))
        #expect(!grammar.accepts(#"{"text":"A swim","title":"Back in March you swam two lengths without stopping."}"#))
        #expect(
            compiled.report.entries.contains {
                $0.keyword == "restated" && $0.pointer == JSONPointer("/properties/text")
            })
    }

    @Test func withoutQuotationsTheGrammarIsTheGroundedOne() throws {
        let vocabulary = GroundedVocabulary(specifics: ["March"], forbiddenWords: [])
        let gbnf = try GrammarCompiler.compile(Self.schema, options: GrammarOptions(groundedVocabulary: vocabulary))
            .gbnf
        #expect(!gbnf.contains("rs-"))
        #expect(try GBNFGrammar(parsing: gbnf).accepts(Self.text("In spring you swam laps.")))
    }
}
