import GuidedJSON
import GuidedSchema
import Testing

/// The 2020-12 keywords beyond the generation subset, as the validator reports them: each
/// violation names its keyword and JSON Pointer.
@Suite struct ApplicatorValidationTests {
    static func keywords(_ schema: String, _ instance: String) throws -> [String] {
        let imported = try GenerationSchema.fromJSONSchema(try JSONReader.parse(schema)).schema
        return imported.violations(of: try JSONReader.parse(instance)).map { "\($0.pointer) \($0.keyword)" }
    }

    @Test func patternsOutsideTheSubsetAreCheckedByTheFullMatcher() throws {
        #expect(try Self.keywords(#"{"type": "string", "pattern": "^(?!x)\\w+$"}"#, #""abc""#) == [])
        #expect(try Self.keywords(#"{"type": "string", "pattern": "^(?!x)\\w+$"}"#, #""xyz""#) == [" pattern"])
    }

    @Test func objectKeywords() throws {
        let schema = #"""
            {"type": "object", "patternProperties": {"^x-": {"type": "string"}}, "propertyNames": {"maxLength": 5},
             "minProperties": 1, "maxProperties": 3, "dependentRequired": {"a": ["b"]},
             "dependentSchemas": {"c": {"required": ["d"]}}}
            """#
        #expect(try Self.keywords(schema, #"{"x-a": "s"}"#) == [])
        #expect(try Self.keywords(schema, #"{"x-a": 1}"#) == ["/x-a type"])
        #expect(try Self.keywords(schema, #"{"longname": 1}"#) == ["/longname propertyNames"])
        #expect(try Self.keywords(schema, "{}") == [" minProperties"])
        #expect(try Self.keywords(schema, #"{"a": 1}"#) == [" dependentRequired"])
        #expect(try Self.keywords(schema, #"{"c": 1}"#) == [" required"])
    }

    @Test func arrayKeywords() throws {
        let schema =
            #"{"type": "array", "uniqueItems": true, "contains": {"type": "integer"}, "minContains": 2, "maxContains": 3}"#
        #expect(try Self.keywords(schema, #"[1, 2, "a"]"#) == [])
        #expect(try Self.keywords(schema, #"[1, 1.0]"#) == [" uniqueItems"])
        #expect(try Self.keywords(schema, #"[1, "a"]"#) == [" minContains"])
        #expect(try Self.keywords(schema, #"[1, 2, 3, 4]"#) == [" maxContains"])
    }

    @Test func negationAndConditions() throws {
        let schema =
            #"{"not": {"type": "null"}, "if": {"type": "string"}, "then": {"minLength": 2}, "else": {"type": "integer"}}"#
        #expect(try Self.keywords(schema, #""ab""#) == [])
        #expect(try Self.keywords(schema, #""a""#) == [" minLength"])
        #expect(try Self.keywords(schema, "1.5") == [" type"])
        #expect(try Self.keywords(schema, "null") == [" not", " type"])
    }

    @Test func unevaluatedPropertiesSeeEveryApplicator() throws {
        let schema = #"""
            {"type": "object", "properties": {"a": true}, "allOf": [{"properties": {"b": true}}],
             "anyOf": [{"properties": {"c": {"type": "string"}}}, {"required": ["d"]}],
             "unevaluatedProperties": false}
            """#
        #expect(try Self.keywords(schema, #"{"a": 1, "b": 2, "c": "x"}"#) == [])
        #expect(try Self.keywords(schema, #"{"a": 1, "d": 2}"#) == ["/d unevaluatedProperties"])
        #expect(try Self.keywords(schema, #"{"a": 1, "c": "x", "e": 3}"#) == ["/e unevaluatedProperties"])
    }

    @Test func dynamicReferencesFollowTheDynamicScope() throws {
        // A strict tree reusing a generic tree: nodes reached through the generic definition are strict too.
        let schema = #"""
            {"$id": "https://example.com/strict-tree", "$dynamicAnchor": "node", "$ref": "tree", "unevaluatedProperties": false,
             "$defs": {"tree": {"$id": "https://example.com/tree", "$dynamicAnchor": "node", "type": "object",
                                "properties": {"data": true, "children": {"type": "array", "items": {"$dynamicRef": "#node"}}}}}}
            """#
        #expect(try Self.keywords(schema, #"{"children": [{"data": 1}]}"#) == [])
        #expect(
            try Self.keywords(schema, #"{"children": [{"daat": 1}]}"#) == ["/children/0/daat unevaluatedProperties"])
    }
}
