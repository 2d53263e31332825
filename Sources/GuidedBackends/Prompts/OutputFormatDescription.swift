import GuidedSchema

/// The output format in words, for an instruct model's system turn (``ChatPrompt``): each of the
/// root object's fields with its description and its limits, e.g.
/// `Answer in JSON. steps: Exactly three next steps, in the order to do them (3 items, each at
/// most 100 characters).`
///
/// A grammar makes the output valid whatever the model intends, but a model that knows the
/// limits writes within them: told nothing, Qwen2.5-Coder-1.5B wrote steps of 150 characters
/// and more, which grounded decoding cannot cut short (its strings' lengths are checked after
/// generation), so every candidate of a request was rejected. A base model reads
/// ``CompletionPrompt``'s shorter line instead, which its adapters were trained on.
enum OutputFormatDescription {
    /// The sentence for `schema`, or nil when its root is not an object.
    static func sentence(for schema: GenerationSchema) -> String? {
        guard case .object(let object) = resolved(schema.root, in: schema).kind else { return nil }
        let fields = object.properties.compactMap { property -> String? in
            let node = resolved(property.schema, in: schema)
            let limits = self.limits(of: node, in: schema)
            guard property.schema.description != nil || !limits.isEmpty else { return nil }
            var text = "\(property.name): " + (property.schema.description ?? node.description ?? "")
            if !limits.isEmpty { text += (text.hasSuffix(": ") ? "" : " ") + "(\(limits.joined(separator: ", ")))" }
            return text + "."
        }
        return (["Answer in JSON."] + fields).joined(separator: " ")
    }

    /// The limits of a field's value, as short phrases.
    static func limits(of node: SchemaNode, in schema: GenerationSchema) -> [String] {
        switch node.kind {
        case .string(let constraints): return stringLimits(constraints)
        case .array(let constraints):
            var phrases: [String] = []
            switch (constraints.minItems, constraints.maxItems) {
            case (let low?, let high?) where low == high: phrases.append("\(low) item\(low == 1 ? "" : "s")")
            case (let low?, let high?): phrases.append("\(low) to \(high) items")
            case (nil, let high?): phrases.append("at most \(high) items")
            case (let low?, nil) where low > 0: phrases.append("at least \(low) items")
            default: break
            }
            if case .string(let item) = resolved(constraints.items, in: schema).kind {
                phrases += stringLimits(item).map { "each " + $0 }
            }
            return phrases
        case .choice(let values): return ["one of " + values.map { $0.jsonText() }.joined(separator: ", ")]
        default: return []
        }
    }

    static func stringLimits(_ constraints: StringConstraints) -> [String] {
        switch (constraints.minLength ?? 0, constraints.maxLength) {
        case (let low, let high?) where low > 1: ["\(low) to \(high) characters"]
        case (_, let high?): ["at most \(high) characters"]
        case (let low, nil) where low > 1: ["at least \(low) characters"]
        default: []
        }
    }

    static func resolved(_ node: SchemaNode, in schema: GenerationSchema) -> SchemaNode {
        if case .reference(let name) = node.kind, let target = schema.definition(named: name) { return target }
        return node
    }
}
