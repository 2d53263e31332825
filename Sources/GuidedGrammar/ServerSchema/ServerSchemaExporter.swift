import GuidedSchema

/// JSON Schema for servers that take a schema instead of a grammar.
package enum ServerSchemaDialect: String, Sendable, Hashable, CaseIterable {
    /// The schema as is, for servers that convert it to a grammar themselves (Ollama `format`,
    /// llama-server `json_schema`).
    case plain
    /// OpenAI-compatible `response_format` strict mode: every property required (optional ones
    /// become nullable), `additionalProperties: false` everywhere, an object at the root.
    case openAIStrict = "openai-strict"
}

/// A schema ready for a server, with the report of what that server will and will not enforce.
package struct ServerSchema: Sendable, Hashable {
    /// The JSON Schema document to send.
    public var document: GeneratedContent
    /// What happens to each keyword on that server.
    public var report: LoweringReport
    /// Properties that were optional in the schema and were made required-but-nullable for the
    /// server (JSON Pointers of the objects' property schemas): a `null` there means "absent",
    /// and `ServerSchema.restoringOptionals(in:)` removes it before validation.
    package var nullableOptionals: [JSONPointer]

    /// The server's output with the `null`s that stand for absent optional properties removed,
    /// so it validates against the original schema.
    public func restoringOptionals(in value: GeneratedContent) -> GeneratedContent {
        nullableOptionals.isEmpty ? value : Self.strip(value, at: .root, optionals: Set(nullableOptionals))
    }

    private static func strip(_ value: GeneratedContent, at pointer: JSONPointer, optionals: Set<JSONPointer>)
        -> GeneratedContent
    {
        switch value.kind {
        case .object(let properties):
            return GeneratedContent(
                kind: .object(
                    properties.compactMap { property in
                        let child = pointer.appending(property.name)
                        if property.value.isNull && optionals.contains(child) { return nil }
                        return .init(property.name, strip(property.value, at: child, optionals: optionals))
                    }))
        case .array(let elements):
            return GeneratedContent(
                elements: elements.enumerated().map { strip($1, at: pointer.appending($0), optionals: optionals) })
        default: return value
        }
    }
}

extension GenerationSchema {
    /// This schema as JSON Schema for a server of the given dialect, with its lowering report.
    ///
    /// With `groundedDecoding`, the report says where grounded decoding lands: JSON Schema cannot
    /// restrict a free-text string's numbers, dates, ordinals and names to a request's facts, so
    /// each such string is recorded as `grounded` *checked after* (by the grounding validator),
    /// where a GBNF grammar records it as enforced.
    package func serverSchema(_ dialect: ServerSchemaDialect, groundedDecoding: Bool = false) -> ServerSchema {
        var exporter = ServerSchemaExporter(dialect: dialect, schema: self, groundedDecoding: groundedDecoding)
        let root = exporter.transform(root, at: .root, instance: .root)
        let definitions = self.definitions.map {
            Definition(
                $0.name, exporter.transform($0.node, at: JSONPointer(tokens: ["$defs", $0.name]), instance: nil))
        }
        if dialect == .openAIStrict, !root.isObjectNode(in: self) {
            exporter.record(.root, "type", .unsupported, "strict mode needs an object at the root")
        }
        return ServerSchema(
            document: GenerationSchema(root: root, definitions: definitions).jsonSchema(
                includeDialect: dialect == .plain),
            report: LoweringReport(target: "json-schema:\(dialect.rawValue)", entries: exporter.entries),
            nullableOptionals: exporter.nullableOptionals)
    }
}

extension SchemaNode {
    fileprivate func isObjectNode(in schema: GenerationSchema) -> Bool {
        switch kind {
        case .object: return true
        case .reference(let name): return schema.definition(named: name).map { $0.isObjectNode(in: schema) } ?? false
        default: return false
        }
    }
}

/// Rewrites a schema for a server dialect and records what the server enforces.
struct ServerSchemaExporter {
    let dialect: ServerSchemaDialect
    let schema: GenerationSchema
    var groundedDecoding = false
    var entries: [LoweringReport.Entry] = []
    var nullableOptionals: [JSONPointer] = []

    mutating func record(
        _ pointer: JSONPointer, _ keyword: String, _ disposition: LoweringReport.Disposition, _ note: String = ""
    ) {
        entries.append(.init(pointer, keyword, disposition, note))
    }

    /// `instance` is the instance pointer for values under the root (nil inside definitions,
    /// where optional properties cannot be tracked to one place).
    mutating func transform(_ node: SchemaNode, at pointer: JSONPointer, instance: JSONPointer?) -> SchemaNode {
        var result = node
        let serverNote =
            dialect == .plain
            ? "enforced by the server's own converter; checked after as well"
            : "sent; strict-mode servers may ignore it; checked after"
        switch node.kind {
        case .string(let c):
            for (keyword, present) in [
                ("minLength", c.minLength != nil), ("maxLength", c.maxLength != nil), ("pattern", c.pattern != nil),
                ("format", c.format != nil),
            ] where present {
                let beyond =
                    keyword.hasSuffix("Length")
                    && max(c.minLength ?? 0, c.maxLength ?? 0) > GrammarOptions.maximumRepetition
                record(
                    pointer.appending(keyword), keyword, .checkedAfter,
                    beyond ? "beyond llama.cpp's repetition limit" : serverNote)
            }
            if groundedDecoding, c.pattern == nil, c.format == nil {
                record(
                    pointer, "grounded", .checkedAfter,
                    "a server schema cannot restrict specifics to the facts: the grounding validator checks them")
            }
        case .integer(let b), .number(let b):
            for (keyword, value) in [
                ("minimum", b.minimum), ("maximum", b.maximum), ("exclusiveMinimum", b.exclusiveMinimum),
                ("exclusiveMaximum", b.exclusiveMaximum), ("multipleOf", b.multipleOf),
            ] where value != nil {
                record(pointer.appending(keyword), keyword, .checkedAfter, serverNote)
            }
        case .array(var c):
            if c.minItems != nil { record(pointer.appending("minItems"), "minItems", .checkedAfter, serverNote) }
            if c.maxItems != nil { record(pointer.appending("maxItems"), "maxItems", .checkedAfter, serverNote) }
            for (keyword, present) in [("uniqueItems", c.uniqueItems), ("contains", c.contains != nil)] where present {
                record(
                    pointer.appending(keyword), keyword, .checkedAfter,
                    dialect == .openAIStrict ? "strict mode has no \(keyword): not sent, checked after" : serverNote)
            }
            if dialect == .openAIStrict {
                (c.uniqueItems, c.contains, c.minContains, c.maxContains) = (false, nil, nil, nil)
            }
            c.prefixItems = c.prefixItems.enumerated().map {
                transform($1, at: pointer.appending("prefixItems").appending($0), instance: instance?.appending($0))
            }
            c.items = transform(c.items, at: pointer.appending("items"), instance: nil)
            result.kind = .array(c)
        case .object(var c):
            record(
                pointer.appending("properties"), "properties", .enforced,
                "key order is the server's (llama.cpp writes required keys first)")
            let extra: [(String, Bool)] = [
                ("patternProperties", !c.patternProperties.isEmpty), ("propertyNames", c.propertyNames.kind != .any),
                ("minProperties", c.minProperties != nil), ("maxProperties", c.maxProperties != nil),
                ("dependentRequired", !c.dependentRequired.isEmpty), ("dependentSchemas", !c.dependentSchemas.isEmpty),
            ]
            for (keyword, present) in extra where present {
                record(
                    pointer.appending(keyword), keyword, .checkedAfter,
                    dialect == .openAIStrict ? "strict mode has no \(keyword): not sent, checked after" : serverNote)
            }
            if dialect == .openAIStrict {
                (c.patternProperties, c.propertyNames, c.minProperties, c.maxProperties) = ([], .any, nil, nil)
                (c.dependentRequired, c.dependentSchemas) = ([], [])
            }
            c.properties = c.properties.map { property in
                var copy = property
                let propertyPointer = pointer.appending("properties").appending(property.name)
                copy.schema = transform(
                    property.schema, at: propertyPointer, instance: instance?.appending(property.name))
                if dialect == .openAIStrict && !property.isRequired {
                    copy.isRequired = true
                    if copy.schema.kind != .null, !isNullable(copy.schema) { copy.schema = copy.schema.nullable }
                    record(
                        propertyPointer, "required", .enforced,
                        "optional property sent as required and nullable; null means absent")
                    if let path = instance?.appending(property.name) { nullableOptionals.append(path) }
                }
                return copy
            }
            if dialect == .openAIStrict {
                if c.properties.isEmpty && c.additionalProperties.kind != .nothing {
                    record(
                        pointer.appending("additionalProperties"), "additionalProperties", .unsupported,
                        "strict mode cannot express an open map")
                }
                c.additionalProperties = .nothing
            } else {
                c.additionalProperties = transform(
                    c.additionalProperties, at: pointer.appending("additionalProperties"), instance: nil)
            }
            result.kind = .object(c)
        case .anyOf(let branches):
            result.kind = .anyOf(
                branches.enumerated().map {
                    transform($1, at: pointer.appending("anyOf").appending($0), instance: instance)
                })
        case .oneOf(let branches):
            let transformed = branches.enumerated().map {
                transform($1, at: pointer.appending("oneOf").appending($0), instance: instance)
            }
            if dialect == .openAIStrict {
                record(pointer, "oneOf", .checkedAfter, "strict mode has no oneOf: sent as anyOf")
                result.kind = .anyOf(transformed)
            } else {
                result.kind = .oneOf(transformed)
            }
        case .allOf(let branches):
            if dialect == .openAIStrict, let merged = AllOfMerger(schema: schema).merge(branches) {
                record(pointer, "allOf", .enforced, "merged: strict mode has no allOf")
                result = transform(merged, at: pointer, instance: instance)
            } else {
                if dialect == .openAIStrict {
                    record(pointer, "allOf", .unsupported, "strict mode has no allOf and the branches do not merge")
                }
                result.kind = .allOf(
                    branches.enumerated().map {
                        transform($1, at: pointer.appending("allOf").appending($0), instance: instance)
                    })
            }
        case .not(let negated):
            if dialect == .openAIStrict {
                record(
                    pointer.appending("not"), "not", .checkedAfter, "strict mode has no not: not sent, checked after")
                result.kind = .any
            } else {
                record(pointer.appending("not"), "not", .checkedAfter, serverNote)
                result.kind = .not(transform(negated, at: pointer.appending("not"), instance: nil))
            }
        case .conditional(let condition, let then, let otherwise):
            if dialect == .openAIStrict {
                record(
                    pointer.appending("if"), "if", .checkedAfter,
                    "strict mode has no if/then/else: not sent, checked after")
                result.kind = .any
            } else {
                record(pointer.appending("if"), "if", .checkedAfter, serverNote)
                result.kind = .conditional(
                    if: transform(condition, at: pointer.appending("if"), instance: nil),
                    then: transform(then, at: pointer.appending("then"), instance: instance),
                    else: transform(otherwise, at: pointer.appending("else"), instance: instance))
            }
        case .dynamicReference(let reference):
            record(
                pointer.appending("$dynamicRef"), "$dynamicRef", .checkedAfter,
                "sent as a $ref to its static target; the dynamic target is checked after")
            result.kind = .reference(reference.definition)
        case .dynamicScope(_, let inner):
            result = transform(inner, at: pointer, instance: instance)
        case .unevaluated(let inner, let unevaluated):
            for (keyword, present) in [
                ("unevaluatedProperties", unevaluated.properties != nil),
                ("unevaluatedItems", unevaluated.items != nil),
            ] where present {
                record(
                    pointer.appending(keyword), keyword, .checkedAfter,
                    dialect == .openAIStrict ? "strict mode has no \(keyword): not sent, checked after" : serverNote)
            }
            let transformed = transform(inner, at: pointer, instance: instance)
            result.kind = dialect == .openAIStrict ? transformed.kind : .unevaluated(transformed, unevaluated)
        default: break
        }
        return result
    }

    private func isNullable(_ node: SchemaNode) -> Bool {
        if case .anyOf(let branches) = node.kind { return branches.contains { $0.kind == .null } }
        return false
    }
}
