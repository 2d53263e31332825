public import GuidedSchema

extension CompiledGrammar {
    /// The schema this grammar actually enforces: `schema` without the constraints the report
    /// calls checked after generation. Every text the grammar accepts is valid against it
    /// (the grammar may be stricter still, under the documented policies).
    public func enforcedSchema(of schema: GenerationSchema) -> GenerationSchema {
        let relaxer = GrammarRelaxer(
            schema: schema,
            checkedAfter: Set(report.entries(.checkedAfter).map { Key(pointer: $0.pointer, keyword: $0.keyword) }))
        return GenerationSchema(
            root: relaxer.relax(schema.root, at: .root),
            definitions: schema.definitions.map {
                .init($0.name, relaxer.relax($0.node, at: JSONPointer(tokens: ["$defs", $0.name])))
            })
    }

    struct Key: Hashable {
        let pointer: JSONPointer
        let keyword: String
    }
}

/// Drops checked-after constraints, walking the schema with the compiler's pointer scheme.
struct GrammarRelaxer {
    let schema: GenerationSchema
    let checkedAfter: Set<CompiledGrammar.Key>

    private func dropped(_ pointer: JSONPointer, _ keyword: String) -> Bool {
        checkedAfter.contains(.init(pointer: pointer.appending(keyword), keyword: keyword))
            || checkedAfter.contains(.init(pointer: pointer, keyword: keyword))
    }

    func relax(_ node: SchemaNode, at pointer: JSONPointer) -> SchemaNode {
        var result = node
        switch node.kind {
        case .string(var c):
            if dropped(pointer, "minLength") { c.minLength = nil }
            if dropped(pointer, "maxLength") { c.maxLength = nil }
            if dropped(pointer, "pattern") { c.pattern = nil }
            if dropped(pointer, "format") { c.format = nil }
            result.kind = .string(c)
        case .integer(let b): result.kind = .integer(relax(b, at: pointer))
        case .number(let b): result.kind = .number(relax(b, at: pointer))
        case .array(var c):
            if dropped(pointer, "minItems") { c.minItems = nil }
            if dropped(pointer, "maxItems") { c.maxItems = nil }
            if dropped(pointer, "uniqueItems") { c.uniqueItems = false }
            if dropped(pointer, "contains") || dropped(pointer, "minContains") || dropped(pointer, "maxContains") {
                (c.contains, c.minContains, c.maxContains) = (nil, nil, nil)
            }
            c.prefixItems = c.prefixItems.enumerated().map {
                relax($1, at: pointer.appending("prefixItems").appending($0))
            }
            c.items = relax(c.items, at: pointer.appending("items"))
            result.kind = .array(c)
        case .object(var c):
            if !dropped(pointer, "patternProperties"), let merged = PatternPropertyMerge.properties(of: c, in: schema) {
                // Enforced by merging into the declared properties, as the compiler does.
                (c.properties, c.patternProperties) = (merged, [])
            }
            c.properties = c.properties.map { property in
                var copy = property
                copy.schema = relax(property.schema, at: pointer.appending("properties").appending(property.name))
                return copy
            }
            c.additionalProperties = relax(c.additionalProperties, at: pointer.appending("additionalProperties"))
            if dropped(pointer, "patternProperties") {
                c.patternProperties = []
            } else {
                // A mapped pattern's values were compiled at patternProperties/<pattern>.
                c.patternProperties = c.patternProperties.map { property in
                    var copy = property
                    copy.schema = relax(
                        property.schema, at: pointer.appending("patternProperties").appending(property.pattern))
                    return copy
                }
            }
            if dropped(pointer, "propertyNames") { c.propertyNames = .any }
            if dropped(pointer, "minProperties") { c.minProperties = nil }
            if dropped(pointer, "maxProperties") { c.maxProperties = nil }
            if dropped(pointer, "dependentRequired") { c.dependentRequired = [] }
            if dropped(pointer, "dependentSchemas") { c.dependentSchemas = [] }
            result.kind = .object(c)
        case .anyOf(let branches):
            result.kind = .anyOf(branches.enumerated().map { relax($1, at: pointer.appending("anyOf").appending($0)) })
        case .oneOf(let branches):
            let relaxed = branches.enumerated().map { relax($1, at: pointer.appending("oneOf").appending($0)) }
            result.kind = dropped(pointer, "oneOf") ? .anyOf(relaxed) : .oneOf(relaxed)
        case .allOf(let branches):
            if dropped(pointer, "allOf") {
                result = relax(branches[0], at: pointer.appending("allOf").appending(0))
            } else if let merged = AllOfMerger(schema: schema).merge(branches) {
                result = relax(merged, at: pointer)
            }
        case .not:
            if dropped(pointer, "not") { result.kind = .any }
        case .conditional:
            if dropped(pointer, "if") { result.kind = .any }
        case .dynamicReference(let reference):
            if dropped(pointer, "$dynamicRef") { result.kind = .reference(reference.definition) }
        case .dynamicScope(let scope, let inner):
            result.kind = .dynamicScope(scope, relax(inner, at: pointer))
        case .unevaluated(let inner, var unevaluated):
            if dropped(pointer, "unevaluatedProperties") { unevaluated.properties = nil }
            if dropped(pointer, "unevaluatedItems") { unevaluated.items = nil }
            let relaxed = relax(inner, at: pointer)
            result.kind =
                unevaluated.properties == nil && unevaluated.items == nil
                ? relaxed.kind : .unevaluated(relaxed, unevaluated)
        default: break
        }
        return result
    }

    private func relax(_ b: NumericBounds, at pointer: JSONPointer) -> NumericBounds {
        var b = b
        if dropped(pointer, "minimum") { b.minimum = nil }
        if dropped(pointer, "maximum") { b.maximum = nil }
        if dropped(pointer, "exclusiveMinimum") { b.exclusiveMinimum = nil }
        if dropped(pointer, "exclusiveMaximum") { b.exclusiveMaximum = nil }
        if dropped(pointer, "multipleOf") { b.multipleOf = nil }
        return b
    }
}
