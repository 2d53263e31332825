import GuidedPatterns

/// `type` and the keywords that constrain one type of value: strings and numbers here,
/// arrays and objects in `+Containers`.
extension JSONSchemaImporter {
    /// The JSON types in the order branches are built when a schema names none.
    private static let allTypes = ["null", "boolean", "object", "array", "number", "string"]

    /// The node for `type` plus every type-specific keyword; nil when the schema constrains no type.
    mutating func typedBase(_ value: GeneratedContent, skipping skipped: Set<String>, at pointer: JSONPointer)
        throws(SchemaError) -> SchemaNode?
    {
        let keywords = value.properties!.map(\.name).filter { !skipped.contains($0) }
        let typeSpecific = keywords.contains { JSONSchemaKeywords.typeSpecific.contains($0) }
        var types: [String]
        if let declared = skipped.contains("type") ? nil : value["type"] {
            types = try typeNames(declared, at: pointer.appending("type"))
        } else if !typeSpecific {
            return nil
        } else {
            types = Self.allTypes
        }
        var branches: [SchemaNode] = []
        for type in types {
            branches.append(try typedNode(type, value, skipping: skipped, at: pointer))
        }
        return branches.count == 1 ? branches[0] : SchemaNode(.anyOf(branches))
    }

    private mutating func typeNames(_ declared: GeneratedContent, at pointer: JSONPointer) throws(SchemaError)
        -> [String]
    {
        let known = Set(Self.allTypes + ["integer"])
        var names: [String]
        if let single = declared.stringValue {
            names = [single]
        } else if let list = declared.arrayValue, !list.isEmpty, list.allSatisfy({ $0.stringValue != nil }) {
            names = list.map { $0.stringValue! }
        } else {
            throw invalid(
                "type must be a type name or a non-empty array of them", at: pointer,
                remedy: "write \"type\": \"string\" or \"type\": [\"string\", \"null\"]")
        }
        if names.contains("any") {
            // Draft-03's "any": every type.
            try ignore("type", at: pointer, "\"any\" is draft-03's name for every type: read as no type constraint")
            names = Self.allTypes
        }
        for name in names where !known.contains(name) {
            throw invalid(
                "unknown type \"\(name)\"", at: pointer,
                remedy: "use one of null, boolean, object, array, number, integer, string")
        }
        var seen: Set<String> = []
        return names.filter { seen.insert($0).inserted }
    }

    private mutating func typedNode(
        _ type: String, _ value: GeneratedContent, skipping skipped: Set<String>, at pointer: JSONPointer
    ) throws(SchemaError) -> SchemaNode {
        switch type {
        case "null": return .null
        case "boolean": return .boolean
        case "string": return SchemaNode(.string(try stringConstraints(value, skipping: skipped, at: pointer)))
        case "integer": return SchemaNode(.integer(try bounds(value, skipping: skipped, at: pointer)))
        case "number": return SchemaNode(.number(try bounds(value, skipping: skipped, at: pointer)))
        case "array": return SchemaNode(.array(try arrayConstraints(value, skipping: skipped, at: pointer)))
        default: return SchemaNode(.object(try objectConstraints(value, skipping: skipped, at: pointer)))
        }
    }

    // MARK: Strings

    private mutating func stringConstraints(
        _ value: GeneratedContent, skipping skipped: Set<String>, at pointer: JSONPointer
    ) throws(SchemaError) -> StringConstraints {
        var result = StringConstraints()
        result.minLength = try count(value, "minLength", skipping: skipped, at: pointer)
        result.maxLength = try count(value, "maxLength", skipping: skipped, at: pointer)
        if let pattern = skipped.contains("pattern") ? nil : value["pattern"] {
            guard let text = pattern.stringValue else {
                throw invalid(
                    "pattern must be a string", at: pointer.appending("pattern"),
                    remedy: "write \"pattern\": \"^[a-z]+$\"")
            }
            try checkPattern(text, at: pointer.appending("pattern"))
            result.pattern = text
        }
        if let format = skipped.contains("format") ? nil : value["format"] {
            guard let name = format.stringValue else {
                throw invalid(
                    "format must be a string", at: pointer.appending("format"), remedy: "write \"format\": \"date\"")
            }
            let asserts = context.reading.formatAssertion ?? options.formatAssertion
            if let known = StringFormat(rawValue: name), asserts {
                result.format = known
            } else if StringFormat(rawValue: name) != nil {
                try ignore(
                    "format", at: pointer.appending("format"),
                    "formats are annotations in this reading (format assertion is off)")
            } else {
                try ignore(
                    "format", at: pointer.appending("format"), "unknown format \"\(name)\": an annotation, not checked")
            }
        }
        return result
    }

    /// Refuses a pattern that is not ECMA-262 (or too large to match), quoting at most its start:
    /// a pattern nested 20,000 groups deep is named, not printed whole.
    func checkPattern(_ text: String, at pointer: JSONPointer) throws(SchemaError) {
        if (try? RegexPattern(text)) != nil { return }
        do {
            _ = try ECMARegex(text)
        } catch {
            throw SchemaError(
                .unsupportedPattern,
                "pattern \(Violation.excerpt(of: GeneratedContent(text))): \(error.message) at offset \(error.offset)",
                remedy: error.remedy, at: pointer)
        }
    }

    // MARK: Numbers

    private mutating func bounds(_ value: GeneratedContent, skipping skipped: Set<String>, at pointer: JSONPointer)
        throws(SchemaError) -> NumericBounds
    {
        var result = NumericBounds()
        result.minimum = try number(value, "minimum", skipping: skipped, at: pointer)
        result.maximum = try number(value, "maximum", skipping: skipped, at: pointer)
        // Draft-04's boolean form: `exclusiveMinimum: true` makes `minimum` exclusive.
        if let flag = skipped.contains("exclusiveMinimum") ? nil : value["exclusiveMinimum"]?.boolValue {
            if flag { (result.exclusiveMinimum, result.minimum) = (result.minimum, nil) }
        } else {
            result.exclusiveMinimum = try number(value, "exclusiveMinimum", skipping: skipped, at: pointer)
        }
        if let flag = skipped.contains("exclusiveMaximum") ? nil : value["exclusiveMaximum"]?.boolValue {
            if flag { (result.exclusiveMaximum, result.maximum) = (result.maximum, nil) }
        } else {
            result.exclusiveMaximum = try number(value, "exclusiveMaximum", skipping: skipped, at: pointer)
        }
        if let step = try number(value, "multipleOf", skipping: skipped, at: pointer) {
            guard step > 0 else {
                throw invalid(
                    "multipleOf must be above zero", at: pointer.appending("multipleOf"),
                    remedy: "write \"multipleOf\": 0.01")
            }
            result.multipleOf = step
        }
        return result
    }

    private func number(
        _ value: GeneratedContent, _ keyword: String, skipping skipped: Set<String>, at pointer: JSONPointer
    ) throws(SchemaError) -> JSONNumber? {
        guard !skipped.contains(keyword), let field = value[keyword] else { return nil }
        guard let number = field.numberValue else {
            throw invalid(
                "\(keyword) must be a number", at: pointer.appending(keyword), remedy: "write \"\(keyword)\": 0")
        }
        return number
    }

    /// A non-negative integer keyword (`minLength`, `maxItems`, …); `Int.max` for huge values.
    func count(_ value: GeneratedContent, _ keyword: String, skipping skipped: Set<String>, at pointer: JSONPointer)
        throws(SchemaError) -> Int?
    {
        guard !skipped.contains(keyword), let field = value[keyword] else { return nil }
        guard let number = field.numberValue, number.isIntegral, number >= 0 else {
            throw invalid(
                "\(keyword) must be a non-negative integer", at: pointer.appending(keyword),
                remedy: "write \"\(keyword)\": 3")
        }
        return number.intValue ?? Int.max
    }
}
