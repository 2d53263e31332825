import GuidedCodegen
import GuidedGrammar
import GuidedJSON
import GuidedSchema
import Testing

/// The types the build plugin generated from `Schemas/*.schema.json` while this test target was
/// built: their schemas are the files' schemas, and their precompiled grammars are exactly what
/// the compiler gives their schemas at run time.
@Suite struct GeneratedTypeTests {
    static let directory = "/" + #filePath.split(separator: "/").dropLast().joined(separator: "/") + "/Schemas/"

    static func file(_ name: String) throws -> GenerationSchema {
        try SchemaFile.load(directory + name + ".schema.json").schema
    }

    @Test func canonicalFilesGiveTypesWithExactlyTheFilesSchema() throws {
        #expect(StepSuggestions.generationSchema == (try Self.file("StepSuggestions")))
        #expect(RewrittenNotification.generationSchema == (try Self.file("RewrittenNotification")))
    }

    @Test func theToolsDeclaredSchemaIsTheDSLsSchema() throws {
        for (name, schema) in [
            ("JournalEntry", JournalEntry.generationSchema), ("StepSuggestions", StepSuggestions.generationSchema),
        ] {
            let declaration = try DeclarationBuilder().declaration(named: name, for: try Self.file(name))
            #expect(declaration.declaredSchema == schema, "\(name)")
        }
    }

    @Test func precompiledGrammarsAreTheRunTimeCompilersGrammars() throws {
        #expect(
            StepSuggestions.precompiledGrammar == (try GrammarCompiler.compile(StepSuggestions.generationSchema).gbnf))
        #expect(
            RewrittenNotification.precompiledGrammar
                == (try GrammarCompiler.compile(RewrittenNotification.generationSchema).gbnf))
        #expect(JournalEntry.precompiledGrammar == (try GrammarCompiler.compile(JournalEntry.generationSchema).gbnf))
        _ = try GBNFGrammar(parsing: JournalEntry.precompiledGrammar)
    }

    @Test func aGeneratedTypeIsAnOrdinaryGenerableValue() throws {
        let entry = JournalEntry(
            date: "2026-03-01", text: "Fed the starter twice", mood: "steady", kind: "entry", minutes: 20, rating: 4.5,
            shared: false, tags: ["bread"], place: .init(name: "Kitchen"),
            steps: [.init(title: "Feed the starter", done: true)], default: "x", scores: [[1, 2]])
        #expect(JournalEntry.generationSchema.violations(of: entry.generatedContent).isEmpty)
        #expect(try JournalEntry(entry.generatedContent) == entry)
        let file = try Self.file("JournalEntry")
        #expect(
            file.violations(of: entry.generatedContent).isEmpty, "a value of the generated type fits the file's schema")
        #expect(JournalEntry.configuration.description == "One dated journal entry")
        #expect(JournalEntry.Step.configuration.description == "A step taken")
    }

    @Test func optionalPropertiesMayBeLeftOut() throws {
        let content: GeneratedContent = ["name": "Kitchen"]
        #expect(try JournalEntry.Place(content) == JournalEntry.Place(name: "Kitchen", city: nil))
    }
}
