import GuidedGrammar
import GuidedJSON
import GuidedSchema
import GuidedTestTraits
import Testing

/// `oneOf` branches proven disjoint, so the grammar enforces exactly one (issue 23: 30 of the 52
/// `oneOf` uses in the JSONSchemaBench sample were checked after generation). Shapes taken from
/// that sample; each grammar is checked by llama.cpp and by our matcher.
@Suite(.ownThreads) struct DisjointOneOfTests {
    static func oneOfDisposition(_ text: String) throws -> (LoweringReport.Disposition?, CheckedGrammar) {
        let schema = try GenerationSchema.fromJSONSchema(try JSONReader.parse(text)).schema
        let compiled = try GrammarCompiler.compile(schema)
        let entry = compiled.report.entries.first { $0.keyword == "oneOf" }
        return (entry?.disposition, try CheckedGrammar(compiled.gbnf))
    }

    @Test func anObjectDefinitionAndAnArrayOfItAreDisjoint() throws {
        let (disposition, grammar) = try Self.oneOfDisposition(
            #"""
            {"$defs": {"vehicle": {"allOf": [{"type": "object", "properties": {"id": {"type": "string"}}}, {"required": ["id"]}]}},
             "oneOf": [{"$ref": "#/$defs/vehicle"}, {"type": "array", "items": {"$ref": "#/$defs/vehicle"}}]}
            """#)
        #expect(disposition == .enforced)
        #expect(grammar.accepts(#"{"id":"a"}"#))
        #expect(grammar.accepts(#"[{"id":"a"}]"#))
        #expect(!grammar.accepts(#""a""#))
    }

    @Test func aDiscriminatorOnlyOneBranchRequiresIsEnough() throws {
        let (disposition, grammar) = try Self.oneOfDisposition(
            #"""
            {"type": "object", "oneOf": [
                {"properties": {"evidence": {"type": "null"}, "yesNo": {"enum": [false]}}},
                {"properties": {"yesNo": {"enum": [true]}}, "required": ["yesNo", "evidence"]}]}
            """#)
        #expect(disposition == .enforced)
        #expect(grammar.accepts(#"{"yesNo":false}"#))
        #expect(grammar.accepts(#"{"yesNo":true,"evidence":null}"#))
    }

    @Test func requiredDiscriminatorsBehindReferencesAreFound() throws {
        let (disposition, _) = try Self.oneOfDisposition(
            #"""
            {"$defs": {
                "http": {"type": "object", "properties": {"kind": {"const": "http"}, "url": {"type": "string"}}, "required": ["kind"]},
                "tcp": {"type": "object", "properties": {"kind": {"type": "string", "enum": ["tcp"]}, "port": {"type": "integer"}}, "required": ["kind"]}},
             "oneOf": [{"$ref": "#/$defs/http"}, {"$ref": "#/$defs/tcp"}]}
            """#)
        #expect(disposition == .enforced)
    }

    @Test func stringEnumsWithNoValueInCommonAreDisjoint() throws {
        let (disposition, grammar) = try Self.oneOfDisposition(
            #"{"oneOf": [{"type": "string", "enum": ["all", "none"]}, {"type": "string", "enum": ["some"]}]}"#)
        #expect(disposition == .enforced)
        #expect(grammar.accepts(#""some""#) && !grammar.accepts(#""other""#))
    }

    @Test func branchesThatCanBothMatchStayCheckedAfter() throws {
        for text in [
            // Neither branch requires the property whose values differ: {} matches both.
            #"{"type": "object", "oneOf": [{"properties": {"type": {"enum": ["a"]}}}, {"properties": {"type": {"enum": ["b"]}}}]}"#,
            // Different required properties: an object may have both.
            #"{"type": "object", "oneOf": [{"required": ["login"]}, {"required": ["password"]}]}"#,
            // An IPv4 address is also a hostname.
            #"{"oneOf": [{"type": "string", "format": "hostname"}, {"type": "string", "format": "ipv4"}]}"#,
        ] {
            let (disposition, _) = try Self.oneOfDisposition(text)
            #expect(disposition == .checkedAfter, "\(text)")
        }
    }
}
