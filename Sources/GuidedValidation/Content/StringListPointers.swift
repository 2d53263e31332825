import GuidedSchema

extension GenerationSchema {
    /// Pointers to every array of free-text strings reached from the root through object
    /// properties, in declaration order: `/steps` for `{"steps": [string]}`.
    ///
    /// An array counts when every node its `items` resolves to (through `$ref` and
    /// combinators) is a string that is not an `enum`, `const`, `format` or `pattern`.
    /// Arrays inside arrays are not listed (a pointer cannot name "every element's array"),
    /// and a recursive type is walked once (`parent: Plan?` inside `Plan` adds nothing).
    /// Use it to point `StepItemValidator` at a schema's lists when the caller knows no
    /// better — and leave out lists that are not instructions, such as tags.
    package var stringListPointers: [JSONPointer] {
        stringPointers(
            matching: { item in
                if case .string = item.kind { return item.isFreeText }
                return false
            }, includingSingleStrings: false)
    }

    /// The walk both ``stringListPointers`` and ``proseStringPointers`` make: from the root
    /// through object properties, `$ref` (each definition once per place in the instance) and combinators, the
    /// pointer of every array whose items all resolve to strings `matching` accepts — and, with
    /// `includingSingleStrings`, of every string it accepts — in declaration order, once each.
    func stringPointers(matching accepts: (SchemaNode) -> Bool, includingSingleStrings: Bool) -> [JSONPointer] {
        var found: [JSONPointer] = []
        // A definition reached again at the same place, through the same definitions, adds nothing
        // new: following it once per (definition, path so far, pointer) keeps a chain whose
        // definitions each refer to the next twice linear (every request computed this for its
        // repetition penalty, and 40 levels hung).
        // `visited` still cuts recursion along a path (`parent: Plan?` inside `Plan`).
        var followed: Set<[String]> = []
        func visit(_ node: SchemaNode, _ pointer: JSONPointer, _ visited: Set<String>) {
            switch node.kind {
            case .reference(let name):
                guard !visited.contains(name),
                    followed.insert([name] + visited.sorted() + ["\u{0}"] + pointer.tokens).inserted,
                    let target = definition(named: name)
                else { return }
                visit(target, pointer, visited.union([name]))
            case .anyOf(let branches), .oneOf(let branches), .allOf(let branches):
                for branch in branches { visit(branch, pointer, visited) }
            case .object(let constraints):
                for property in constraints.properties {
                    visit(property.schema, pointer.appending(property.name), visited)
                }
            case .array(let constraints):
                let items = expanded(constraints.items)
                if constraints.prefixItems.isEmpty, !items.isEmpty, items.allSatisfy(accepts), !found.contains(pointer)
                {
                    found.append(pointer)
                }
            case .string:
                if includingSingleStrings, accepts(node), !found.contains(pointer) { found.append(pointer) }
            default:
                break
            }
        }
        visit(root, .root, [])
        return found
    }
}
