/// Checks worked examples against the schema they travel with: an example that breaks its
/// schema would teach the model output the checks then reject, so it is refused where it is
/// declared, never sent.
enum ExampleCheck {
    /// One located error per example whose output breaks `schema`, at
    /// `/examples/<index>/output<violation pointer>` under `base`.
    static func problems(
        of examples: [Example<GeneratedContent>], against schema: GenerationSchema, in owner: String,
        base: JSONPointer = JSONPointer(tokens: ["examples"])
    ) -> [SchemaError] {
        examples.enumerated().compactMap { index, example in
            let violations = schema.violations(of: example.content)
            guard let first = violations.first else { return nil }
            return SchemaError(
                .invalidValue,
                "example \(index) of \(owner) does not fit its schema: "
                    + violations.map(\.description).joined(separator: "; "),
                remedy: "fix the example's output so it satisfies the schema, or remove it",
                at: JSONPointer(tokens: base.tokens + [String(index), "output"] + first.pointer.tokens))
        }
    }
}
