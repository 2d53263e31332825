extension GenerationSchema {
    /// Every way `value` breaks this schema, each with its JSON Pointer; empty when valid.
    ///
    /// Every constraint is checked here, including those a grammar also enforces: servers have
    /// been seen to accept a grammar and ignore it.
    public func violations(of value: GeneratedContent) -> [Violation] {
        var validator = SchemaValidator(schema: self)
        validator.check(value, against: root, at: .root)
        return validator.found
    }

    /// Whether `value` satisfies this schema.
    public func validates(_ value: GeneratedContent) -> Bool { violations(of: value).isEmpty }
}

/// Walks a value and a schema together, collecting violations.
struct SchemaValidator {
    let schema: GenerationSchema
    var found: [Violation] = []
    private var patterns: [String: RegexPattern] = [:]

    init(schema: GenerationSchema) { self.schema = schema }

    mutating func check(_ value: GeneratedContent, against node: SchemaNode, at pointer: JSONPointer) {
        switch node.kind {
        case .any: break
        case .nothing: report(pointer, "false", "no value here", value)
        case .null: expectType("null", value, pointer)
        case .boolean: expectType("boolean", value, pointer)
        case .string(let constraints):
            guard let string = value.stringValue else { return expectType("string", value, pointer) }
            checkString(string, constraints, value, pointer)
        case .integer(let bounds):
            guard let number = value.numberValue, number.isIntegral else { return expectType("integer", value, pointer) }
            checkBounds(number, bounds, value, pointer)
        case .number(let bounds):
            guard let number = value.numberValue else { return expectType("number", value, pointer) }
            checkBounds(number, bounds, value, pointer)
        case .array(let constraints):
            guard let elements = value.arrayValue else { return expectType("array", value, pointer) }
            checkArray(elements, constraints, value, pointer)
        case .object(let constraints):
            guard let properties = value.properties else { return expectType("object", value, pointer) }
            checkObject(properties, constraints, value, pointer)
        case .constant(let expected):
            if !JSONEquality.equal(expected, value) { report(pointer, "const", "exactly \(Violation.excerpt(of: expected))", value) }
        case .choice(let options):
            if !options.contains(where: { JSONEquality.equal($0, value) }) {
                let list = options.map { Violation.excerpt(of: $0, limit: 20) }.joined(separator: ", ")
                report(pointer, "enum", "one of [\(list)]", value)
            }
        case .anyOf(let branches):
            if !branches.contains(where: { matches(value, $0, pointer) }) {
                report(pointer, "anyOf", "a value matching at least one of \(branches.count) alternatives", value)
            }
        case .oneOf(let branches):
            let count = branches.filter { matches(value, $0, pointer) }.count
            if count != 1 { report(pointer, "oneOf", "a value matching exactly one of \(branches.count) alternatives (matched \(count))", value) }
        case .allOf(let branches):
            for branch in branches { check(value, against: branch, at: pointer) }
        case .reference(let name):
            guard let target = schema.definition(named: name) else {
                return report(pointer, "$ref", "a value for the missing definition \(name)", value)
            }
            check(value, against: target, at: pointer)
        }
    }

    /// Whether `value` matches `node`, without recording anything.
    private mutating func matches(_ value: GeneratedContent, _ node: SchemaNode, _ pointer: JSONPointer) -> Bool {
        let saved = found
        found = []
        check(value, against: node, at: pointer)
        let ok = found.isEmpty
        found = saved
        return ok
    }

    private mutating func checkString(_ string: String, _ c: StringConstraints, _ value: GeneratedContent, _ pointer: JSONPointer) {
        let length = string.unicodeScalars.count
        if let min = c.minLength, length < min { report(pointer, "minLength", "a string of at least \(min) characters", value, length) }
        if let max = c.maxLength, length > max { report(pointer, "maxLength", "a string of at most \(max) characters", value, length) }
        if let pattern = c.pattern, let regex = compiled(pattern), !regex.matches(string) {
            report(pointer, "pattern", "a string matching /\(pattern)/", value)
        }
        if let format = c.format, !FormatChecker.check(string, format) {
            report(pointer, "format", "a string in \(format.rawValue) format", value)
        }
    }

    private mutating func compiled(_ pattern: String) -> RegexPattern? {
        if let cached = patterns[pattern] { return cached }
        let regex = try? RegexPattern(pattern)
        patterns[pattern] = regex
        return regex
    }

    private mutating func checkBounds(_ number: JSONNumber, _ b: NumericBounds, _ value: GeneratedContent, _ pointer: JSONPointer) {
        if let v = b.minimum, number < v { report(pointer, "minimum", "a number ≥ \(v)", value) }
        if let v = b.maximum, number > v { report(pointer, "maximum", "a number ≤ \(v)", value) }
        if let v = b.exclusiveMinimum, number <= v { report(pointer, "exclusiveMinimum", "a number > \(v)", value) }
        if let v = b.exclusiveMaximum, number >= v { report(pointer, "exclusiveMaximum", "a number < \(v)", value) }
        if let v = b.multipleOf, !number.isMultiple(of: v) { report(pointer, "multipleOf", "a multiple of \(v)", value) }
    }

    private mutating func checkArray(_ elements: [GeneratedContent], _ c: ArrayConstraints, _ value: GeneratedContent, _ pointer: JSONPointer) {
        if let min = c.minItems, elements.count < min { report(pointer, "minItems", "at least \(min) items", value, elements.count) }
        if let max = c.maxItems, elements.count > max { report(pointer, "maxItems", "at most \(max) items", value, elements.count) }
        for (index, element) in elements.enumerated() {
            let node = index < c.prefixItems.count ? c.prefixItems[index] : c.items
            check(element, against: node, at: pointer.appending(index))
        }
    }

    private mutating func checkObject(_ properties: [GeneratedContent.Property], _ c: ObjectConstraints, _ value: GeneratedContent, _ pointer: JSONPointer) {
        let present = Set(properties.map(\.name))
        for property in c.properties where property.isRequired && !present.contains(property.name) {
            report(pointer, "required", "a property \"\(property.name)\"", value)
        }
        for name in c.additionalRequired where !present.contains(name) {
            report(pointer, "required", "a property \"\(name)\"", value)
        }
        for property in properties {
            if let declared = c.property(named: property.name) {
                check(property.value, against: declared.schema, at: pointer.appending(property.name))
            } else if c.additionalProperties.kind == .nothing {
                report(pointer.appending(property.name), "additionalProperties", "no property \"\(property.name)\" (not in the schema)", property.value)
            } else {
                check(property.value, against: c.additionalProperties, at: pointer.appending(property.name))
            }
        }
    }

    private mutating func expectType(_ type: String, _ value: GeneratedContent, _ pointer: JSONPointer) {
        let actual = value.jsonTypeName
        if actual == type || (type == "number" && actual == "integer") { return }
        report(pointer, "type", "\(type == "integer" || type == "array" || type == "object" ? "an" : "a") \(type)", value)
    }

    private mutating func report(_ pointer: JSONPointer, _ keyword: String, _ expected: String, _ value: GeneratedContent, _ count: Int? = nil) {
        var excerpt = Violation.excerpt(of: value)
        if let count { excerpt += " (\(count))" }
        found.append(Violation(pointer: pointer, keyword: keyword, expected: expected, excerpt: excerpt))
    }
}

/// JSON Schema's notion of equality: numbers by value (`1 == 1.0`), strings by code points,
/// objects regardless of key order.
public enum JSONEquality {
    /// Whether `a` and `b` are the same JSON value.
    public static func equal(_ a: GeneratedContent, _ b: GeneratedContent) -> Bool {
        switch (a.kind, b.kind) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y
        case (.string(let x), .string(let y)): return x.unicodeScalars.elementsEqual(y.unicodeScalars)
        case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy { equal($0, $1) }
        case (.object(let x), .object(let y)):
            guard x.count == y.count else { return false }
            return x.allSatisfy { property in y.contains { $0.name == property.name && equal($0.value, property.value) } }
        default: return false
        }
    }
}
