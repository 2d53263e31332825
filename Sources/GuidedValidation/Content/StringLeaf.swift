import GuidedSchema

/// One string value inside an output, with where it sits.
struct StringLeaf: Sendable, Hashable {
    /// Where the string sits, e.g. `/steps/2`.
    var pointer: JSONPointer
    /// The string.
    var text: String
}

extension GeneratedContent {
    /// Every string value in document order (object property names are not values).
    func stringLeaves(at pointer: JSONPointer = .root) -> [StringLeaf] {
        switch kind {
        case .string(let text): [StringLeaf(pointer: pointer, text: text)]
        case .array(let elements):
            elements.enumerated().flatMap { $0.element.stringLeaves(at: pointer.appending($0.offset)) }
        case .object(let properties):
            properties.flatMap { $0.value.stringLeaves(at: pointer.appending($0.name)) }
        case .null, .bool, .number: []
        }
    }

    /// The value `pointer` names, or nil when it names nothing.
    package func content(at pointer: JSONPointer) -> GeneratedContent? {
        var current = self
        for token in pointer.tokens {
            if let properties = current.properties {
                guard let match = properties.first(where: { $0.name == token }) else { return nil }
                current = match.value
            } else if let elements = current.arrayValue {
                guard let index = Int(token), elements.indices.contains(index) else { return nil }
                current = elements[index]
            } else {
                return nil
            }
        }
        return current
    }

    /// The strings a validator looks at: all of them when `pointers` is nil, otherwise every
    /// string at or under each pointer (so an array's pointer means each of its elements).
    /// Each string appears once even when pointers overlap.
    func selectedStrings(_ pointers: [JSONPointer]?) -> [StringLeaf] {
        guard let pointers else { return stringLeaves() }
        var seen: Set<JSONPointer> = []
        var leaves: [StringLeaf] = []
        for pointer in pointers {
            guard let value = content(at: pointer) else { continue }
            for leaf in value.stringLeaves(at: pointer) where seen.insert(leaf.pointer).inserted {
                leaves.append(leaf)
            }
        }
        return leaves
    }
}
