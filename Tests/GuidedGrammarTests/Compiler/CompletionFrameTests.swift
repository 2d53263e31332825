import GuidedConformance
import GuidedGrammar
import GuidedSchema
import GuidedTestTraits
import Testing

/// The completion frame: a grammar for a completion prompt accepts the value followed by the line
/// breaks a base model writes after it, and nothing else around it. Every verdict is checked by
/// our GBNF matcher and by llama.cpp's own grammar checker.
@Suite(.ownThreads) struct CompletionFrameTests {
    static let schema = GroundedTextGrammarTests.schema
    static let value = GroundedTextGrammarTests.steps("Float on your back", "Kick with a board", "Book a lesson")

    static let accepted = [value, value + "\n", value + "\n\n"]
    static let rejected = [
        " " + value, "\n" + value, value + "\n\n\n", value + " ", value + "\nFacts:",
        #"{"steps":["Float on your back","Kick with a board"]}"# + "\n",
    ]

    static func grammars() throws -> [String] {
        let vocabulary = GroundedTextGrammarTests.vocabulary
        return try [
            GrammarCompiler.compile(schema, options: GrammarOptions(groundedVocabulary: nil, completionFrame: true))
                .gbnf,
            GrammarCompiler.compile(
                schema, options: GrammarOptions(groundedVocabulary: vocabulary, completionFrame: true)
            ).gbnf,
        ]
    }

    @Test func aFramedGrammarAcceptsTheValueFollowedByUpToTwoLineBreaks() throws {
        for text in try Self.grammars() {
            let grammar = try GBNFGrammar(parsing: text)
            for input in Self.accepted { #expect(grammar.accepts(input), "rejects \(input.debugDescription)") }
            for input in Self.rejected { #expect(!grammar.accepts(input), "accepts \(input.debugDescription)") }
        }
    }

    @Test func llamaCppAgreesOnTheFrame() throws {
        let checker = try LlamaGrammarChecker()
        for grammar in try Self.grammars() {
            for input in Self.accepted {
                #expect(try checker.check(grammar: grammar, input: input) == .accepted, "llama.cpp rejects \(input)")
            }
            for input in Self.rejected {
                #expect(try checker.check(grammar: grammar, input: input) == .rejected, "llama.cpp accepts \(input)")
            }
        }
    }

    @Test func theFrameIsOnlyAfterTheValue() throws {
        let plain = try GrammarCompiler.compile(Self.schema).gbnf
        let framed = try GrammarCompiler.compile(
            Self.schema, options: GrammarOptions(groundedVocabulary: nil, completionFrame: true)
        ).gbnf
        #expect(framed.hasPrefix(#"root ::= value "\n"{0,2}"#), "\(framed.prefix(60))")
        #expect(framed.contains(#"value ::= "{" "\"steps\"" ":" root-steps "}""#))
        #expect(!(try GBNFGrammar(parsing: plain).accepts(Self.value + "\n")), "unframed grammars stay exact")
    }

    @Test func theValueIsReadWithoutTheLineBreaks() {
        #expect(CompletionFrame.value(of: Self.value + "\n\n") == Self.value)
        #expect(CompletionFrame.value(of: Self.value) == Self.value)
    }
}
