import GuidedSchema

extension StructDeclaration {
    /// The schema the generated Swift type has, computed the way the DSL computes it from the
    /// declaration (nullable optionals, descriptions moved by `@Guide`, closed objects). The
    /// grammar is compiled from this, so it is exactly the grammar a run-time compile of the
    /// generated type's `generationSchema` gives (a test checks the two agree).
    package var declaredSchema: GenerationSchema { GenerationSchema(root: node) }

    var node: SchemaNode {
        .object(ObjectConstraints(properties.map(\.schemaProperty)), description: description)
    }
}

extension PropertyDeclaration {
    var schemaProperty: ObjectConstraints.Property {
        var node = type.baseNode
        if isGuided {
            for guide in guides { guide.apply(to: &node) }
            if let description { node.description = description }
        }
        return .init(name, node, required: !type.isOptional)
    }
}

extension ValueType {
    /// The node the Swift type alone gives (`SchemaRepresentable.schemaNode`).
    var baseNode: SchemaNode {
        switch self {
        case .string: .string()
        case .integer: .integer()
        case .number: .number()
        case .boolean: .boolean
        case .array(let element): .array(ArrayConstraints(items: element.baseNode))
        case .structure(let declaration): declaration.node
        case .optional(let wrapped): wrapped.baseNode.nullable
        }
    }

    var isOptional: Bool { if case .optional = self { true } else { false } }
}

extension GuideDeclaration {
    /// Applies the guide as `GenerationGuide` does: value edits reach through a nullable node to
    /// its non-null branch; a description sets the node's own.
    func apply(to node: inout SchemaNode) {
        switch self {
        case .description(let text): node.description = text
        case .constant(let value): Self.editValue(&node) { $0 = .constant(GeneratedContent(value)) }
        case .anyOf(let values): Self.editValue(&node) { $0 = .choice(values.map { GeneratedContent($0) }) }
        default: Self.editValue(&node) { apply(toKind: &$0) }
        }
    }

    private func apply(toKind kind: inout SchemaNode.Kind) {
        switch kind {
        case .string(var constraints):
            switch self {
            case .minLength(let value): constraints.minLength = value
            case .maxLength(let value): constraints.maxLength = value
            case .length(let minimum, let maximum): (constraints.minLength, constraints.maxLength) = (minimum, maximum)
            case .pattern(let pattern): constraints.pattern = pattern
            case .format(let format): constraints.format = format
            default: return
            }
            kind = .string(constraints)
        case .integer(var bounds):
            guard editBounds(&bounds) else { return }
            kind = .integer(bounds)
        case .number(var bounds):
            guard editBounds(&bounds) else { return }
            kind = .number(bounds)
        case .array(var array):
            switch self {
            case .count(let value): (array.minItems, array.maxItems) = (value, value)
            case .countRange(let minimum, let maximum): (array.minItems, array.maxItems) = (minimum, maximum)
            case .minimumCount(let value): array.minItems = value
            case .maximumCount(let value): array.maxItems = value
            case .element(let guide): guide.apply(to: &array.items)
            default: return
            }
            kind = .array(array)
        default: return
        }
    }

    private func editBounds(_ bounds: inout NumericBounds) -> Bool {
        switch self {
        case .minimum(let value): bounds.minimum = JSONNumber(value.doubleValue)
        case .maximum(let value): bounds.maximum = JSONNumber(value.doubleValue)
        case .range(let minimum, let maximum):
            (bounds.minimum, bounds.maximum) = (JSONNumber(minimum.doubleValue), JSONNumber(maximum.doubleValue))
        default: return false
        }
        return true
    }

    private static func editValue(_ node: inout SchemaNode, _ edit: (inout SchemaNode.Kind) -> Void) {
        if case .anyOf(var branches) = node.kind {
            for index in branches.indices where branches[index].kind != .null { editValue(&branches[index], edit) }
            node.kind = .anyOf(branches)
        } else {
            edit(&node.kind)
        }
    }
}
