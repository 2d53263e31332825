import GuidedSchema

extension GrammarCompilation {
    /// The largest finite item domain `uniqueItems` is enforced over (one rule per subset of it).
    static let uniqueDomainLimit = 8

    /// `uniqueItems` over a small finite domain (an enum, a constant, booleans, null): the
    /// grammar remembers which values were written and never writes one twice. Nil when the
    /// array is not of that shape (then uniqueness is checked after generation).
    mutating func uniqueArrayExpression(_ c: ArrayConstraints, name: String, at pointer: JSONPointer)
        throws(GrammarError) -> String?
    {
        guard c.uniqueItems, c.prefixItems.isEmpty, c.contains == nil, let domain = finiteDomain(c.items),
            domain.count <= Self.uniqueDomainLimit
        else { return nil }
        let minimum = c.minItems ?? 0
        let maximum = min(c.maxItems ?? domain.count, domain.count)
        guard minimum <= maximum else {
            throw GrammarError(
                "no array of distinct values from a domain of \(domain.count) has \(minimum) items",
                remedy: "lower minItems", at: pointer, unsatisfiable: true)
        }
        record(
            pointer.appending("uniqueItems"), "uniqueItems", .enforced,
            "finite domain: the grammar never repeats a value")
        if c.minItems != nil { record(pointer.appending("minItems"), "minItems", .enforced) }
        if c.maxItems != nil { record(pointer.appending("maxItems"), "maxItems", .enforced) }
        if c.items.kind != .any { record(pointer.appending("items"), "items", .enforced) }
        let literals = domain.map { literal($0) }
        var memo: [Int: String?] = [:]
        // rest(used): the elements after those in `used`, each preceded by a comma.
        func rest(_ used: Int) -> String? {
            if let known = memo[used] { return known }
            let count = used.nonzeroBitCount
            var alternatives: [String] = []
            if count < maximum {
                for (index, value) in literals.enumerated() where used & (1 << index) == 0 {
                    if let tail = rest(used | (1 << index)) { alternatives.append(sequence(["\",\"", value, tail])) }
                }
            }
            let empty = count >= minimum
            let result: String?
            if alternatives.isEmpty {
                result = empty ? "" : nil
            } else {
                result = ruleOrInline(
                    "(" + alternatives.joined(separator: " | ") + ")" + (empty ? "?" : ""),
                    name: "\(name)-unique-\(used)")
            }
            memo[used] = result
            return result
        }
        var first: [String] = []
        if maximum > 0 {
            for (index, value) in literals.enumerated() {
                if let tail = rest(1 << index) { first.append(sequence([value, tail])) }
            }
        }
        var body = first.isEmpty ? "" : "(" + first.joined(separator: " | ") + ")"
        if minimum == 0 && !body.isEmpty { body += "?" }
        return sequence(["\"[\"", body, "\"]\""])
    }

    /// The distinct values a schema admits, when there are finitely many and they are listed.
    private func finiteDomain(_ node: SchemaNode) -> [GeneratedContent]? {
        var node = node
        for _ in 0..<8 {
            guard case .reference(let name) = node.kind, let target = schema.definition(named: name) else { break }
            node = target
        }
        let values: [GeneratedContent]
        switch node.kind {
        case .choice(let listed): values = listed
        case .constant(let value): values = [value]
        case .boolean: values = [true, false]
        case .null: values = [.null]
        default: return nil
        }
        var distinct: [GeneratedContent] = []
        for value in values where !distinct.contains(where: { JSONEquality.equal($0, value) }) {
            distinct.append(value)
        }
        return distinct
    }
}
