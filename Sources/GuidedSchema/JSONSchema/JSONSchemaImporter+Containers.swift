/// The keywords that constrain arrays and objects.
extension JSONSchemaImporter {
    // MARK: Arrays

    mutating func arrayConstraints(_ value: GeneratedContent, skipping skipped: Set<String>, at pointer: JSONPointer)
        throws(SchemaError) -> ArrayConstraints
    {
        func has(_ keyword: String) -> GeneratedContent? { skipped.contains(keyword) ? nil : value[keyword] }
        var result = ArrayConstraints(itemsOmitted: true)
        if let prefix = has("prefixItems") {
            result.prefixItems = try schemaList(prefix, keyword: "prefixItems", at: pointer)
        }
        if let items = has("items") {
            if items.arrayValue != nil {
                // Drafts before 2020-12: an array of `items` is a tuple, `additionalItems` the rest.
                result.prefixItems = try schemaList(items, keyword: "items", at: pointer)
                if let additional = has("additionalItems") {
                    result.items = try nested(additional, at: pointer.appending("additionalItems"))
                    result.itemsOmitted = false
                }
            } else {
                result.items = try nested(items, at: pointer.appending("items"))
                result.itemsOmitted = false
                if has("additionalItems") != nil {
                    try ignore(
                        "additionalItems", at: pointer.appending("additionalItems"),
                        "without an array of \"items\" it has no effect")
                }
            }
        } else if has("additionalItems") != nil {
            try ignore(
                "additionalItems", at: pointer.appending("additionalItems"),
                "without an array of \"items\" it has no effect")
        }
        result.minItems = try count(value, "minItems", skipping: skipped, at: pointer)
        result.maxItems = try count(value, "maxItems", skipping: skipped, at: pointer)
        if let unique = has("uniqueItems") {
            guard let flag = unique.boolValue else {
                throw invalid(
                    "uniqueItems must be true or false", at: pointer.appending("uniqueItems"),
                    remedy: "write \"uniqueItems\": true")
            }
            result.uniqueItems = flag
        }
        if let contains = has("contains") {
            result.contains = try nested(contains, at: pointer.appending("contains"))
            result.minContains = try count(value, "minContains", skipping: skipped, at: pointer)
            result.maxContains = try count(value, "maxContains", skipping: skipped, at: pointer)
        } else {
            for keyword in ["minContains", "maxContains"] where has(keyword) != nil {
                try ignore(keyword, at: pointer.appending(keyword), "without \"contains\" it has no effect")
            }
        }
        return result
    }

    private mutating func schemaList(_ list: GeneratedContent, keyword: String, at pointer: JSONPointer)
        throws(SchemaError) -> [SchemaNode]
    {
        guard let elements = list.arrayValue else {
            throw invalid(
                "\(keyword) must be an array of schemas", at: pointer.appending(keyword),
                remedy: "write \"\(keyword)\": [{…}]")
        }
        var nodes: [SchemaNode] = []
        for (index, element) in elements.enumerated() {
            nodes.append(try nested(element, at: pointer.appending(keyword).appending(index)))
        }
        return nodes
    }

    // MARK: Objects

    mutating func objectConstraints(_ value: GeneratedContent, skipping skipped: Set<String>, at pointer: JSONPointer)
        throws(SchemaError) -> ObjectConstraints
    {
        func has(_ keyword: String) -> GeneratedContent? { skipped.contains(keyword) ? nil : value[keyword] }
        var required: [String] = []
        if let list = has("required") {
            guard let names = list.arrayValue, names.allSatisfy({ $0.stringValue != nil }) else {
                throw invalid(
                    "required must be an array of property names", at: pointer.appending("required"),
                    remedy: "write \"required\": [\"name\"]")
            }
            required = names.map { $0.stringValue! }
        }
        var result = ObjectConstraints([], additionalProperties: .any, additionalPropertiesOmitted: true)
        for entry in try namedSchemas(has("properties"), keyword: "properties", at: pointer) {
            result.properties.append(.init(entry.name, entry.node, required: required.contains(entry.name)))
        }
        for entry in try namedSchemas(has("patternProperties"), keyword: "patternProperties", at: pointer) {
            try checkPattern(entry.name, at: pointer.appending("patternProperties").appending(entry.name))
            result.patternProperties.append(.init(entry.name, entry.node))
        }
        if let extra = has("additionalProperties") {
            result.additionalProperties = try nested(extra, at: pointer.appending("additionalProperties"))
            result.additionalPropertiesOmitted = false
        }
        if let names = has("propertyNames") {
            result.propertyNames = try nested(names, at: pointer.appending("propertyNames"))
        }
        result.minProperties = try count(value, "minProperties", skipping: skipped, at: pointer)
        result.maxProperties = try count(value, "maxProperties", skipping: skipped, at: pointer)
        if let dependencies = has("dependentRequired") {
            result.dependentRequired = try requirements(dependencies, keyword: "dependentRequired", at: pointer)
        }
        for entry in try namedSchemas(has("dependentSchemas"), keyword: "dependentSchemas", inPlace: true, at: pointer)
        {
            result.dependentSchemas.append(.init(entry.name, entry.node))
        }
        if let dependencies = has("dependencies") {
            // Draft-07: an array is dependentRequired, a schema dependentSchemas.
            guard let entries = dependencies.properties else {
                throw invalid(
                    "dependencies must be an object", at: pointer.appending("dependencies"),
                    remedy: "write \"dependencies\": {\"a\": [\"b\"]}")
            }
            for entry in entries {
                if entry.value.arrayValue != nil {
                    result.dependentRequired += try requirements(
                        GeneratedContent(kind: .object([entry])), keyword: "dependencies", at: pointer)
                } else {
                    let inPlace = context.inPlace
                    defer { context.inPlace = inPlace }
                    result.dependentSchemas.append(
                        .init(
                            entry.name,
                            try node(entry.value, at: pointer.appending("dependencies").appending(entry.name))))
                }
            }
        }
        let declared = Set(result.properties.map(\.name))
        var seen: Set<String> = []
        result.additionalRequired = required.filter { !declared.contains($0) && seen.insert($0).inserted }
        return result
    }

    /// The entries of an object of schemas (`properties`, `patternProperties`, `dependentSchemas`).
    private mutating func namedSchemas(
        _ value: GeneratedContent?, keyword: String, inPlace: Bool = false, at pointer: JSONPointer
    ) throws(SchemaError) -> [(name: String, node: SchemaNode)] {
        guard let value else { return [] }
        guard let entries = value.properties else {
            throw invalid(
                "\(keyword) must be an object of schemas", at: pointer.appending(keyword),
                remedy: "write \"\(keyword)\": {\"name\": {…}}")
        }
        var result: [(name: String, node: SchemaNode)] = []
        for entry in entries {
            let at = pointer.appending(keyword).appending(entry.name)
            result.append((entry.name, inPlace ? try node(entry.value, at: at) : try nested(entry.value, at: at)))
        }
        return result
    }

    private func requirements(_ value: GeneratedContent, keyword: String, at pointer: JSONPointer) throws(SchemaError)
        -> [ObjectConstraints.Dependency]
    {
        guard let entries = value.properties else {
            throw invalid(
                "\(keyword) must be an object of arrays of names", at: pointer.appending(keyword),
                remedy: "write \"\(keyword)\": {\"a\": [\"b\"]}")
        }
        var result: [ObjectConstraints.Dependency] = []
        for entry in entries {
            guard let names = entry.value.arrayValue, names.allSatisfy({ $0.stringValue != nil }) else {
                throw invalid(
                    "\(keyword) values must be arrays of property names",
                    at: pointer.appending(keyword).appending(entry.name),
                    remedy: "write \"\(entry.name)\": [\"other\"]")
            }
            result.append(.init(entry.name, requires: names.map { $0.stringValue! }))
        }
        return result
    }
}
