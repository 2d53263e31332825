extension GenerationSchema {
    /// Every way `value` breaks this schema, each with its JSON Pointer; empty when valid.
    ///
    /// Every constraint is checked here, including those a grammar also enforces: servers have
    /// been seen to accept a grammar and ignore it.
    public func violations(of value: GeneratedContent) -> [Violation] {
        var validator = SchemaValidator(schema: self)
        _ = validator.check(value, against: root, at: .root)
        return validator.found
    }

    /// Whether `value` satisfies this schema.
    public func validates(_ value: GeneratedContent) -> Bool { violations(of: value).isEmpty }
}

/// Walks a value and a schema together, collecting violations (and, inside
/// `unevaluatedProperties`/`unevaluatedItems`, what each keyword evaluated).
struct SchemaValidator {
    let schema: GenerationSchema
    var found: [Violation] = []
    /// Definitions by name, built on first use for schemas with many of them.
    private var definitionIndex: [String: SchemaNode]?
    private var patterns: [String: PatternMatcher?] = [:]
    /// The dynamic scope: resources with `$dynamicAnchor`s validation passed through, outermost first.
    private var dynamicScopes: [DynamicScope] = []
    /// References being followed, with the instance depth they were entered at: meeting one
    /// again at the same depth is a cycle that would never end.
    private var activeReferences: [(name: String, depth: Int)] = []
    /// What following a reference found, by where it was followed: a schema whose definitions
    /// each refer to the next twice (through `allOf`, or `if`/`then`/`else`) would otherwise be
    /// checked 2ⁿ times at n levels.
    private var followed: [FollowedReference.Key: FollowedReference] = [:]
    /// How many times a cycle or chain guard refused a reference: a result reached through one
    /// depends on the references around it, so it is not kept.
    private var guardsRefused = 0
    /// Whether a property *name* is being checked (`propertyNames`), which shares its pointer
    /// with the property's value.
    var checkingPropertyName = false
    /// How deep in the instance validation is.
    var depth = 0
    /// Above zero while annotations are needed (inside an `unevaluated` node).
    var tracking = 0

    init(schema: GenerationSchema) { self.schema = schema }

    /// Checks `value`; returns what was evaluated (empty unless tracking).
    mutating func check(_ value: GeneratedContent, against node: SchemaNode, at pointer: JSONPointer) -> Evaluated {
        switch node.kind {
        case .any: return .empty
        case .nothing: report(pointer, "false", "no value here", value)
        case .null: expectType("null", value, pointer)
        case .boolean: expectType("boolean", value, pointer)
        case .string(let constraints):
            guard let string = value.stringValue else {
                expectType("string", value, pointer)
                break
            }
            checkString(string, constraints, value, pointer)
        case .integer(let bounds):
            guard let number = value.numberValue, number.isIntegral else {
                expectType("integer", value, pointer)
                break
            }
            checkBounds(number, bounds, value, pointer)
        case .number(let bounds):
            guard let number = value.numberValue else {
                expectType("number", value, pointer)
                break
            }
            checkBounds(number, bounds, value, pointer)
        case .array(let constraints):
            guard let elements = value.arrayValue else {
                expectType("array", value, pointer)
                break
            }
            return checkArray(elements, constraints, value, pointer)
        case .object(let constraints):
            guard let properties = value.properties else {
                expectType("object", value, pointer)
                break
            }
            return checkObject(properties, constraints, value, pointer)
        case .constant(let expected):
            if !JSONEquality.equal(expected, value) {
                report(pointer, "const", "exactly \(Violation.excerpt(of: expected))", value)
            }
        case .choice(let options):
            if !options.contains(where: { JSONEquality.equal($0, value) }) {
                let list = options.prefix(20).map { Violation.excerpt(of: $0, limit: 20) }.joined(separator: ", ")
                report(pointer, "enum", "one of [\(list)\(options.count > 20 ? ", …" : "")]", value)
            }
        case .anyOf(let branches): return checkAnyOf(value, branches, pointer)
        case .oneOf(let branches): return checkOneOf(value, branches, pointer)
        case .allOf(let branches):
            var evaluated = Evaluated.empty
            for branch in branches { evaluated.merge(check(value, against: branch, at: pointer)) }
            return evaluated
        case .reference(let name): return follow(name, value, pointer)
        case .not(let negated):
            if matching(value, negated, pointer) != nil {
                report(pointer, "not", "a value that does not match the \"not\" schema", value)
            }
        case .conditional(let condition, let then, let otherwise):
            guard var evaluated = matching(value, condition, pointer) else {
                return check(value, against: otherwise, at: pointer)
            }
            evaluated.merge(check(value, against: then, at: pointer))
            return evaluated
        case .dynamicReference(let reference):
            let target =
                dynamicScopes.lazy.compactMap { $0.definition(for: reference.anchor) }.first ?? reference.definition
            return follow(target, value, pointer)
        case .dynamicScope(let scope, let inner):
            dynamicScopes.append(scope)
            defer { dynamicScopes.removeLast() }
            return check(value, against: inner, at: pointer)
        case .unevaluated(let inner, let constraints):
            tracking += 1
            let evaluated = check(value, against: inner, at: pointer)
            tracking -= 1
            return checkUnevaluated(value, constraints, evaluated, pointer)
        }
        return .empty
    }

    /// What `value` evaluated against `node` if it matches, nil (recording nothing) if not.
    mutating func matching(_ value: GeneratedContent, _ node: SchemaNode, _ pointer: JSONPointer) -> Evaluated? {
        let mark = found.count
        let evaluated = check(value, against: node, at: pointer)
        guard found.count == mark else {
            found.removeSubrange(mark...)
            return nil
        }
        return evaluated
    }

    private mutating func checkAnyOf(_ value: GeneratedContent, _ branches: [SchemaNode], _ pointer: JSONPointer)
        -> Evaluated
    {
        // Branches told apart by type (`{"type": ["string", "null"]}`, or keywords without a
        // type): only the branch of the value's type can match, so its own violations are
        // the ones worth reporting.
        let typed = branches.map(Self.jsonType)
        if !typed.contains(nil), Set(typed).count == typed.count {
            let candidates = branches.indices.filter { Self.accepts(typed[$0]!, value) }
            if candidates.count == 1 { return check(value, against: branches[candidates[0]], at: pointer) }
        }
        var evaluated: Evaluated?
        for branch in branches {
            guard let branchEvaluated = matching(value, branch, pointer) else { continue }
            if evaluated == nil { evaluated = Evaluated.empty }
            evaluated!.merge(branchEvaluated)
            // Annotations come from every matching branch; without them the first match decides.
            if tracking == 0 { break }
        }
        guard let evaluated else {
            report(pointer, "anyOf", "a value matching at least one of \(branches.count) alternatives", value)
            return .empty
        }
        return evaluated
    }

    private mutating func checkOneOf(_ value: GeneratedContent, _ branches: [SchemaNode], _ pointer: JSONPointer)
        -> Evaluated
    {
        var matches = 0
        var evaluated = Evaluated.empty
        for branch in branches {
            guard let branchEvaluated = matching(value, branch, pointer) else { continue }
            matches += 1
            evaluated = branchEvaluated
        }
        guard matches == 1 else {
            report(
                pointer, "oneOf", "a value matching exactly one of \(branches.count) alternatives (matched \(matches))",
                value)
            return .empty
        }
        return evaluated
    }

    /// The one JSON type a node is about, when it is a plain typed node.
    private static func jsonType(_ node: SchemaNode) -> String? {
        switch node.kind {
        case .null: "null"
        case .boolean: "boolean"
        case .string: "string"
        case .integer: "integer"
        case .number: "number"
        case .array: "array"
        case .object: "object"
        default: nil
        }
    }

    private static func accepts(_ type: String, _ value: GeneratedContent) -> Bool {
        let actual = value.jsonTypeName
        return actual == type || (type == "number" && actual == "integer")
    }

    /// Validates against the definition `name`, refusing a reference cycle that consumes nothing.
    /// The most references followed one inside another without going into the instance.
    static let maximumReferenceDepth = 256

    private mutating func follow(_ name: String, _ value: GeneratedContent, _ pointer: JSONPointer) -> Evaluated {
        guard let target = definition(named: name) else {
            report(pointer, "$ref", "a value for the missing definition \(name)", value)
            return .empty
        }
        if activeReferences.contains(where: { $0.name == name && $0.depth == depth }) {
            guardsRefused += 1
            report(pointer, "$ref", "a schema that does not refer back to itself (\(name) is a reference cycle)", value)
            return .empty
        }
        // Each reference followed is a few stack frames: a chain of 2,000 definitions, each only a
        // $ref to the next, overflowed the stack of a dispatch thread (SIGSEGV). Recursion that
        // goes into the instance is bounded by the instance's nesting, so only references followed
        // at this depth count.
        let chain = activeReferences.reversed().prefix { $0.depth == depth }.count
        guard chain < Self.maximumReferenceDepth else {
            guardsRefused += 1
            report(
                pointer, "$ref",
                "a chain of at most \(Self.maximumReferenceDepth) references (\(name) is deeper)", value)
            return .empty
        }
        let key = FollowedReference.Key(
            name: name, pointer: pointer, depth: depth, propertyName: checkingPropertyName, tracking: tracking > 0)
        // Outside any dynamic scope a reference's result depends only on where it is followed;
        // inside one, a `$dynamicRef` further in may resolve differently, so nothing is kept.
        let keeps = dynamicScopes.isEmpty
        if keeps, let known = followed[key] {
            found.append(contentsOf: known.violations)
            return known.evaluated
        }
        let mark = found.count
        let refusedBefore = guardsRefused
        activeReferences.append((name, depth))
        let evaluated = check(value, against: target, at: pointer)
        activeReferences.removeLast()
        // The same violation reached twice (both branches of `allOf: [$ref, $ref]`) is reported once.
        let violations = FollowedReference.unique(found[mark...])
        found.replaceSubrange(mark..., with: violations)
        if keeps && guardsRefused == refusedBefore {
            followed[key] = FollowedReference(violations: violations, evaluated: evaluated)
        }
        return evaluated
    }

    private mutating func definition(named name: String) -> SchemaNode? {
        if schema.definitions.count <= 8 { return schema.definition(named: name) }
        if definitionIndex == nil {
            definitionIndex = Dictionary(
                schema.definitions.map { ($0.name, $0.node) }, uniquingKeysWith: { first, _ in first })
        }
        return definitionIndex![name]
    }

    /// The compiled pattern for `source` (nil if it cannot be compiled at all).
    mutating func pattern(_ source: String) -> PatternMatcher? {
        if let cached = patterns[source] { return cached }
        let compiled = PatternMatcher(source)
        patterns[source] = compiled
        return compiled
    }

    mutating func expectType(_ type: String, _ value: GeneratedContent, _ pointer: JSONPointer) {
        let actual = value.jsonTypeName
        if actual == type || (type == "number" && actual == "integer") { return }
        report(
            pointer, "type", "\(type == "integer" || type == "array" || type == "object" ? "an" : "a") \(type)", value)
    }

    mutating func report(
        _ pointer: JSONPointer, _ keyword: String, _ expected: String, _ value: GeneratedContent, _ count: Int? = nil
    ) {
        var excerpt = Violation.excerpt(of: value)
        if let count { excerpt += " (\(count))" }
        found.append(Violation(pointer: pointer, keyword: keyword, expected: expected, excerpt: excerpt))
    }
}
