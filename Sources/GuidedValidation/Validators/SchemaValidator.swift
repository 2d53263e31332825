public import GuidedSchema

/// Rejects an output that breaks the context's schema, one rejection per violation.
///
/// Wraps `GenerationSchema.violations(of:)`: reason `"schema"`, pointer from the violation,
/// detail naming the broken keyword, what was expected and what came.
public struct SchemaValidator: OutputValidator {
    /// The validator; it has no settings: the schema comes from each ``ValidationContext``.
    public init() {}

    /// `"schema"`.
    public var name: String { "schema" }

    /// One rejection per schema violation.
    public func check(_ output: GeneratedContent, in context: ValidationContext) -> [Rejection] {
        context.schema.violations(of: output).map { violation in
            Rejection(
                validator: name, reason: "schema", pointer: violation.pointer,
                detail: "\(violation.keyword): expected \(violation.expected), got \(violation.excerpt)"
            )
        }
    }
}
