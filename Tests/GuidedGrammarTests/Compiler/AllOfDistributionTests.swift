import GuidedGrammar
import GuidedJSON
import GuidedSchema
import Testing

/// `type`/`allOf` distributed over `oneOf` object branches (issue 11: an object with `oneOf`
/// over two shapes became "any object" and the check ran only after generation), and the
/// allOf merge and alternation patterns in linear time (issue 12).
@Suite struct AllOfDistributionTests {
    static func compiled(_ text: String) throws -> (GenerationSchema, CompiledGrammar, GBNFGrammar) {
        let schema = try GenerationSchema.fromJSONSchema(try JSONReader.parse(text)).schema
        let grammar = try GrammarCompiler.compile(schema)
        return (schema, grammar, try GBNFGrammar(parsing: grammar.gbnf))
    }

    static let shapes = #"""
        {"type": "object", "properties": {"kind": {"type": "string"}}, "required": ["kind"],
         "oneOf": [
            {"properties": {"kind": {"const": "a"}, "x": {"type": "integer"}}, "required": ["x"]},
            {"properties": {"kind": {"const": "b"}, "y": {"type": "string"}}, "required": ["y"]}]}
        """#

    @Test func anObjectWithOneOfShapesGeneratesExactlyThoseShapes() throws {
        let (schema, compiled, grammar) = try Self.compiled(Self.shapes)
        for valid in [#"{"kind":"a","x":1}"#, #"{"kind":"b","y":"s"}"#] {
            #expect(grammar.accepts(valid), "\(valid)")
            #expect(schema.validates(try JSONReader.parse(valid)))
        }
        for invalid in [
            #"{"kind":"a"}"#, #"{"kind":"a","x":"s"}"#, #"{"kind":"b","y":1}"#, #"{"kind":"c","x":1}"#,
            #"{"kind":"a","y":"s"}"#,
        ] {
            #expect(!grammar.accepts(invalid), "\(invalid)")
            #expect(!schema.validates(try JSONReader.parse(invalid)), "\(invalid)")
        }
        let report = compiled.report
        #expect(report.entries.contains { $0.keyword == "allOf" && $0.disposition == .enforced })
        #expect(
            report.entries.contains {
                $0.keyword == "oneOf" && $0.disposition == .enforced && $0.note.contains("disjoint")
            })
        #expect(report.entries(.checkedAfter).isEmpty, "\(report)")
    }

    @Test func overlappingBranchesStayExactlyOneCheckedAfter() throws {
        let (_, compiled, grammar) = try Self.compiled(
            #"""
            {"type": "object", "properties": {"n": {"type": "integer"}}, "required": ["n"],
             "oneOf": [{"properties": {"n": {"minimum": 0}}}, {"properties": {"n": {"maximum": 10}}}]}
            """#)
        #expect(compiled.report.entries.contains { $0.keyword == "oneOf" && $0.disposition == .checkedAfter })
        #expect(grammar.accepts(#"{"n":5}"#), "both branches hold: generated, then refused by the check after")
        #expect(!grammar.accepts(#"{"n":"5"}"#), "the type is still enforced in every branch")
    }

    @Test func aTypeErrorInsideABranchIsRejectedByTheGrammar() throws {
        let (_, _, grammar) = try Self.compiled(
            #"""
            {"type": "object", "oneOf": [
                {"properties": {"id": {"type": "integer"}}, "required": ["id"], "additionalProperties": false},
                {"properties": {"name": {"type": "string"}}, "required": ["name"], "additionalProperties": false}]}
            """#)
        #expect(grammar.accepts(#"{"id":3}"#))
        #expect(grammar.accepts(#"{"name":"x"}"#))
        #expect(!grammar.accepts(#"{"id":"3"}"#))
        #expect(!grammar.accepts(#"{"name":3}"#))
    }

    @Test func aHundredThousandValueStringEnumCompiles() throws {
        let values = (0..<100_000).map { GeneratedContent("v\($0)") }
        let document: GeneratedContent = ["allOf": [["type": "string"], ["enum": GeneratedContent(elements: values)]]]
        let schema = try GenerationSchema.fromJSONSchema(document).schema
        let grammar = try GrammarCompiler.compile(schema)
        #expect(grammar.report.entries.contains { $0.keyword == "enum" && $0.disposition == .enforced })
        #expect(grammar.gbnf.contains(#""\"v99999\"""#))
    }

    @Test func aFiveThousandWayAlternationCompiles() throws {
        let pattern = "^(" + (0..<5_000).map { "w\($0)x" }.joined(separator: "|") + ")$"
        let schema = try GenerationSchema.fromJSONSchema(["type": "string", "pattern": GeneratedContent(pattern)])
            .schema
        let compiled = try GrammarCompiler.compile(schema)
        #expect(compiled.report.entries.contains { $0.keyword == "pattern" && $0.disposition == .enforced })
        let grammar = try GBNFGrammar(parsing: compiled.gbnf)
        #expect(grammar.accepts(#""w4999x""#))
        #expect(!grammar.accepts(#""w5000x""#))
    }
}
