import GuidedSchema

/// The size of the smallest output a schema admits, to refuse requests whose token budget
/// cannot hold it (instead of getting back a truncated, invalid result).
package enum MinimumOutput {
    /// Characters in the shortest compact JSON text valid for `schema`.
    public static func characters(_ schema: GenerationSchema) -> Int {
        characters(schema.root, schema, depth: 0)
    }

    /// A lower estimate of the tokens that text takes (about four characters per token).
    public static func tokens(_ schema: GenerationSchema) -> Int {
        (characters(schema) + 3) / 4
    }

    private static func characters(_ node: SchemaNode, _ schema: GenerationSchema, depth: Int) -> Int {
        guard depth < 16 else { return 1 }
        switch node.kind {
        case .any, .integer, .number: return 1
        case .nothing: return 0
        case .null, .boolean: return 4
        case .string(let c): return 2 + (c.minLength ?? 0)
        case .constant(let value): return value.jsonText().count
        case .choice(let values): return values.map { $0.jsonText().count }.min() ?? 0
        case .anyOf(let branches), .oneOf(let branches):
            return branches.map { characters($0, schema, depth: depth + 1) }.min() ?? 0
        case .allOf(let branches): return branches.map { characters($0, schema, depth: depth + 1) }.max() ?? 0
        case .reference(let name):
            return schema.definition(named: name).map { characters($0, schema, depth: depth + 1) } ?? 1
        case .dynamicReference(let reference):
            return schema.definition(named: reference.definition).map { characters($0, schema, depth: depth + 1) } ?? 1
        case .dynamicScope(_, let inner), .unevaluated(let inner, _): return characters(inner, schema, depth: depth + 1)
        case .not, .conditional: return 1
        case .array(let c):
            let count = c.minItems ?? 0
            var total = 2
            for index in 0..<count {
                let item = index < c.prefixItems.count ? c.prefixItems[index] : c.items
                total += characters(item, schema, depth: depth + 1) + (index > 0 ? 1 : 0)
            }
            return total
        case .object(let c):
            let required = c.properties.filter(\.isRequired)
            var total = 2
            for (index, property) in required.enumerated() {
                total +=
                    JSONString.quoted(property.name).count + 1 + characters(property.schema, schema, depth: depth + 1)
                    + (index > 0 ? 1 : 0)
            }
            return total
        }
    }
}
