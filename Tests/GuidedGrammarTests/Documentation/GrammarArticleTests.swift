import GuidedGrammar
import GuidedSchema
import Testing

// The code of GuidedGrammar's documentation articles (Sources/GuidedGrammar/GuidedGrammar.docc),
// compiled and run here so an article cannot drift from the API; ArticleCodeTests (in
// GuidedSchemaTests) fails when a `swift` block of an article is not found in a file under Tests/.

struct Reply: Generable {
    @Guide(description: "A one-line answer", .maximumLength(40)) var answer: String = ""
    @Guide(description: "How sure, from 1 to 5", .range(1...5)) var confidence: Int = 1
    @Guide(description: "A contact address, in any script", .format(.idnEmail)) var contact: String? = nil
}

@Suite struct GrammarArticleTests {
    @Test func compileAndReport() throws {
        let compiled = try GrammarCompiler.compile(Reply.generationSchema)
        print(compiled.gbnf)
        for entry in compiled.report.entries(.checkedAfter) {
            print(entry) // "#/properties/contact format: checked-after (…)"
        }
        #expect(compiled.gbnf.contains("root ::="))
        #expect(compiled.report.entries(.enforced).contains { $0.keyword == "maxLength" })
        #expect(compiled.report.entries(.checkedAfter).map(\.keyword) == ["format"])
    }

    @Test func checkTextAgainstTheGrammar() throws {
        let compiled = try GrammarCompiler.compile(Reply.generationSchema)
        let grammar = try GBNFGrammar(parsing: compiled.gbnf)
        let accepted = grammar.accepts(#"{"answer":"Tuesday at noon","confidence":4}"#) // true
        let tooSure = grammar.accepts(#"{"answer":"Tuesday at noon","confidence":9}"#) // false
        let started = grammar.acceptsPrefix(#"{"answer":"Tues"#) // true: it can still be finished
        #expect(accepted && !tooSure && started)
    }

    @Test func optionsAndServerSchemas() throws {
        let pretty = try GrammarCompiler.compile(
            Reply.generationSchema, options: GrammarOptions(whitespace: .pretty))
        let strict = Reply.generationSchema.serverSchema(.openAIStrict)
        print(strict.document.jsonText(.pretty)) // contact becomes required but nullable
        print(strict.report)
        #expect(pretty.gbnf != (try GrammarCompiler.compile(Reply.generationSchema)).gbnf)
        #expect(strict.nullableOptionals.map(\.description) == ["/contact"])
        #expect(
            strict.restoringOptionals(in: ["answer": "Yes", "confidence": 5, "contact": nil])
                == ["answer": "Yes", "confidence": 5])
    }

    @Test func schemasThatCannotBeCompiled() {
        let impossible = GenerationSchema(root: .string(StringConstraints(minLength: 5, maxLength: 2)))
        do {
            _ = try GrammarCompiler.compile(impossible)
            Issue.record("an unsatisfiable schema compiled")
        } catch {
            print(error) // "error: … (at #) — …"
            #expect(error.isUnsatisfiable)
        }
    }
}
