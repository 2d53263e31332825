/// Grammars compiled at build time by the `GuidedGrammarPlugin` build plugin from this folder's
/// `*.schema.json` files: an app ships them without compiling at run time.
public enum PrecompiledGrammars {
    /// StepSuggestions' GBNF grammar, compiled when this target was built.
    public static let stepSuggestions = StepSuggestionsGrammar.gbnf
    /// StepSuggestions' normalized JSON Schema.
    public static let stepSuggestionsSchema = StepSuggestionsGrammar.jsonSchema
}
