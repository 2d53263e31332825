import GuidedSchema

extension GrammarCompilation {
    /// `allOf`: merged into one node where the branches combine exactly (objects, strings,
    /// numbers, a set of constants filtered by the other branches). Otherwise the first
    /// branch is compiled and the rest are checked after generation.
    mutating func allOfExpression(_ branches: [SchemaNode], name: String, at pointer: JSONPointer) throws(GrammarError)
        -> String
    {
        if let merged = AllOfMerger(schema: schema).merge(branches) {
            record(pointer, "allOf", .enforced, "merged")
            return try expression(merged, name: name, at: pointer)
        }
        record(
            pointer, "allOf", .checkedAfter,
            "branches do not merge into one grammar; the first is generated, all are checked")
        return try expression(branches[0], name: name, at: pointer.appending("allOf").appending(0))
    }
}

/// Combines the branches of an `allOf` into one equivalent node, when that is exact.
struct AllOfMerger {
    let schema: GenerationSchema
    /// Each referenced definition's merged `allOf`, merged once: a schema whose definitions
    /// each refer to the next twice would otherwise be merged 2ⁿ times at n levels (24 levels
    /// took 17.5 s to compile).
    private let mergedDefinitions = MergedDefinitions()

    /// The largest number of combinations distributing `allOf` over `anyOf` may create.
    static let distributionLimit = 256

    func merge(_ branches: [SchemaNode]) -> SchemaNode? {
        var budget = Self.distributionLimit
        return merge(branches, budget: &budget)
    }

    private func merge(_ branches: [SchemaNode], budget: inout Int) -> SchemaNode? {
        var flat: [SchemaNode] = []
        var description: String?
        for branch in branches {
            guard let resolved = resolve(branch, depth: 0) else { return nil }
            description = description ?? resolved.description
            if case .allOf(let inner) = resolved.kind {
                let merged: SchemaNode?
                if case .reference(let name) = branch.kind, let known = mergedDefinitions.results[name] {
                    merged = known
                } else {
                    merged = merge(inner, budget: &budget)
                    if case .reference(let name) = branch.kind { mergedDefinitions.results[name] = merged }
                }
                guard let merged else { return nil }
                flat.append(merged)
            } else if resolved.kind != .any {
                flat.append(resolved)
            }
        }
        if flat.contains(where: { $0.kind == .nothing }) { return .nothing }
        if flat.isEmpty { return SchemaNode(.any, description: description) }
        if flat.count == 1 { return flat[0] }
        // allOf[X, anyOf[a, b]] = anyOf[allOf[X, a], allOf[X, b]]: exact, and it lets untyped
        // schemas (an anyOf over the JSON types) merge type by type.
        if let index = flat.firstIndex(where: { if case .anyOf = $0.kind { true } else { false } }),
            case .anyOf(let alternatives) = flat[index].kind
        {
            guard let merged = distribute(flat, over: alternatives, at: index, keepingEqual: false, budget: &budget)
            else { return nil }
            if merged.isEmpty { return .nothing }
            return merged.count == 1 ? merged[0] : SchemaNode(.anyOf(merged), description: description)
        }
        // allOf[X, oneOf[a, b]] = oneOf[allOf[X, a], allOf[X, b]]: a value failing X fails both
        // sides; one satisfying X satisfies X ∧ a exactly when it satisfies a. So an object type
        // with oneOf object shapes becomes one exact shape per branch, not "any object".
        // Branches that merge to nothing are dropped; equal ones are kept (exactly-one fails on both).
        if let index = flat.firstIndex(where: { if case .oneOf = $0.kind { true } else { false } }),
            case .oneOf(let alternatives) = flat[index].kind
        {
            guard let merged = distribute(flat, over: alternatives, at: index, keepingEqual: true, budget: &budget)
            else { return nil }
            if merged.isEmpty { return .nothing }
            return merged.count == 1 ? merged[0] : SchemaNode(.oneOf(merged), description: description)
        }
        for (index, node) in flat.enumerated() {
            // Each value is checked against the other branches only: checking it against the
            // whole allOf scanned its own enum once per value (quadratic: 8,000 values took 2.3 s).
            var others = flat
            others.remove(at: index)
            switch node.kind {
            case .constant(let value):
                let rest = GenerationSchema(root: SchemaNode(.allOf(others)), definitions: schema.definitions)
                return rest.validates(value) ? SchemaNode(.constant(value), description: description) : .nothing
            case .choice(let values):
                let kept = Self.filter(values, by: others, definitions: schema.definitions)
                return kept.isEmpty ? .nothing : SchemaNode(.choice(kept), description: description)
            default: continue
            }
        }
        var result: SchemaNode.Kind? = nil
        for node in flat {
            guard let combined = result.map({ combine($0, node.kind) }) ?? node.kind else { return nil }
            if combined == .nothing { return .nothing }
            result = combined
        }
        return result.map { SchemaNode($0, description: description) }
    }

    /// `flat` with the alternatives at `index` distributed over the rest: each alternative merged
    /// with the other branches, those that merge to nothing dropped. `keepingEqual` keeps equal
    /// results (an exactly-one choice fails on both); otherwise they are kept once. Nil when the
    /// budget runs out or a branch cannot be merged.
    private func distribute(
        _ flat: [SchemaNode], over alternatives: [SchemaNode], at index: Int, keepingEqual: Bool,
        budget: inout Int
    ) -> [SchemaNode]? {
        budget -= alternatives.count
        guard budget >= 0 else { return nil }
        var others = flat
        others.remove(at: index)
        var merged: [SchemaNode] = []
        for alternative in alternatives {
            guard let branch = merge(others + [alternative], budget: &budget) else { return nil }
            if branch.kind != .nothing && (keepingEqual || !merged.contains(branch)) { merged.append(branch) }
        }
        return merged
    }

    /// The `values` that every branch of `others` accepts. Constants and enums among them are
    /// intersected by hashing (validating each value against another enum scanned it: two enums
    /// of 8,000 values took 20 s); the values left are validated against the other branches.
    private static func filter(
        _ values: [GeneratedContent], by others: [SchemaNode], definitions: [GenerationSchema.Definition]
    ) -> [GeneratedContent] {
        var kept = values
        var rest: [SchemaNode] = []
        for other in others {
            switch other.kind {
            case .constant(let value): kept = kept.filter { JSONEquality.equal($0, value) }
            case .choice(let listed):
                let keys = Set(listed.map(JSONEquality.key))
                kept = kept.filter { keys.contains(JSONEquality.key($0)) }
            default: rest.append(other)
            }
        }
        guard !rest.isEmpty else { return kept }
        let schema = GenerationSchema(root: SchemaNode(.allOf(rest)), definitions: definitions)
        return kept.filter { schema.validates($0) }
    }

    private func resolve(_ node: SchemaNode, depth: Int) -> SchemaNode? {
        guard case .reference(let name) = node.kind else { return node }
        guard depth < 8, let target = schema.definition(named: name) else { return nil }
        return resolve(target, depth: depth + 1)
    }

    private func combine(_ a: SchemaNode.Kind, _ b: SchemaNode.Kind) -> SchemaNode.Kind? {
        switch (a, b) {
        case (.string(let x), .string(let y)):
            guard x.pattern == nil || y.pattern == nil || x.pattern == y.pattern,
                x.format == nil || y.format == nil || x.format == y.format
            else { return nil }
            let merged = StringConstraints(
                minLength: maxOf(x.minLength, y.minLength), maxLength: minOf(x.maxLength, y.maxLength),
                pattern: x.pattern ?? y.pattern, format: x.format ?? y.format)
            if let low = merged.minLength, let high = merged.maxLength, low > high { return .nothing }
            return .string(merged)
        case (.integer(let x), .integer(let y)), (.integer(let x), .number(let y)), (.number(let x), .integer(let y)):
            guard let bounds = intersect(x, y) else { return nil }
            return isEmpty(bounds) ? .nothing : .integer(bounds)
        case (.number(let x), .number(let y)):
            guard let bounds = intersect(x, y) else { return nil }
            return isEmpty(bounds) ? .nothing : .number(bounds)
        case (.boolean, .boolean): return .boolean
        case (.null, .null): return .null
        case (.object(let x), .object(let y)):
            return mergeObjects(x, y).map { .object($0) }
        case (.array(let x), .array(let y))
        where x.prefixItems.isEmpty && y.prefixItems.isEmpty && (x.contains == nil || y.contains == nil):
            guard let items = merge([x.items, y.items]) else { return nil }
            let low = maxOf(x.minItems, y.minItems)
            let high = minOf(x.maxItems, y.maxItems)
            if let low, let high, low > high { return .nothing }
            let counted = x.contains == nil ? y : x
            return .array(
                ArrayConstraints(
                    items: items, minItems: low, maxItems: high, uniqueItems: x.uniqueItems || y.uniqueItems,
                    contains: counted.contains, minContains: counted.minContains, maxContains: counted.maxContains,
                    itemsOmitted: x.itemsOmitted && y.itemsOmitted))
        default:
            // Two different JSON types have no value in common.
            if let a = Self.typeName(a), let b = Self.typeName(b), a != b { return .nothing }
            return nil
        }
    }

    private static func typeName(_ kind: SchemaNode.Kind) -> String? {
        switch kind {
        case .null: "null"
        case .boolean: "boolean"
        case .string: "string"
        case .integer, .number: "number"
        case .array: "array"
        case .object: "object"
        default: nil
        }
    }

    private func mergeObjects(_ x: ObjectConstraints, _ y: ObjectConstraints) -> ObjectConstraints? {
        // Keywords beyond properties (patterns, counts, dependencies) are not merged here.
        guard x.hasOnlyPropertyKeywords, y.hasOnlyPropertyKeywords else { return nil }
        // Closed branches would reject each other's extra properties; merge only when that cannot happen.
        let xNames = Set(x.properties.map(\.name))
        let yNames = Set(y.properties.map(\.name))
        if x.additionalProperties.kind != .any && !yNames.isSubset(of: xNames) { return nil }
        if y.additionalProperties.kind != .any && !xNames.isSubset(of: yNames) { return nil }
        var properties = x.properties
        for property in y.properties {
            if let index = properties.firstIndex(where: { $0.name == property.name }) {
                guard let merged = merge([properties[index].schema, property.schema]) else { return nil }
                properties[index].schema = merged
                properties[index].isRequired = properties[index].isRequired || property.isRequired
            } else {
                properties.append(property)
            }
        }
        let additional: SchemaNode
        switch (x.additionalProperties.kind, y.additionalProperties.kind) {
        case (.any, _): additional = y.additionalProperties
        case (_, .any): additional = x.additionalProperties
        default:
            guard x.additionalProperties == y.additionalProperties else { return nil }
            additional = x.additionalProperties
        }
        var required = x.additionalRequired
        for name in y.additionalRequired where !required.contains(name) { required.append(name) }
        required = required.filter { name in !properties.contains { $0.name == name } }
        for index in properties.indices
        where x.additionalRequired.contains(properties[index].name)
            || y.additionalRequired.contains(properties[index].name)
        {
            properties[index].isRequired = true
        }
        return ObjectConstraints(
            properties, additionalProperties: additional, additionalRequired: required,
            additionalPropertiesOmitted: x.additionalPropertiesOmitted && y.additionalPropertiesOmitted)
    }

    private func intersect(_ x: NumericBounds, _ y: NumericBounds) -> NumericBounds? {
        // Two different steps combine into their least common multiple, which is not computed here.
        guard x.multipleOf == nil || y.multipleOf == nil || x.multipleOf == y.multipleOf else { return nil }
        return NumericBounds(
            minimum: maxOf(x.minimum, y.minimum), maximum: minOf(x.maximum, y.maximum),
            exclusiveMinimum: maxOf(x.exclusiveMinimum, y.exclusiveMinimum),
            exclusiveMaximum: minOf(x.exclusiveMaximum, y.exclusiveMaximum),
            multipleOf: x.multipleOf ?? y.multipleOf)
    }

    private func isEmpty(_ b: NumericBounds) -> Bool {
        let low = [b.minimum, b.exclusiveMinimum].compactMap { $0 }.max()
        let high = [b.maximum, b.exclusiveMaximum].compactMap { $0 }.min()
        guard let low, let high else { return false }
        return low > high || (low == high && (b.exclusiveMinimum == low || b.exclusiveMaximum == high))
    }

    private func maxOf<T: Comparable>(_ a: T?, _ b: T?) -> T? { [a, b].compactMap { $0 }.max() }
    private func minOf<T: Comparable>(_ a: T?, _ b: T?) -> T? { [a, b].compactMap { $0 }.min() }
}

/// The merged `allOf` of each definition a merge went through, by name (nil: it does not merge).
/// One merge's own scratch space, never shared between threads.
private final class MergedDefinitions {
    var results: [String: SchemaNode?] = [:]
}
