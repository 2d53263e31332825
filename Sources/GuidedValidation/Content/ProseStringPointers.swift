public import GuidedSchema

extension GenerationSchema {
    /// The shortest `maxLength` that makes a string prose: a sentence or a step, not a name, a
    /// label or a tag.
    public static let proseMinimumMaxLength = 40

    /// Pointers to the strings a reader reads as prose, reached from the root through object
    /// properties (and `$ref` and combinators), in declaration order: a free-text string whose
    /// `maxLength` is at least ``proseMinimumMaxLength``, or an array of such strings. `/text` and
    /// `/steps` for the canonical types; nothing for `{"name": string}` or a list of tags.
    /// The default person-level checks (``ValidatorChain/personLevel(stepItems:lengthCap:at:)``)
    /// read only these, so a short label is never rejected as a fragment.
    public var proseStringPointers: [JSONPointer] {
        var found: [JSONPointer] = []
        func isProse(_ node: SchemaNode) -> Bool {
            if case .string(let constraints) = node.kind, node.isFreeText {
                return (constraints.maxLength ?? 0) >= Self.proseMinimumMaxLength
            }
            return false
        }
        func visit(_ node: SchemaNode, _ pointer: JSONPointer, _ visited: Set<String>) {
            switch node.kind {
            case .reference(let name):
                guard !visited.contains(name), let target = definition(named: name) else { return }
                visit(target, pointer, visited.union([name]))
            case .anyOf(let branches), .oneOf(let branches), .allOf(let branches):
                for branch in branches { visit(branch, pointer, visited) }
            case .object(let constraints):
                for property in constraints.properties {
                    visit(property.schema, pointer.appending(property.name), visited)
                }
            case .array(let constraints):
                let items = expanded(constraints.items)
                if constraints.prefixItems.isEmpty, !items.isEmpty, items.allSatisfy(isProse), !found.contains(pointer)
                {
                    found.append(pointer)
                }
            case .string:
                if isProse(node), !found.contains(pointer) { found.append(pointer) }
            default:
                break
            }
        }
        visit(root, .root, [])
        return found
    }
}
