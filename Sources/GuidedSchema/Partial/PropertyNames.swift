import Synchronization

/// Which JSON property a key path of a ``Generable`` type reads, found without a macro.
///
/// A probe value with every property is decoded, and then one more for each property in which
/// only that property differs. The key path belongs to the property whose probe changes what
/// it reads — and only if what it reads is exactly that property's value in both probes, so a
/// computed property derived from a stored one is not mistaken for it. Answers are cached per
/// key path, so each is worked out once per process.
enum PropertyNames {
    /// A key path as a cache key. Key paths are immutable once formed, so sharing one across
    /// tasks is safe; the standard library just does not declare `AnyKeyPath` `Sendable`.
    private struct Key: Hashable, @unchecked Sendable {
        let keyPath: AnyKeyPath
    }

    private static let cache = Mutex<[Key: String?]>([:])

    /// The JSON property `keyPath` reads, or nil when it reads no single stored property.
    static func name<Output: Generable, Value>(of keyPath: KeyPath<Output, Value>) -> String? {
        let key = Key(keyPath: keyPath)
        if let cached = cache.withLock({ $0[key] }) { return cached }
        let found = probe(keyPath)
        cache.withLock { $0[key] = .some(found) }
        return found
    }

    private static func probe<Output: Generable, Value>(_ keyPath: KeyPath<Output, Value>) -> String? {
        let schema = Output.generationSchema
        let nodes = ProbeValue.objectProperties(schema.root, in: schema)
        // Every property present (optional ones too) with a value that decodes.
        let base = nodes.map { GeneratedContent.Property($0.name, ProbeValue.sample($0.schema, in: schema)) }
        guard let baseValue = try? Output(content(base)) else { return nil }
        let reference = encoded(baseValue[keyPath: keyPath])
        for (index, node) in nodes.enumerated() {
            for alternative in ProbeValue.alternatives(to: base[index].value, node: node.schema, in: schema) {
                var changed = base
                changed[index] = GeneratedContent.Property(node.name, alternative)
                guard let probe = try? Output(content(changed)) else { continue }
                let read = encoded(probe[keyPath: keyPath])
                guard read != reference else { break }
                // The key path reads this property itself, not something computed from it.
                return reference == base[index].value && read == alternative ? node.name : nil
            }
        }
        return nil
    }

    private static func content(_ properties: [GeneratedContent.Property]) -> GeneratedContent {
        GeneratedContent(properties: properties.map { ($0.name, $0.value) })
    }

    /// A comparable form of any value: its encoding when it is `Encodable`, else its description.
    private static func encoded<Value>(_ value: Value) -> GeneratedContent {
        if let encodable = value as? any Encodable { return GeneratedContentEncoder.encode(encodable) }
        return GeneratedContent(String(reflecting: value))
    }
}

/// Values of a schema node's type, for probing which property a key path reads.
enum ProbeValue {
    /// The properties of an object node (through a reference), or none.
    static func objectProperties(_ node: SchemaNode, in schema: GenerationSchema) -> [ObjectConstraints.Property] {
        if case .object(let object) = resolved(node, in: schema).kind { return object.properties }
        return []
    }

    /// Values of `node`'s type that differ from `base`, most likely to decode first.
    static func alternatives(to base: GeneratedContent, node: SchemaNode, in schema: GenerationSchema, depth: Int = 0)
        -> [GeneratedContent]
    {
        guard depth < 8 else { return [] }
        let node = resolved(node, in: schema)
        switch node.kind {
        case .choice(let values) where values.count > 1: return values.filter { $0 != base }
        case .anyOf(let branches), .oneOf(let branches):
            let branches = branches.filter { $0.kind != .null }
            let others = branches.map { sample($0, in: schema, depth: depth + 1) }.filter { $0 != base }
            return others + branches.flatMap { alternatives(to: base, node: $0, in: schema, depth: depth + 1) }
        default: break
        }
        switch base.kind {
        case .string(let text): return [GeneratedContent(text + "~")]
        case .bool(let flag): return [GeneratedContent(!flag)]
        case .number(let number): return [GeneratedContent((number.intValue ?? 0) &+ 1)]
        case .array(let elements):
            guard elements.isEmpty else { return [[]] }
            guard case .array(let array) = node.kind else { return [] }
            return [[sample(array.prefixItems.first ?? array.items, in: schema, depth: depth + 1)]]
        case .object(let properties):
            let nodes = objectProperties(node, in: schema)
            var found: [GeneratedContent] = []
            for (index, property) in properties.enumerated() {
                guard let inner = nodes.first(where: { $0.name == property.name })?.schema else { continue }
                if case .constant = resolved(inner, in: schema).kind { continue }
                for value in alternatives(to: property.value, node: inner, in: schema, depth: depth + 1).prefix(1) {
                    var changed = properties
                    changed[index] = GeneratedContent.Property(property.name, value)
                    found.append(GeneratedContent(properties: changed.map { ($0.name, $0.value) }))
                }
            }
            return found
        case .null: return []
        }
    }

    /// Some value of `node`'s type, never `null` when the type allows another (not necessarily
    /// within its bounds: decoding checks types only).
    static func sample(_ node: SchemaNode, in schema: GenerationSchema, depth: Int = 0) -> GeneratedContent {
        guard depth < 8 else { return .null }
        let node = resolved(node, in: schema)
        switch node.kind {
        case .any, .nothing, .null: return .null
        case .boolean: return false
        case .string: return ""
        case .integer, .number: return 0
        case .constant(let value): return value
        case .choice(let values): return values.first ?? .null
        case .array: return []
        case .object(let object):
            let required = object.properties.filter(\.isRequired)
            return GeneratedContent(
                properties: required.map { ($0.name, sample($0.schema, in: schema, depth: depth + 1)) })
        case .anyOf(let branches), .oneOf(let branches), .allOf(let branches):
            return branches.first { $0.kind != .null }.map { sample($0, in: schema, depth: depth + 1) } ?? .null
        case .reference, .dynamicReference, .not, .conditional: return .null
        case .dynamicScope(_, let inner), .unevaluated(let inner, _): return sample(inner, in: schema, depth: depth + 1)
        }
    }

    private static func resolved(_ node: SchemaNode, in schema: GenerationSchema) -> SchemaNode {
        if case .reference(let name) = node.kind, let target = schema.definition(named: name) { return target }
        return node
    }
}
