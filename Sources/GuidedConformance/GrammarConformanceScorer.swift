import GuidedGrammar
import GuidedJSON
public import GuidedSchema

/// Scores compiled grammars against conformance instances: a grammar should accept the text
/// of every valid instance (or, under the documented policies, its canonical spelling) and
/// reject every instance that breaks an enforced rule.
public struct GrammarConformanceScorer {
    /// How one instance fared.
    public enum Outcome: Hashable, Sendable, CustomStringConvertible {
        /// Schema not compiled (rejected by the importer or the compiler).
        case notCovered
        case validAccepted
        /// Valid, raw text rejected, canonical spelling (compact, schema key order) accepted.
        case validAcceptedCanonically
        /// Valid, rejected under a documented policy (named).
        case validRejectedByPolicy(String)
        case validRejected
        case invalidRejected
        /// Invalid, accepted, but valid against what the grammar enforces: the broken keyword is
        /// checked after generation (or unsupported and reported as such).
        case invalidAcceptedCheckedAfter
        case invalidAccepted

        /// A short name for reports.
        public var description: String {
            switch self {
            case .notCovered: "not covered"
            case .validAccepted: "valid, accepted as written"
            case .validAcceptedCanonically: "valid, accepted in canonical spelling"
            case .validRejectedByPolicy(let policy): "valid, rejected by policy (\(policy))"
            case .validRejected: "valid, REJECTED"
            case .invalidRejected: "invalid, rejected"
            case .invalidAcceptedCheckedAfter: "invalid, accepted (keyword not enforced: checked after or unsupported)"
            case .invalidAccepted: "invalid, ACCEPTED"
            }
        }
    }

    /// Creates a scorer with an empty grammar cache.
    public init() {}

    private var compiled: [String: (GenerationSchema, CompiledGrammar, GBNFGrammar)?] = [:]

    /// The schema, its compiled grammar and our parse of it; nil when the schema does not compile.
    package mutating func grammar(for schemaDocument: GeneratedContent) -> (
        GenerationSchema, CompiledGrammar, GBNFGrammar
    )? {
        let key = schemaDocument.jsonText()
        if let cached = compiled[key] { return cached }
        var entry: (GenerationSchema, CompiledGrammar, GBNFGrammar)?
        let lenient = JSONSchemaImportOptions(allowUnsupported: true)
        if let schema = try? GenerationSchema.fromJSONSchema(schemaDocument, options: lenient).schema,
            let grammar = try? GrammarCompiler.compile(schema),
            let parsed = try? GBNFGrammar(parsing: grammar.gbnf)
        {
            entry = (schema, grammar, parsed)
        }
        compiled[key] = entry
        return entry
    }

    /// How the grammar compiled from the JSON Schema `document` treats the instance `text`, whose
    /// validity (`valid`) the test suite states; the grammar is compiled once per document.
    public mutating func score(schema document: GeneratedContent, instance text: String, valid: Bool) -> Outcome {
        guard let (schema, compiled, grammar) = grammar(for: document) else { return .notCovered }
        let accepted = grammar.accepts(text)
        let value = try? JSONReader.parse(text)
        if valid {
            if accepted { return .validAccepted }
            guard let value else { return .validRejected }
            if grammar.accepts(CanonicalSpelling.text(of: value, in: schema)) { return .validAcceptedCanonically }
            if let policy = Self.policy(for: value, text: text, schema: schema) {
                return .validRejectedByPolicy(policy)
            }
            return .validRejected
        }
        guard accepted else { return .invalidRejected }
        guard let value else { return .invalidAccepted }
        let enforced = compiled.enforcedSchema(of: schema)
        return enforced.validates(value) || schema.validates(value) ? .invalidAcceptedCheckedAfter : .invalidAccepted
    }

    /// The documented policy under which a valid value's canonical spelling may be rejected.
    public static func policy(for value: GeneratedContent, text: String, schema: GenerationSchema) -> String? {
        if visits(value, schema.root, schema, where: hasUndeclaredProperty) { return "closed objects" }
        if visits(value, schema.root, schema, where: isFormatFormLeftOut) { return "format forms left out" }
        if hasNonPlainNumber(value) { return "number spelling" }
        if text.contains("\\u") || text.contains("\\/") { return "canonical escapes" }
        return nil
    }

    private static func hasNonPlainNumber(_ value: GeneratedContent) -> Bool {
        switch value.kind {
        case .number(let n): return n.text.contains { "eE.".contains($0) } || n.text == "-0"
        case .array(let elements): return elements.contains(where: hasNonPlainNumber)
        case .object(let properties): return properties.contains { hasNonPlainNumber($0.value) }
        default: return false
        }
    }

    /// Whether `value` is an object with a key its closed object schema does not declare.
    private static func hasUndeclaredProperty(_ value: GeneratedContent, _ node: SchemaNode) -> Bool {
        guard case .object(let c) = node.kind, let properties = value.properties else { return false }
        return !c.properties.isEmpty && properties.contains(where: { c.property(named: $0.name) == nil })
    }

    /// Whether `value` is a string in a form of its schema's format that the grammar leaves out.
    private static func isFormatFormLeftOut(_ value: GeneratedContent, _ node: SchemaNode) -> Bool {
        guard case .string(let c) = node.kind, c.pattern == nil, let format = c.format, let string = value.stringValue
        else { return false }
        return GrammarCompiler.formatGrammarWrites(string, format: format) == false
    }

    /// Whether `test` holds for the value and a schema node it meets, anywhere in `value`.
    private static func visits(
        _ value: GeneratedContent, _ node: SchemaNode, _ schema: GenerationSchema, depth: Int = 0,
        where test: (GeneratedContent, SchemaNode) -> Bool
    ) -> Bool {
        guard depth < 32 else { return false }
        if test(value, node) { return true }
        switch node.kind {
        case .reference(let name):
            return schema.definition(named: name).map { visits(value, $0, schema, depth: depth + 1, where: test) }
                ?? false
        case .anyOf(let branches), .oneOf(let branches), .allOf(let branches):
            return branches.contains { visits(value, $0, schema, depth: depth + 1, where: test) }
        case .object(let c):
            guard let properties = value.properties else { return false }
            return properties.contains { property in
                let child = c.property(named: property.name)?.schema ?? c.additionalProperties
                return visits(property.value, child, schema, depth: depth + 1, where: test)
            }
        case .array(let c):
            guard let elements = value.arrayValue else { return false }
            return elements.enumerated().contains { index, element in
                visits(
                    element, index < c.prefixItems.count ? c.prefixItems[index] : c.items, schema, depth: depth + 1,
                    where: test)
            }
        default: return false
        }
    }
}
