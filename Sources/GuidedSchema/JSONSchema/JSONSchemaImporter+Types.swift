/// The type-specific half of the importer: `type` and the keywords that constrain one type.
extension JSONSchemaImporter {
    /// The JSON types in the order branches are built when a schema names none.
    private static let allTypes = ["null", "boolean", "object", "array", "number", "string"]

    /// The node for `type` plus every type-specific keyword; nil when the schema constrains no type.
    mutating func typedBase(_ value: GeneratedContent, at pointer: JSONPointer) throws(SchemaError) -> SchemaNode? {
        let keywords = Set(value.properties!.map(\.name))
        let typeSpecific = keywords.intersection(
            JSONSchemaKeywords.string.union(JSONSchemaKeywords.numeric).union(JSONSchemaKeywords.array).union(JSONSchemaKeywords.object))
        var types: [String]
        if let declared = value["type"] {
            types = try typeNames(declared, at: pointer.appending("type"))
        } else if typeSpecific.isEmpty {
            return nil
        } else {
            types = Self.allTypes
        }
        var branches: [SchemaNode] = []
        for type in types {
            branches.append(try typedNode(type, value, at: pointer))
        }
        return branches.count == 1 ? branches[0] : SchemaNode(.anyOf(branches))
    }

    private func typeNames(_ declared: GeneratedContent, at pointer: JSONPointer) throws(SchemaError) -> [String] {
        let known = Set(Self.allTypes + ["integer"])
        let names: [String]
        if let single = declared.stringValue {
            names = [single]
        } else if let list = declared.arrayValue, !list.isEmpty, list.allSatisfy({ $0.stringValue != nil }) {
            names = list.map { $0.stringValue! }
        } else {
            throw invalid("type must be a type name or a non-empty array of them", at: pointer,
                          remedy: "write \"type\": \"string\" or \"type\": [\"string\", \"null\"]")
        }
        for name in names where !known.contains(name) {
            throw invalid("unknown type \"\(name)\"", at: pointer,
                          remedy: "use one of null, boolean, object, array, number, integer, string")
        }
        return names
    }

    private mutating func typedNode(_ type: String, _ value: GeneratedContent, at pointer: JSONPointer) throws(SchemaError) -> SchemaNode {
        switch type {
        case "null": return .null
        case "boolean": return .boolean
        case "string": return SchemaNode(.string(try stringConstraints(value, at: pointer)))
        case "integer": return SchemaNode(.integer(try bounds(value, at: pointer)))
        case "number": return SchemaNode(.number(try bounds(value, at: pointer)))
        case "array": return SchemaNode(.array(try arrayConstraints(value, at: pointer)))
        default: return SchemaNode(.object(try objectConstraints(value, at: pointer)))
        }
    }

    // MARK: Strings

    private mutating func stringConstraints(_ value: GeneratedContent, at pointer: JSONPointer) throws(SchemaError) -> StringConstraints {
        var result = StringConstraints()
        result.minLength = try count(value, "minLength", at: pointer)
        result.maxLength = try count(value, "maxLength", at: pointer)
        try checkOrder(result.minLength, result.maxLength, "minLength", "maxLength", at: pointer)
        if let pattern = value["pattern"] {
            guard let text = pattern.stringValue else {
                throw invalid("pattern must be a string", at: pointer.appending("pattern"), remedy: "write \"pattern\": \"^[a-z]+$\"")
            }
            do {
                _ = try RegexPattern(text)
            } catch {
                throw SchemaError(.unsupportedPattern, "pattern \"\(text)\": \(error.message) at offset \(error.offset)",
                                  remedy: error.remedy, at: pointer.appending("pattern"))
            }
            result.pattern = text
        }
        if let format = value["format"] {
            guard let name = format.stringValue else {
                throw invalid("format must be a string", at: pointer.appending("format"), remedy: "write \"format\": \"date\"")
            }
            if let known = StringFormat(rawValue: name) {
                result.format = known
            } else {
                let supported = StringFormat.allCases.map(\.rawValue).joined(separator: ", ")
                try unsupported("format \"\(name)\" is not supported", at: pointer.appending("format"),
                                remedy: "use a pattern instead, or one of: \(supported)")
            }
        }
        return result
    }

    // MARK: Numbers

    private func bounds(_ value: GeneratedContent, at pointer: JSONPointer) throws(SchemaError) -> NumericBounds {
        var result = NumericBounds()
        result.minimum = try number(value, "minimum", at: pointer)
        result.maximum = try number(value, "maximum", at: pointer)
        result.exclusiveMinimum = try number(value, "exclusiveMinimum", at: pointer)
        result.exclusiveMaximum = try number(value, "exclusiveMaximum", at: pointer)
        if let step = try number(value, "multipleOf", at: pointer) {
            guard step > 0 else {
                throw invalid("multipleOf must be above zero", at: pointer.appending("multipleOf"), remedy: "write \"multipleOf\": 0.01")
            }
            result.multipleOf = step
        }
        return result
    }

    private func number(_ value: GeneratedContent, _ keyword: String, at pointer: JSONPointer) throws(SchemaError) -> JSONNumber? {
        guard let field = value[keyword] else { return nil }
        guard let number = field.numberValue else {
            throw invalid("\(keyword) must be a number", at: pointer.appending(keyword), remedy: "write \"\(keyword)\": 0")
        }
        return number
    }

    // MARK: Arrays

    private mutating func arrayConstraints(_ value: GeneratedContent, at pointer: JSONPointer) throws(SchemaError) -> ArrayConstraints {
        var result = ArrayConstraints()
        if let prefix = value["prefixItems"] {
            result.prefixItems = try subschemaList(prefix, keyword: "prefixItems", at: pointer)
        }
        if let items = value["items"] {
            result.items = try node(items, at: pointer.appending("items"))
        }
        result.minItems = try count(value, "minItems", at: pointer)
        result.maxItems = try count(value, "maxItems", at: pointer)
        try checkOrder(result.minItems, result.maxItems, "minItems", "maxItems", at: pointer)
        return result
    }

    private mutating func subschemaList(_ list: GeneratedContent, keyword: String, at pointer: JSONPointer) throws(SchemaError) -> [SchemaNode] {
        guard let elements = list.arrayValue else {
            throw invalid("\(keyword) must be an array of schemas", at: pointer.appending(keyword), remedy: "write \"\(keyword)\": [{…}]")
        }
        var nodes: [SchemaNode] = []
        for (index, element) in elements.enumerated() {
            nodes.append(try node(element, at: pointer.appending(keyword).appending(index)))
        }
        return nodes
    }

    // MARK: Objects

    private mutating func objectConstraints(_ value: GeneratedContent, at pointer: JSONPointer) throws(SchemaError) -> ObjectConstraints {
        var required: [String] = []
        if let list = value["required"] {
            guard let names = list.arrayValue, names.allSatisfy({ $0.stringValue != nil }) else {
                throw invalid("required must be an array of property names", at: pointer.appending("required"),
                              remedy: "write \"required\": [\"name\"]")
            }
            required = names.map { $0.stringValue! }
        }
        var properties: [ObjectConstraints.Property] = []
        if let declared = value["properties"] {
            guard let entries = declared.properties else {
                throw invalid("properties must be an object", at: pointer.appending("properties"),
                              remedy: "write \"properties\": {\"name\": {…}}")
            }
            for entry in entries {
                let schema = try node(entry.value, at: pointer.appending("properties").appending(entry.name))
                properties.append(.init(entry.name, schema, required: required.contains(entry.name)))
            }
        }
        var additional = SchemaNode.any
        if let extra = value["additionalProperties"] {
            additional = try node(extra, at: pointer.appending("additionalProperties"))
        }
        let declaredNames = Set(properties.map(\.name))
        var seen: Set<String> = []
        let undeclared = required.filter { !declaredNames.contains($0) && seen.insert($0).inserted }
        return ObjectConstraints(properties, additionalProperties: additional, additionalRequired: undeclared)
    }

    // MARK: Shared

    private func count(_ value: GeneratedContent, _ keyword: String, at pointer: JSONPointer) throws(SchemaError) -> Int? {
        guard let field = value[keyword] else { return nil }
        guard let number = field.numberValue, number.isIntegral, number.doubleValue >= 0 else {
            throw invalid("\(keyword) must be a non-negative integer", at: pointer.appending(keyword), remedy: "write \"\(keyword)\": 3")
        }
        return number.intValue ?? Int.max
    }

    private func checkOrder(_ low: Int?, _ high: Int?, _ lowName: String, _ highName: String, at pointer: JSONPointer) throws(SchemaError) {
        if let low, let high, low > high {
            throw SchemaError(.contradictoryBounds, "\(lowName) \(low) is greater than \(highName) \(high)",
                              remedy: "make \(lowName) at most \(highName)", at: pointer.appending(lowName))
        }
    }
}
