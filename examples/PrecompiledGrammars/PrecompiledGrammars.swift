import GuidedSchema

/// An app target whose types come from schema files: the `GuidedGrammarPlugin` build plugin
/// turns `StepSuggestions.schema.json` into the `StepSuggestions` struct (declared in the
/// `Generable` DSL) with its grammar compiled at build time, so the app neither writes the type
/// nor compiles the grammar at run time.
public enum BuildTimeGrammars {
    /// StepSuggestions' GBNF grammar, compiled when this target was built.
    public static let stepSuggestions = StepSuggestions.precompiledGrammar
    /// StepSuggestions' schema, as the generated type declares it.
    public static let stepSuggestionsSchema = StepSuggestions.generationSchema
}
