import GuidedPatterns
import GuidedSchema

/// A format's shape translated to GBNF once per process and replayed into every grammar that
/// uses it: translating the larger shapes (`uri`, `ipv6`) costs milliseconds, far more than
/// copying their rules.
struct FormatRuleTemplate: Sendable {
    /// The helper rules in creation order, their references to one another written as
    /// placeholders (``placeholder(_:)``).
    private let rules: [(name: String, body: String)]
    /// The content expression, with placeholders for the helper rules.
    private let content: String

    /// The translation of `pattern`, with helper rules named from `prefix`; nil when the
    /// translator refuses the pattern.
    init?(_ pattern: RegexPattern, prefix: String) {
        var sink = RecordingSink()
        guard
            let content = try? RegexGrammarTranslator.contentExpression(
                for: pattern, ruleNamePrefix: prefix, rules: &sink)
        else { return nil }
        self.rules = sink.rules
        self.content = content
    }

    /// Defines the helper rules in `grammar` under the names it gives them and returns the
    /// content expression referring to them.
    func define(in grammar: inout GBNFRules) -> String {
        var names: [String] = []
        func resolved(_ text: String) -> String {
            var text = text
            for (index, name) in names.enumerated() {
                text = text.replacing(Self.placeholder(index), with: name)
            }
            return text
        }
        for rule in rules { names.append(grammar.addRule(named: rule.name, body: resolved(rule.body))) }
        return resolved(content)
    }

    /// A stand-in for the `index`th helper rule's name: the shapes are ASCII, so `⟨` never
    /// occurs in their GBNF otherwise.
    static func placeholder(_ index: Int) -> String { "⟨\(index)⟩" }

    /// Records the translator's rules with placeholder names.
    private struct RecordingSink: GBNFRuleSink {
        var rules: [(name: String, body: String)] = []

        mutating func addRule(named suggestedName: String, body: String) -> String {
            if let existing = rules.firstIndex(where: { $0.body == body }) {
                return FormatRuleTemplate.placeholder(existing)
            }
            rules.append((suggestedName, body))
            return FormatRuleTemplate.placeholder(rules.count - 1)
        }
    }
}
