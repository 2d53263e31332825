/// What validating a value against one referenced definition found, kept so the same reference
/// followed at the same place is not checked again.
struct FollowedReference {
    /// Where a reference was followed: its definition, the instance location, and what changes
    /// the result there.
    struct Key: Hashable {
        /// The definition's name.
        let name: String
        /// Where in the instance.
        let pointer: JSONPointer
        /// How deep in the instance.
        let depth: Int
        /// Whether a property name was being checked rather than the value at `pointer`.
        let propertyName: Bool
        /// Whether annotations were being collected.
        let tracking: Bool
    }

    /// The violations it reported, in order.
    let violations: [Violation]
    /// What it evaluated.
    let evaluated: Evaluated

    /// `violations` with each repeated one kept once, in the order first reported.
    static func unique(_ violations: ArraySlice<Violation>) -> [Violation] {
        var seen = Set<Violation>()
        return violations.filter { seen.insert($0).inserted }
    }
}

extension SchemaValidator {
    /// Whether the property name `name` matches `propertyNames` (recording nothing).
    mutating func propertyNameMatches(_ name: String, _ propertyNames: SchemaNode, _ pointer: JSONPointer) -> Bool {
        let outer = checkingPropertyName
        checkingPropertyName = true
        defer { checkingPropertyName = outer }
        return matching(GeneratedContent(name), propertyNames, pointer) != nil
    }
}
