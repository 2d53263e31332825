import GuidedPatterns
import GuidedSchema

/// `patternProperties` and `propertyNames` on an object whose grammar carries only its declared
/// properties (the closed-objects policy): no other key is ever generated, so a pattern
/// constrains exactly the declared keys it matches, and each such value must satisfy its own
/// schema and the schema of every pattern that matches its key.
///
/// Used by the compiler and by ``CompiledGrammar/enforcedSchema(of:)`` alike, so the lowering
/// report and the enforced schema agree.
enum PatternPropertyMerge {
    /// The declared properties with every matching pattern's schema merged into theirs; nil
    /// when that is not exact: no declared property (an open map), required keys that are not
    /// declared, a pattern outside the grammar's regex subset (matching a key must be exact),
    /// or a merge that does not combine into one node.
    static func properties(of c: ObjectConstraints, in schema: GenerationSchema) -> [ObjectConstraints.Property]? {
        guard !c.patternProperties.isEmpty, !c.properties.isEmpty, c.additionalRequired.isEmpty else { return nil }
        var patterns: [(regex: RegexPattern, schema: SchemaNode)] = []
        for property in c.patternProperties {
            guard let regex = try? RegexPattern(property.pattern) else { return nil }
            patterns.append((regex, property.schema))
        }
        let merger = AllOfMerger(schema: schema)
        var result = c.properties
        for index in result.indices {
            let matching = patterns.filter { $0.regex.matches(result[index].name) }.map(\.schema)
            guard !matching.isEmpty else { continue }
            guard let merged = merger.merge([result[index].schema] + matching) else { return nil }
            result[index].schema = merged
        }
        return result
    }

    /// The one pattern of an object closed to every other key (`additionalProperties: false`,
    /// no declared or required property, no `propertyNames`): its keys are exactly the keys the
    /// pattern matches, so the grammar can write a map of them. Nil otherwise: with two patterns
    /// a key matching both would owe its value to both schemas, which one map cannot say.
    static func mappedPattern(of c: ObjectConstraints) -> ObjectConstraints.PatternProperty? {
        guard c.patternProperties.count == 1, c.properties.isEmpty, c.additionalRequired.isEmpty,
            c.additionalProperties.kind == .nothing, c.propertyNames.kind == .any
        else { return nil }
        return c.patternProperties[0]
    }

    /// Whether `propertyNames` holds by construction: the object is closed (declared
    /// properties only) and every declared key satisfies it.
    static func namesHold(in c: ObjectConstraints, in schema: GenerationSchema) -> Bool {
        guard c.propertyNames.kind != .any, !c.properties.isEmpty else { return false }
        let names = GenerationSchema(root: c.propertyNames, definitions: schema.definitions)
        return (c.properties.map(\.name) + c.additionalRequired).allSatisfy { names.validates(GeneratedContent($0)) }
    }
}
