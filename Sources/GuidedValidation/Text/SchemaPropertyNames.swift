import GuidedSchema

extension GenerationSchema {
    /// Every property name declared anywhere in the schema, definitions included, in order.
    var allPropertyNames: [String] {
        var names: [String] = []
        var seen: Set<String> = []
        func visit(_ node: SchemaNode) {
            switch node.kind {
            case .object(let constraints):
                for property in constraints.properties {
                    if seen.insert(property.name).inserted { names.append(property.name) }
                    visit(property.schema)
                }
                visit(constraints.additionalProperties)
            case .array(let constraints):
                constraints.prefixItems.forEach(visit)
                visit(constraints.items)
            case .anyOf(let branches), .oneOf(let branches), .allOf(let branches):
                branches.forEach(visit)
            case .dynamicScope(_, let inner), .unevaluated(let inner, _), .not(let inner):
                visit(inner)
            case .conditional(let condition, let then, let otherwise):
                [condition, then, otherwise].forEach(visit)
            case .any, .nothing, .null, .boolean, .string, .integer, .number, .constant, .choice, .reference,
                .dynamicReference:
                break
            }
        }
        visit(root)
        for definition in definitions { visit(definition.node) }
        return names
    }
}
