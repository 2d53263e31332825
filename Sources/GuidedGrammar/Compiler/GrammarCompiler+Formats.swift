import GuidedSchema

extension GrammarCompiler {
    /// Whether the grammar writes `string` where it enforces `format` (a string schema without
    /// a pattern): false for the valid forms the format's grammar leaves out, which the lowering
    /// report's note names (a leap second at a non-zero offset, a quoted email local part, …);
    /// nil when the grammar does not shape the format and the validator checks it after.
    package static func formatGrammarWrites(_ string: String, format: StringFormat) -> Bool? {
        FormatShapes.writes(string, as: format)
    }
}
