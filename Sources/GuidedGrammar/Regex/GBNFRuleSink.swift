/// Where `RegexGrammarTranslator` puts auxiliary rules.
///
/// The translator calls ``addRule(named:body:)`` once per distinct rule it
/// needs and refers to the rule by the name the sink returns.
package protocol GBNFRuleSink {
    /// Records `name ::= body` and returns the actual rule name (the sink may
    /// dedupe identical bodies or suffix the name to keep it unique).
    /// `body` is a complete GBNF alternation.
    mutating func addRule(named suggestedName: String, body: String) -> String
}
