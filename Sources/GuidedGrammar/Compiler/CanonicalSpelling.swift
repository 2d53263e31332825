import GuidedSchema

/// The spelling of a value that Guided's grammars generate: compact JSON with object keys in
/// schema order. Any valid value whose canonical spelling a grammar rejects is a bug; other
/// spellings of the same value (whitespace, key order, `1e2` for `100`) are policy.
package enum CanonicalSpelling {
    /// `value` as compact JSON with keys in the order `schema` declares them.
    public static func text(of value: GeneratedContent, in schema: GenerationSchema) -> String {
        ordered(value, schema.root, schema, depth: 0).jsonText()
    }

    private static func ordered(_ value: GeneratedContent, _ node: SchemaNode, _ schema: GenerationSchema, depth: Int)
        -> GeneratedContent
    {
        guard depth < 64 else { return value }
        switch node.kind {
        case .constant(let constant):
            return JSONEquality.equal(constant, value) ? constant : value
        case .choice(let options):
            return options.first { JSONEquality.equal($0, value) } ?? value
        case .reference(let name):
            guard let target = schema.definition(named: name) else { return value }
            return ordered(value, target, schema, depth: depth + 1)
        case .anyOf(let branches), .oneOf(let branches):
            let whole = { (branch: SchemaNode) in
                GenerationSchema(root: branch, definitions: schema.definitions).validates(value)
            }
            guard let branch = branches.first(where: whole) ?? branches.first else { return value }
            return ordered(value, branch, schema, depth: depth + 1)
        case .allOf(let branches):
            guard
                let object = branches.first(where: { if case .object = $0.kind { true } else { false } })
                    ?? branches.first
            else { return value }
            return ordered(value, object, schema, depth: depth + 1)
        case .object(let c):
            guard let properties = value.properties else { return value }
            var result: [GeneratedContent.Property] = []
            for declared in c.properties {
                if let present = properties.first(where: { $0.name == declared.name }) {
                    result.append(
                        .init(present.name, ordered(present.value, declared.schema, schema, depth: depth + 1)))
                }
            }
            for property in properties where c.property(named: property.name) == nil {
                result.append(
                    .init(property.name, ordered(property.value, c.additionalProperties, schema, depth: depth + 1)))
            }
            return GeneratedContent(kind: .object(result))
        case .array(let c):
            guard let elements = value.arrayValue else { return value }
            return GeneratedContent(
                elements: elements.enumerated().map { index, element in
                    ordered(
                        element, index < c.prefixItems.count ? c.prefixItems[index] : c.items, schema, depth: depth + 1)
                })
        default:
            return value
        }
    }
}
