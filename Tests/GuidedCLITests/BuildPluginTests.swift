import CanonicalSchemas
import GuidedGrammar
import GuidedSchema
import PrecompiledGrammars
import Testing

/// The build plugin turned `examples/PrecompiledGrammars/StepSuggestions.schema.json` into a Swift
/// type while this package was built: the type is the hand-written declaration's twin, and its
/// embedded grammar is exactly what the compiler gives at run time.
@Suite struct BuildPluginTests {
    @Test func theGeneratedTypeIsTheHandWrittenDeclarationsTwin() throws {
        #expect(BuildTimeGrammars.stepSuggestionsSchema == CanonicalSchemas.StepSuggestions.generationSchema)
        #expect(
            PrecompiledGrammars.StepSuggestions(steps: ["a", "b", "c"]).generatedContent
                == CanonicalSchemas.StepSuggestions(steps: ["a", "b", "c"]).generatedContent)
    }

    @Test func theEmbeddedGrammarIsTheCompilersGrammar() throws {
        #expect(
            BuildTimeGrammars.stepSuggestions
                == (try GrammarCompiler.compile(CanonicalSchemas.StepSuggestions.generationSchema).gbnf))
        #expect(BuildTimeGrammars.stepSuggestions.hasSuffix("\n"))
        _ = try GBNFGrammar(parsing: BuildTimeGrammars.stepSuggestions)
    }
}
