import CanonicalSchemas
import GuidedGrammar
import GuidedSchema
import PrecompiledGrammars
import Testing

/// The build plugin compiled `examples/PrecompiledGrammars/StepSuggestions.schema.json` while
/// this package was built; what it embedded is exactly what the compiler gives at run time.
@Suite struct BuildPluginTests {
    @Test func theEmbeddedGrammarIsTheCompilersGrammar() throws {
        #expect(PrecompiledGrammars.stepSuggestions == (try GrammarCompiler.compile(StepSuggestions.generationSchema).gbnf))
        #expect(PrecompiledGrammars.stepSuggestions.hasSuffix("\n"))
        #expect(PrecompiledGrammars.stepSuggestionsSchema == StepSuggestions.generationSchema.jsonSchema().jsonText())
        _ = try GBNFGrammar(parsing: PrecompiledGrammars.stepSuggestions)
    }
}
