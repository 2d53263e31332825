import GuidedSchema

/// Decides whether two schema branches can never accept the same value (so `oneOf` is `anyOf`).
///
/// Sound, not complete: `true` is a proof, `false` only means no proof was found. A proof comes
/// from the JSON types the branches admit, from their listed values, from the parts of a
/// combination (`allOf` is disjoint from X when one of its branches is; `anyOf` and `oneOf` when
/// all of theirs are), or from a property both objects declare, that at least one requires, and
/// whose schemas are themselves disjoint (a discriminator such as `"kind": {"const": "a"}`).
enum Disjointness {
    /// How many references, combinations and properties a proof may go through.
    static let maximumDepth = 8

    static func provablyDisjoint(_ a: SchemaNode, _ b: SchemaNode, in schema: GenerationSchema) -> Bool {
        disjoint(a, b, schema, depth: 0)
    }

    private static func disjoint(_ a: SchemaNode, _ b: SchemaNode, _ schema: GenerationSchema, depth: Int) -> Bool {
        guard depth < maximumDepth else { return false }
        let a = resolved(a, schema)
        let b = resolved(b, schema)
        if a.kind == .nothing || b.kind == .nothing { return true }
        if let ta = types(a, schema, depth: depth), let tb = types(b, schema, depth: depth), ta.isDisjoint(with: tb) {
            return true
        }
        if let va = values(a, schema, depth: depth), let vb = values(b, schema, depth: depth) {
            return !va.contains { x in vb.contains { JSONEquality.equal(x, $0) } }
        }
        if let va = values(a, schema, depth: depth) {
            return !va.contains { GenerationSchema(root: b, definitions: schema.definitions).validates($0) }
        }
        if let vb = values(b, schema, depth: depth) {
            return !vb.contains { GenerationSchema(root: a, definitions: schema.definitions).validates($0) }
        }
        // A value both accept satisfies every branch of an allOf, and some branch of an anyOf.
        for (one, other) in [(a, b), (b, a)] {
            switch one.kind {
            case .allOf(let branches):
                if branches.contains(where: { disjoint($0, other, schema, depth: depth + 1) }) { return true }
            case .anyOf(let branches), .oneOf(let branches):
                if branches.allSatisfy({ disjoint($0, other, schema, depth: depth + 1) }) { return true }
            default: break
            }
        }
        if case .object(let x) = a.kind, case .object(let y) = b.kind {
            // A property both declare and one requires: present, it must satisfy both schemas.
            for p in x.properties {
                guard let q = y.property(named: p.name), p.isRequired || q.isRequired else { continue }
                if disjoint(p.schema, q.schema, schema, depth: depth + 1) { return true }
            }
        }
        return false
    }

    private static func resolved(_ node: SchemaNode, _ schema: GenerationSchema) -> SchemaNode {
        var current = node
        for _ in 0..<maximumDepth {
            switch current.kind {
            case .reference(let name):
                guard let target = schema.definition(named: name) else { return current }
                current = target
            case .dynamicScope(_, let inner), .unevaluated(let inner, _): current = inner
            default: return current
            }
        }
        return current
    }

    /// The values a node can accept, when it lists them (an `allOf` with a listed branch accepts
    /// no others); nil when unknown.
    private static func values(_ node: SchemaNode, _ schema: GenerationSchema, depth: Int) -> [GeneratedContent]? {
        guard depth < maximumDepth else { return nil }
        switch resolved(node, schema).kind {
        case .constant(let v): return [v]
        case .choice(let vs): return vs
        case .allOf(let branches):
            return branches.lazy.compactMap { values($0, schema, depth: depth + 1) }.first
        default: return nil
        }
    }

    /// The JSON types a node can accept ("integer" folded into "number"); nil when unknown.
    private static func types(_ node: SchemaNode, _ schema: GenerationSchema, depth: Int) -> Set<String>? {
        guard depth < maximumDepth else { return nil }
        switch resolved(node, schema).kind {
        case .null: return ["null"]
        case .boolean: return ["boolean"]
        case .string: return ["string"]
        case .integer, .number: return ["number"]
        case .array: return ["array"]
        case .object: return ["object"]
        case .constant(let v): return [typeName(v)]
        case .choice(let vs): return Set(vs.map(typeName))
        case .allOf(let branches):
            // Every branch must accept the value: the types all the typed branches share.
            let known = branches.compactMap { types($0, schema, depth: depth + 1) }
            return known.isEmpty ? nil : known.dropFirst().reduce(known[0]) { $0.intersection($1) }
        case .anyOf(let branches), .oneOf(let branches):
            var union: Set<String> = []
            for branch in branches {
                guard let types = types(branch, schema, depth: depth + 1) else { return nil }
                union.formUnion(types)
            }
            return union
        default: return nil
        }
    }

    private static func typeName(_ value: GeneratedContent) -> String {
        value.jsonTypeName == "integer" ? "number" : value.jsonTypeName
    }
}
