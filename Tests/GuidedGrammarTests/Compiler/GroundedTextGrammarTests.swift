import GuidedConformance
import GuidedGrammar
import GuidedSchema
import GuidedTestTraits
import Testing

/// Grounded decoding: free-text strings may state only the request's specifics. Every verdict
/// is checked twice, by our GBNF matcher and by llama.cpp's own grammar checker.
@Suite(.ownThreads) struct GroundedTextGrammarTests {
    /// The vocabulary of "Goal: learn to swim / Journal: Floated on my back for 5 seconds at
    /// Riverside Pool on Sunday. / Done: Find a pool nearby", as `GuidedValidation` derives it.
    static let vocabulary = GroundedVocabulary(
        specifics: ["5", "I", "Pool", "Riverside", "Sunday"],
        forbiddenWords: ["eight", "first", "five", "four", "second", "ten", "third", "three", "tomorrow", "two"],
        forbiddenCapitalisedWords: ["friday", "june", "monday", "fri"],
        exactWords: ["ten", "second", "fri"])

    static let schema = GenerationSchema(
        root: SchemaNode(
            .object(
                ObjectConstraints([
                    .init(
                        "steps",
                        SchemaNode(
                            .array(
                                ArrayConstraints(
                                    items: SchemaNode(.string(StringConstraints(minLength: 1, maxLength: 100))),
                                    minItems: 3, maxItems: 3))))
                ]))))

    static func steps(_ a: String, _ b: String = "Swim in the shallow end", _ c: String = "Book a lesson.") -> String {
        #"{"steps":["\#(a)","\#(b)","\#(c)"]}"#
    }

    static let accepted = [
        steps("Float on your back for 5 seconds"),
        steps("Go back to Riverside Pool on Sunday"),
        steps("Float on your back again, then rest at the café."),
        steps("Swim it, don't stop: go on!", "I'm ready for the shallow end", "Ask about lessons? Then book one."),
        steps("Kick-start the warm-up/stretch", "Rest for a few seconds", "Swim in the tent-shaped pool"),
        steps("Sunday is grounded, so is Riverside Pool", "Tell them \\\"I can float\\\"", "Float... then swim!"),
    ]

    static let rejected = [
        steps("Float on your back for 6 seconds"), // a number the facts lack
        steps("Float on your back for 55 seconds"), // grounded digits cannot run together
        steps("Float on your back for five seconds"), // a number word the facts lack
        steps("Float on your back first"), // an ordinal the facts lack
        steps("Float on your back firstly"), // prefix ban: no forced "first…" words
        steps("Swim on a second day"), // exact ban on "second"
        steps("Swim for ten minutes"), // exact ban on "ten"
        steps("Swim in Paris"), // a capitalised name the facts lack
        steps("Swim tomorrow"), // a date word the facts lack
        steps("Monday: swim", "Swim", "Swim"), // a capitalised weekday the facts lack
        steps("Float <b>"), // markup
        steps("Float (again)"), // parentheses: asides were where outputs rambled on
        steps("Float ÿÿÿÿ"), // byte-fallback runs
        steps("Float {slot}"), // braces
        steps("> Float"), // leading symbol
        steps(" Float"), // leading space
        steps(""), // empty
        steps("Float  twice"), // double space
        steps("Float\\nnow"), // escapes other than a quote
        steps("Swim in The pool"), // capital mid-sentence that is not a specific
    ]

    static func grammar() throws -> String {
        try GrammarCompiler.compile(schema, options: GrammarOptions(groundedVocabulary: vocabulary)).gbnf
    }

    @Test func ourMatcherAcceptsGroundedTextOnly() throws {
        let grammar = try GBNFGrammar(parsing: Self.grammar())
        for text in Self.accepted {
            let accepted = grammar.accepts(text)
            #expect(accepted, "rejects \(text)")
        }
        for text in Self.rejected {
            let accepted = grammar.accepts(text)
            #expect(!accepted, "accepts \(text)")
        }
    }

    @Test func llamaCppAgrees() throws {
        let checker = try LlamaGrammarChecker()
        let grammar = try Self.grammar()
        for text in Self.accepted {
            #expect(try checker.check(grammar: grammar, input: text) == .accepted, "llama.cpp rejects \(text)")
        }
        for text in Self.rejected {
            #expect(try checker.check(grammar: grammar, input: text) == .rejected, "llama.cpp accepts \(text)")
        }
    }

    @Test func reportSaysWhatIsEnforced() throws {
        let report = try GrammarCompiler.compile(
            Self.schema, options: GrammarOptions(groundedVocabulary: Self.vocabulary)
        ).report
        let item = "/properties/steps/items"
        #expect(
            report.entries.contains {
                $0.pointer.description == item && $0.keyword == "grounded" && $0.disposition == .enforced
            })
        #expect(
            report.entries.contains { $0.pointer.description == item + "/maxLength" && $0.disposition == .checkedAfter }
        )
        #expect(
            report.entries.contains { $0.pointer.description == item + "/minLength" && $0.disposition == .enforced })
    }

    @Test func withoutVocabularyStringsStayPlain() throws {
        let plain = try GrammarCompiler.compile(Self.schema).gbnf
        #expect(!plain.contains("gt-"))
        #expect(try GBNFGrammar(parsing: plain).accepts(Self.steps("Swim for 55 minutes with Paris")))
    }

    @Test func patternedAndEnumeratedStringsAreNotGrounded() throws {
        let schema = GenerationSchema(
            root: SchemaNode(
                .object(
                    ObjectConstraints([
                        .init("code", SchemaNode(.string(StringConstraints(pattern: "^[0-9]{3}$")))),
                        .init("mood", SchemaNode(.choice(["Happy", "Sad"]))),
                    ]))))
        let grammar = try GBNFGrammar(
            parsing: GrammarCompiler.compile(schema, options: GrammarOptions(groundedVocabulary: Self.vocabulary)).gbnf)
        #expect(grammar.accepts(#"{"code":"123","mood":"Happy"}"#))
    }

    @Test func groundedGrammarsAreNotCached() throws {
        let first = try GrammarCompiler.cachedCompile(
            Self.schema, options: GrammarOptions(groundedVocabulary: Self.vocabulary))
        var other = Self.vocabulary
        other.specifics.append("77")
        let second = try GrammarCompiler.cachedCompile(Self.schema, options: GrammarOptions(groundedVocabulary: other))
        #expect(first.gbnf != second.gbnf)
        #expect(try GBNFGrammar(parsing: second.gbnf).accepts(Self.steps("Swim 77 lengths")))
    }
}
