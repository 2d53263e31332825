import GuidedSchema

/// Turns an imported schema into the Swift declaration a person would write for it, or a
/// ``SchemaError`` at the JSON Pointer of the first thing the DSL cannot declare.
///
/// What maps to what:
/// - an object with declared properties → a struct (nested objects → nested structs, named
///   after the property; array elements after its singular); extra keys are never generated,
///   as for every declared type;
/// - `string`, `integer`, `number`, `boolean` → `String`, `Int`, `Double`, `Bool`, with their
///   guides (`minLength`/`maxLength`, `pattern`, `format`, `minimum`/`maximum`);
/// - `enum` and `const` of strings → `String` with `.anyOf([…])` or `.constant(…)`;
/// - an array → `[Element]` with `.count`, `.minimumCount`, `.maximumCount` and `.element(…)`;
/// - a property that is not required, or may be `null` → `Wrapped?` (which may be left out
///   and admits `null`).
///
/// Not declarable (an error naming the place): unions (`anyOf`/`oneOf` other than nullable),
/// `allOf`, `$ref`, `prefixItems`, maps (objects without declared properties), values of any
/// type, exclusive bounds, non-string `enum`/`const`, and keys that are not Swift identifiers.
package struct DeclarationBuilder {
    let file: String?

    /// A builder whose errors name `file`.
    package init(file: String? = nil) { self.file = file }

    /// The struct named `name` that `schema` declares.
    package func declaration(named name: String, for schema: GenerationSchema) throws(SchemaError) -> StructDeclaration
    {
        guard SwiftNames.isIdentifier(name), !SwiftNames.reservedTypeNames.contains(name) else {
            throw fail(
                .root, "the type name \"\(name)\" (from the file name) is not a Swift type name",
                "rename the file to NAME.schema.json, NAME a Swift identifier")
        }
        guard case .object(let object) = schema.root.kind else {
            throw fail(.root, "the schema's root is not an object", "declare \"type\": \"object\" with \"properties\"")
        }
        var declaration = try structure(
            named: name, object, description: schema.root.description, at: .root, taken: [])
        declaration.examples = schema.examples
        declaration.adapter = schema.adapter
        return declaration
    }

    func structure(
        named name: String, _ object: ObjectConstraints, description: String?, at pointer: JSONPointer,
        taken: Set<String>
    ) throws(SchemaError) -> StructDeclaration {
        guard !object.properties.isEmpty else {
            throw fail(
                pointer, "an object without declared properties (a map) cannot be a Swift struct",
                "declare its \"properties\"")
        }
        switch object.additionalProperties.kind {
        case .nothing, .any: break
        default:
            throw fail(
                pointer.appending("additionalProperties"), "a schema for extra keys (a map) cannot be declared",
                "remove additionalProperties or set it to false")
        }
        if let extra = object.additionalRequired.first {
            throw fail(
                pointer.appending("required"), "\"\(extra)\" is required but not declared",
                "declare it under \"properties\"")
        }
        var declaration = StructDeclaration(name: name, description: description, properties: [], nested: [])
        var names = taken.union([name])
        for property in object.properties {
            let at = pointer.appending("properties").appending(property.name)
            guard SwiftNames.isIdentifier(property.name), !SwiftNames.forbiddenPropertyNames.contains(property.name)
            else {
                throw fail(
                    at, "the key \"\(property.name)\" is not a Swift property name",
                    "rename it to letters, digits and _")
            }
            var (node, nullable) = Self.unwrapNullable(property.schema)
            let typeHint = SwiftNames.typeName(for: property.name, taken: names)
            var value = try self.value(node, at: at, typeHint: typeHint, into: &declaration, names: &names)
            if case .structure = value.type { node.description = nil }
            if nullable || !property.isRequired { value.type = .optional(value.type) }
            declaration.properties.append(
                PropertyDeclaration(
                    name: property.name, type: value.type, guides: value.guides, description: node.description))
        }
        return declaration
    }

    /// A node's Swift type and guides; nested structs are added to `parent`.
    func value(
        _ node: SchemaNode, at pointer: JSONPointer, typeHint: String, into parent: inout StructDeclaration,
        names: inout Set<String>
    ) throws(SchemaError) -> (type: ValueType, guides: [GuideDeclaration]) {
        switch node.kind {
        case .string(let constraints):
            // A range the DSL would trap on: JSON Schema allows it (no string matches), Swift cannot declare it.
            if let low = constraints.minLength, let high = constraints.maxLength, low > high {
                throw SchemaError(
                    .contradictoryBounds, "minLength \(low) is greater than maxLength \(high)",
                    remedy: "make minLength at most maxLength", at: pointer.appending("minLength"), file: file)
            }
            return (.string, Self.stringGuides(constraints))
        case .integer(let bounds): return (.integer, try numericGuides(bounds, at: pointer))
        case .number(let bounds): return (.number, try numericGuides(bounds, at: pointer))
        case .boolean: return (.boolean, [])
        case .choice(let values):
            let strings = values.compactMap(\.stringValue)
            guard strings.count == values.count else {
                throw fail(pointer.appending("enum"), "only string enums can be declared", "use strings")
            }
            return (.string, [.anyOf(strings)])
        case .constant(let value):
            guard let string = value.stringValue else {
                throw fail(pointer.appending("const"), "only a string const can be declared", "use a string")
            }
            return (.string, [.constant(string)])
        case .array(let array):
            guard array.prefixItems.isEmpty else {
                throw fail(pointer.appending("prefixItems"), "tuples (prefixItems) cannot be declared", "use items")
            }
            guard !array.uniqueItems, array.contains == nil else {
                throw fail(pointer, "uniqueItems and contains cannot be declared", "remove them")
            }
            if let low = array.minItems, let high = array.maxItems, low > high {
                throw SchemaError(
                    .contradictoryBounds, "minItems \(low) is greater than maxItems \(high)",
                    remedy: "make minItems at most maxItems", at: pointer.appending("minItems"), file: file)
            }
            let (items, nullable) = Self.unwrapNullable(array.items)
            var element = try value(
                items, at: pointer.appending("items"), typeHint: SwiftNames.singular(typeHint), into: &parent,
                names: &names)
            if nullable { element.type = .optional(element.type) }
            var guides = Self.countGuides(array)
            guides += element.guides.map { .element($0) }
            if let description = items.description, !isStructure(element.type) {
                guides.append(.element(.description(description)))
            }
            return (.array(element.type), guides)
        case .object(let object):
            guard object.hasOnlyPropertyKeywords else {
                throw fail(
                    pointer, "patternProperties, propertyNames, property counts and dependencies cannot be declared",
                    "remove them")
            }
            let nested = try structure(
                named: typeHint, object, description: node.description, at: pointer, taken: names)
            names.insert(typeHint)
            parent.nested.append(nested)
            return (.structure(nested), [])
        case .any: throw fail(pointer, "a value of any type cannot be declared", "give it a \"type\"")
        case .nothing: throw fail(pointer, "a schema no value satisfies cannot be declared", "remove it")
        case .null: throw fail(pointer, "a value that is always null cannot be declared", "remove the property")
        case .anyOf, .oneOf:
            throw fail(
                pointer, "a union (anyOf/oneOf) cannot be declared yet", "declare it in Swift as a GenerableUnion")
        case .allOf: throw fail(pointer, "allOf cannot be declared", "merge the branches into one schema")
        case .reference, .dynamicReference:
            throw fail(
                pointer, "a $ref (a shared or recursive type) cannot be declared yet",
                "inline the definition, or declare the type in Swift")
        case .dynamicScope(_, let inner):
            return try value(inner, at: pointer, typeHint: typeHint, into: &parent, names: &names)
        case .not, .conditional, .unevaluated:
            throw fail(
                pointer, "not, if/then/else and unevaluated keywords cannot be declared", "check them in a validator")
        }
    }

    private func isStructure(_ type: ValueType) -> Bool {
        switch type {
        case .structure: true
        case .optional(let wrapped): isStructure(wrapped)
        default: false
        }
    }

    /// `anyOf [X, null]` → (X with the outer description, true); anything else → (node, false).
    static func unwrapNullable(_ node: SchemaNode) -> (SchemaNode, Bool) {
        guard case .anyOf(let branches) = node.kind, branches.count == 2,
            let null = branches.firstIndex(where: { $0.kind == .null })
        else {
            return (node, false)
        }
        var inner = branches[1 - null]
        inner.description = node.description ?? inner.description
        return (inner, true)
    }

    static func stringGuides(_ constraints: StringConstraints) -> [GuideDeclaration] {
        var guides: [GuideDeclaration] = []
        switch (constraints.minLength, constraints.maxLength) {
        case (let minimum?, let maximum?): guides.append(.length(minimum, maximum))
        case (let minimum?, nil): guides.append(.minLength(minimum))
        case (nil, let maximum?): guides.append(.maxLength(maximum))
        case (nil, nil): break
        }
        if let pattern = constraints.pattern { guides.append(.pattern(pattern)) }
        if let format = constraints.format { guides.append(.format(format)) }
        return guides
    }

    func numericGuides(_ bounds: NumericBounds, at pointer: JSONPointer) throws(SchemaError) -> [GuideDeclaration] {
        if bounds.exclusiveMinimum != nil || bounds.exclusiveMaximum != nil {
            throw fail(pointer, "exclusive bounds cannot be declared", "use minimum and maximum")
        }
        if bounds.multipleOf != nil {
            throw fail(pointer.appending("multipleOf"), "multipleOf cannot be declared", "remove it")
        }
        // The DSL's numeric guides take a Double: a bound a Double cannot hold exactly would change.
        for (keyword, bound) in [("minimum", bounds.minimum), ("maximum", bounds.maximum)] {
            if let bound, JSONNumber(bound.doubleValue) != bound {
                throw fail(
                    pointer.appending(keyword), "the bound \(bound) has no exact Double",
                    "use a bound a Double holds exactly")
            }
        }
        switch (bounds.minimum, bounds.maximum) {
        case (let minimum?, let maximum?):
            guard minimum <= maximum else {
                throw SchemaError(
                    .contradictoryBounds, "minimum \(minimum) is greater than maximum \(maximum)",
                    remedy: "swap or fix the bounds", at: pointer.appending("minimum"), file: file)
            }
            return [.range(minimum, maximum)]
        case (let minimum?, nil): return [.minimum(minimum)]
        case (nil, let maximum?): return [.maximum(maximum)]
        case (nil, nil): return []
        }
    }

    static func countGuides(_ array: ArrayConstraints) -> [GuideDeclaration] {
        switch (array.minItems, array.maxItems) {
        case (let minimum?, let maximum?) where minimum == maximum: [.count(minimum)]
        case (let minimum?, let maximum?): [.countRange(minimum, maximum)]
        case (let minimum?, nil): [.minimumCount(minimum)]
        case (nil, let maximum?): [.maximumCount(maximum)]
        case (nil, nil): []
        }
    }

    func fail(_ pointer: JSONPointer, _ message: String, _ remedy: String) -> SchemaError {
        SchemaError(.unsupportedKeyword, message + " as a Swift type", remedy: remedy, at: pointer, file: file)
    }
}
