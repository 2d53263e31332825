extension GenerationSchema {
    /// The JSON Schema dialect the exporter writes.
    package static let jsonSchemaDialect = "https://json-schema.org/draft/2020-12/schema"

    /// The schema as a JSON Schema (draft 2020-12) document. Reading it back with
    /// ``fromJSONSchema(_:options:)`` gives an equal schema; property order is kept, and the
    /// schema's ``examples`` are written as `x-guided-examples` and its ``adapter`` as
    /// `x-guided-adapter`.
    public func jsonSchema(includeDialect: Bool = true) -> GeneratedContent {
        var document = JSONSchemaExporter.content(root)
        if document.properties == nil, !definitions.isEmpty {
            // `false` cannot carry `$defs`: write the same schema in its object form.
            document = GeneratedContent(kind: .object([.init("not", GeneratedContent(kind: .object([])))]))
        }
        guard var properties = document.properties else {
            return document
        }
        if includeDialect { properties.insert(.init("$schema", GeneratedContent(Self.jsonSchemaDialect)), at: 0) }
        if !definitions.isEmpty {
            properties.append(
                .init(
                    "$defs",
                    GeneratedContent(
                        kind: .object(
                            definitions.map {
                                .init($0.name, JSONSchemaExporter.content($0.node))
                            }))))
        }
        if !examples.isEmpty {
            properties.append(.init(JSONSchemaExamples.keyword, GeneratedContent(elements: examples.map(\.written))))
        }
        if let adapter { properties.append(.init(JSONSchemaAdapter.keyword, GeneratedContent(adapter.name))) }
        document.kind = .object(properties)
        return document
    }
}

extension Example where Output == GeneratedContent {
    /// The example in Guided's written form (`{"input", "facts", "output"}`), as
    /// ``list(from:at:checkedAgainst:)`` reads it; empty parts left out.
    var written: GeneratedContent {
        var fields: [(String, GeneratedContent)] = []
        if !input.isEmpty { fields.append(("input", GeneratedContent(input))) }
        if !grounding.isEmpty {
            fields.append(("facts", GeneratedContent(elements: grounding.map { GeneratedContent($0) })))
        }
        fields.append(("output", content))
        return GeneratedContent(properties: fields)
    }
}

/// Writes schema nodes as JSON Schema.
enum JSONSchemaExporter {
    /// `#/$defs/NAME` with NAME escaped as a JSON Pointer token and percent-encoded where URIs need it.
    static func referenceText(_ name: String) -> String {
        let token = JSONPointer(tokens: ["$defs", name]).description
        var out = "#"
        for byte in token.utf8 {
            let c = Character(Unicode.Scalar(byte))
            if byte < 0x80, c.isLetter || c.isNumber || "-._~/$!&'()*+,;=:@".contains(c) {
                out.append(c)
            } else {
                out += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return out
    }

    static func content(_ node: SchemaNode) -> GeneratedContent {
        if node.title == nil, node.description == nil {
            if node.kind == .any { return GeneratedContent(kind: .object([])) }
            if node.kind == .nothing { return false }
        }
        var out: [GeneratedContent.Property] = []
        if let title = node.title { out.append(.init("title", GeneratedContent(title))) }
        if let description = node.description { out.append(.init("description", GeneratedContent(description))) }
        append(node.kind, to: &out)
        return GeneratedContent(kind: .object(out))
    }

    private static func append(_ kind: SchemaNode.Kind, to out: inout [GeneratedContent.Property]) {
        switch kind {
        case .any: break
        case .nothing: out.append(.init("not", GeneratedContent(kind: .object([]))))
        case .null: out.append(.init("type", "null"))
        case .boolean: out.append(.init("type", "boolean"))
        case .string(let c):
            out.append(.init("type", "string"))
            appendString(c, to: &out)
        case .integer(let b):
            out.append(.init("type", "integer"))
            appendBounds(b, to: &out)
        case .number(let b):
            out.append(.init("type", "number"))
            appendBounds(b, to: &out)
        case .array(let c):
            out.append(.init("type", "array"))
            appendArray(c, to: &out)
        case .object(let c):
            out.append(.init("type", "object"))
            appendObject(c, to: &out)
        case .constant(let value): out.append(.init("const", value))
        case .choice(let values): out.append(.init("enum", GeneratedContent(elements: values)))
        case .anyOf(let branches):
            if let nullable = nullableTypeForm(branches) {
                out += nullable
            } else {
                out.append(.init("anyOf", GeneratedContent(elements: branches.map(content))))
            }
        case .oneOf(let branches): out.append(.init("oneOf", GeneratedContent(elements: branches.map(content))))
        case .allOf(let branches): out.append(.init("allOf", GeneratedContent(elements: branches.map(content))))
        case .reference(let name): out.append(.init("$ref", GeneratedContent(referenceText(name))))
        case .not(let negated): out.append(.init("not", content(negated)))
        case .conditional(let condition, let then, let otherwise):
            out.append(.init("if", content(condition)))
            if then != .any { out.append(.init("then", content(then))) }
            if otherwise != .any { out.append(.init("else", content(otherwise))) }
        case .dynamicReference(let reference):
            // One document without resources cannot say which resource's anchor wins: the
            // export names the reference's static target (the validator resolves it dynamically).
            out.append(.init("$ref", GeneratedContent(referenceText(reference.definition))))
        case .dynamicScope(_, let inner): append(inner.kind, to: &out)
        case .unevaluated(let inner, let unevaluated):
            if case .object(let properties) = content(SchemaNode(inner.kind)).kind {
                out += properties
            } else {
                out.append(.init("allOf", [content(SchemaNode(inner.kind))]))
            }
            if let node = unevaluated.properties { out.append(.init("unevaluatedProperties", content(node))) }
            if let node = unevaluated.items { out.append(.init("unevaluatedItems", content(node))) }
        }
    }

    /// `{"type": [T, "null"], …}` for `anyOf [T, null]` where T is a plain typed node, the form
    /// JSON Schema users write for nullable values; the importer reads it back as the same anyOf.
    private static func nullableTypeForm(_ branches: [SchemaNode]) -> [GeneratedContent.Property]? {
        guard branches.count == 2, branches[1] == .null, branches[0].title == nil, branches[0].description == nil else {
            return nil
        }
        var typed: [GeneratedContent.Property] = []
        append(branches[0].kind, to: &typed)
        guard let typeIndex = typed.firstIndex(where: { $0.name == "type" }),
            let name = typed[typeIndex].value.stringValue,
            name != "null"
        else { return nil }
        typed[typeIndex].value = [GeneratedContent(name), "null"]
        return typed
    }

    private static func appendString(_ c: StringConstraints, to out: inout [GeneratedContent.Property]) {
        if let v = c.minLength { out.append(.init("minLength", GeneratedContent(v))) }
        if let v = c.maxLength { out.append(.init("maxLength", GeneratedContent(v))) }
        if let v = c.pattern { out.append(.init("pattern", GeneratedContent(v))) }
        if let v = c.format { out.append(.init("format", GeneratedContent(v.rawValue))) }
    }

    private static func appendBounds(_ b: NumericBounds, to out: inout [GeneratedContent.Property]) {
        if let v = b.minimum { out.append(.init("minimum", GeneratedContent(kind: .number(v)))) }
        if let v = b.exclusiveMinimum { out.append(.init("exclusiveMinimum", GeneratedContent(kind: .number(v)))) }
        if let v = b.maximum { out.append(.init("maximum", GeneratedContent(kind: .number(v)))) }
        if let v = b.exclusiveMaximum { out.append(.init("exclusiveMaximum", GeneratedContent(kind: .number(v)))) }
        if let v = b.multipleOf { out.append(.init("multipleOf", GeneratedContent(kind: .number(v)))) }
    }

    private static func appendArray(_ c: ArrayConstraints, to out: inout [GeneratedContent.Property]) {
        if !c.prefixItems.isEmpty {
            out.append(.init("prefixItems", GeneratedContent(elements: c.prefixItems.map(content))))
        }
        if c.items != .any || !c.itemsOmitted { out.append(.init("items", content(c.items))) }
        if let v = c.minItems { out.append(.init("minItems", GeneratedContent(v))) }
        if let v = c.maxItems { out.append(.init("maxItems", GeneratedContent(v))) }
        if c.uniqueItems { out.append(.init("uniqueItems", true)) }
        if let contains = c.contains { out.append(.init("contains", content(contains))) }
        if let v = c.minContains { out.append(.init("minContains", GeneratedContent(v))) }
        if let v = c.maxContains { out.append(.init("maxContains", GeneratedContent(v))) }
    }

    private static func appendObject(_ c: ObjectConstraints, to out: inout [GeneratedContent.Property]) {
        if !c.properties.isEmpty {
            out.append(
                .init(
                    "properties",
                    GeneratedContent(kind: .object(c.properties.map { .init($0.name, content($0.schema)) }))))
        }
        let required = c.properties.filter(\.isRequired).map(\.name) + c.additionalRequired
        if !required.isEmpty {
            out.append(.init("required", GeneratedContent(elements: required.map { GeneratedContent($0) })))
        }
        if !c.patternProperties.isEmpty {
            out.append(
                .init(
                    "patternProperties",
                    GeneratedContent(kind: .object(c.patternProperties.map { .init($0.pattern, content($0.schema)) }))))
        }
        if c.additionalProperties != .any || !c.additionalPropertiesOmitted {
            out.append(.init("additionalProperties", content(c.additionalProperties)))
        }
        if c.propertyNames != .any { out.append(.init("propertyNames", content(c.propertyNames))) }
        if let v = c.minProperties { out.append(.init("minProperties", GeneratedContent(v))) }
        if let v = c.maxProperties { out.append(.init("maxProperties", GeneratedContent(v))) }
        if !c.dependentRequired.isEmpty {
            out.append(
                .init(
                    "dependentRequired",
                    GeneratedContent(
                        kind: .object(
                            c.dependentRequired.map {
                                .init($0.property, GeneratedContent(elements: $0.required.map { GeneratedContent($0) }))
                            }))))
        }
        if !c.dependentSchemas.isEmpty {
            out.append(
                .init(
                    "dependentSchemas",
                    GeneratedContent(kind: .object(c.dependentSchemas.map { .init($0.property, content($0.schema)) }))))
        }
    }
}
