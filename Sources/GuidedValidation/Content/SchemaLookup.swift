import GuidedSchema

extension GenerationSchema {
    /// The schema nodes that describe the value at `pointer`, with every `$ref` followed and
    /// every `anyOf`/`oneOf`/`allOf` branch expanded, so no node returned is a reference or a
    /// combinator.
    ///
    /// Each token walks one level: an object's declared property (else its
    /// `additionalProperties`), an array's `prefixItems` entry for that index (else its
    /// `items`). A token that leads nowhere (a property of a string, a non-numeric index)
    /// drops that branch; an empty result means the schema says nothing about the pointer.
    /// A reference cycle that consumes no token is followed once.
    func nodes(at pointer: JSONPointer) -> [SchemaNode] {
        var current = expanded(root)
        for token in pointer.tokens where !current.isEmpty {
            var seen: Set<SchemaNode> = []
            current = current.flatMap { child(of: $0, token) }.flatMap { expanded($0) }.filter {
                seen.insert($0).inserted
            }
        }
        return current
    }

    /// Every `maxLength` of a string node at `pointer`, smallest first, without repeats.
    func stringCaps(at pointer: JSONPointer) -> [Int] {
        let caps = nodes(at: pointer).compactMap { node -> Int? in
            if case .string(let constraints) = node.kind { return constraints.maxLength }
            return nil
        }
        return Array(Set(caps)).sorted()
    }

    /// Whether the string at `pointer` is free text: no node there is an `enum`, a `const`,
    /// or a string with a `format` or `pattern`. A pointer the schema says nothing about
    /// (an open object's extra key, `{}`) is free text.
    func isFreeText(at pointer: JSONPointer) -> Bool {
        nodes(at: pointer).allSatisfy(\.isFreeText)
    }

    /// `node` with references followed and combinator branches expanded: the nodes it resolves
    /// to, each definition followed once (a cycle, or a definition two branches reach, adds its
    /// nodes once, so a chain of definitions that each refer to the next twice costs its length,
    /// not 2^length); a reference naming no definition yields nothing.
    func expanded(_ node: SchemaNode) -> [SchemaNode] {
        var followed: Set<String> = []
        var result: [SchemaNode] = []
        func walk(_ node: SchemaNode) {
            switch node.kind {
            case .reference(let name):
                guard followed.insert(name).inserted, let target = definition(named: name) else { return }
                walk(target)
            case .anyOf(let branches), .oneOf(let branches), .allOf(let branches):
                branches.forEach(walk)
            default:
                result.append(node)
            }
        }
        walk(node)
        return result
    }

    private func child(of node: SchemaNode, _ token: String) -> [SchemaNode] {
        switch node.kind {
        case .object(let constraints):
            if let property = constraints.properties.first(where: { $0.name == token }) { return [property.schema] }
            return [constraints.additionalProperties]
        case .array(let constraints):
            guard let index = Int(token), index >= 0 else { return [] }
            return [index < constraints.prefixItems.count ? constraints.prefixItems[index] : constraints.items]
        case .any:
            return [.any]
        default:
            return []
        }
    }
}

extension SchemaNode {
    /// Whether a string this node admits is free text: not an `enum` or `const`, and not a
    /// string with a `format` or `pattern`.
    var isFreeText: Bool {
        switch kind {
        case .choice, .constant: false
        case .string(let constraints): constraints.format == nil && constraints.pattern == nil
        default: true
        }
    }
}
