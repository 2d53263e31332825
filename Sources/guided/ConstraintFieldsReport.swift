import GuidedGrammar
import GuidedOpenAI
import GuidedSchema

/// The part of `guided schema` that says, per backend kind and engine dialect, which request
/// field the constraint travels in and how much of the schema is enforced there: the grammar's
/// report where Guided's GBNF is sent, the server schema's where only JSON Schema is.
enum ConstraintFieldsReport {
    static func text(for schema: GenerationSchema, grammar: LoweringReport) -> String {
        let plain = schema.serverSchema(.plain).report
        let strict = schema.serverSchema(.openAIStrict).report
        var rows: [(String, String, String)] = [
            ("llama-server, managed-llama-server", "grammar", "Guided's GBNF: " + summary(grammar))
        ]
        for dialect in OpenAICompatibleDialect.all {
            let what: String
            switch dialect {
            case .vLLM, .sgLang: what = "Guided's GBNF, read by XGrammar: " + summary(grammar)
            case .llamaCpp: what = "Guided's GBNF, read by llama.cpp: " + summary(grammar)
            case .tgi: what = "JSON Schema (a regex for a patterned string): " + summary(plain)
            default: what = "strict JSON Schema: " + summary(strict)
            }
            var row = what
            if let setting = dialect.whitespaceSetting { row += "; whitespace: \(setting)" }
            rows.append(("openai-compatible, dialect \(dialect.name)", dialect.constraintField, row))
        }
        rows.append(("ollama", "format", "JSON Schema: " + summary(plain)))
        let width = rows.map(\.0.count).max() ?? 0
        let fieldWidth = rows.map(\.1.count).max() ?? 0
        func padded(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: width - text.count) }
        let lines = rows.map { kind, field, what in
            "  " + padded(kind, width) + "  " + padded(field, fieldWidth) + "  " + what
        }
        return (["constraint field per backend (every output is also validated in full after generation):"] + lines)
            .joined(separator: "\n")
    }

    /// `N enforced, M checked after`.
    static func summary(_ report: LoweringReport) -> String {
        let enforced = report.entries(.enforced).count
        let after = report.entries(.checkedAfter).count
        return "\(enforced) enforced, \(after) checked after"
    }
}
