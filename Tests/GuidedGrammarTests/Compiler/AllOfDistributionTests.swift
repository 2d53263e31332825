import GuidedGrammar
import GuidedJSON
import GuidedSchema
import GuidedTestTraits
import Testing

/// `type`/`allOf` distributed over `oneOf` object branches (issue 11: an object with `oneOf`
/// over two shapes became "any object" and the check ran only after generation), and the
/// allOf merge and alternation patterns in linear time (issue 12).
@Suite(.ownThreads) struct AllOfDistributionTests {
    /// The schema, its compilation, and the grammar checked by our matcher and llama.cpp's.
    static func compiled(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> (
        GenerationSchema, CompiledGrammar, CheckedGrammar
    ) {
        let schema = try GenerationSchema.fromJSONSchema(try JSONReader.parse(text)).schema
        let grammar = try GrammarCompiler.compile(schema)
        return (schema, grammar, try CheckedGrammar(grammar.gbnf, sourceLocation: sourceLocation))
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
        // Shared prefixes are written once (a flat alternation kept llama-server busy for minutes).
        #expect(!grammar.gbnf.contains(#""\"v99999\"""#))
        let parsed = try CheckedGrammar(grammar.gbnf)
        for value in ["v0", "v9", "v10", "v99999", "v50000"] { #expect(parsed.accepts("\"\(value)\""), "\(value)") }
        for value in ["v", "v100000", "v01", "w1", "v1 "] { #expect(!parsed.accepts("\"\(value)\""), "\(value)") }
    }

    @Test func twoLargeEnumsMergeToTheirIntersection() throws {
        func values(_ range: Range<Int>) -> GeneratedContent {
            GeneratedContent(elements: range.map { GeneratedContent("v\($0)") })
        }
        let document: GeneratedContent = [
            "allOf": [["type": "string", "enum": values(0..<3_000)], ["enum": values(1_500..<4_500)]]
        ]
        let (schema, compiled, grammar) = try Self.compiled(document.jsonText())
        #expect(compiled.report.entries.contains { $0.keyword == "allOf" && $0.note == "merged" })
        for value in ["v1500", "v2000", "v2999"] {
            #expect(grammar.accepts("\"\(value)\""), "\(value)")
            #expect(schema.validates(GeneratedContent(value)))
        }
        for value in ["v0", "v1499", "v3000", "v4499"] {
            #expect(!grammar.accepts("\"\(value)\""), "\(value)")
            #expect(!schema.validates(GeneratedContent(value)))
        }
    }

    @Test func anEnumMergedWithAConstantAndOtherKeywordsKeepsOnlyWhatAllAccept() throws {
        let (_, _, constant) = try Self.compiled(#"{"allOf": [{"enum": ["a", "bb", 1, 1.0]}, {"const": 1.0}]}"#)
        #expect(constant.accepts("1"))
        #expect(!constant.accepts(#""a""#))
        let (_, _, long) = try Self.compiled(
            #"{"allOf": [{"enum": ["a", "bbbbb", "cccccc", 7]}, {"enum": ["bbbbb", "cccccc", 7]}, {"type": "string", "minLength": 6}]}"#
        )
        #expect(long.accepts(#""cccccc""#))
        for value in [#""a""#, #""bbbbb""#, "7"] { #expect(!long.accepts(value), "\(value)") }
    }

    @Test func aLargeEnumOfMixedValuesAcceptsExactlyItsValues() throws {
        // Values that begin one another ("ab", "abc"; 1, 10, 100) end inside the shared prefix.
        var values: [GeneratedContent] = ["ab", "abc", "abd", "", 1, 10, 100, -1, true, false, nil, ["k": 1]]
        values += (0..<200).map { GeneratedContent("word\($0 * 7)") }
        let document: GeneratedContent = ["enum": GeneratedContent(elements: values)]
        let (_, compiled, grammar) = try Self.compiled(document.jsonText())
        #expect(compiled.gbnf.count < values.map { $0.jsonText().count + 6 }.reduce(0, +))
        for value in values { #expect(grammar.accepts(value.jsonText()), "\(value.jsonText())") }
        for text in [#""a""#, #""abcd""#, #""ab ""#, "1000", "0", "-10", #"{"k":2}"#, #""word1""#, #""word""#, "nul"] {
            #expect(!grammar.accepts(text), "\(text)")
        }
    }

    @Test func aFiveThousandWayAlternationCompiles() throws {
        let pattern = "^(" + (0..<5_000).map { "w\($0)x" }.joined(separator: "|") + ")$"
        let schema = try GenerationSchema.fromJSONSchema(["type": "string", "pattern": GeneratedContent(pattern)])
            .schema
        let compiled = try GrammarCompiler.compile(schema)
        #expect(compiled.report.entries.contains { $0.keyword == "pattern" && $0.disposition == .enforced })
        let grammar = try CheckedGrammar(compiled.gbnf)
        #expect(grammar.accepts(#""w4999x""#))
        #expect(!grammar.accepts(#""w5000x""#))
    }

    @Test func aChainOfDefinitionsTooDeepToCompileIsALocatedError() throws {
        // 2,000 definitions, each a $ref to the next, overflowed the stack (SIGSEGV) in `guided schema`.
        var definitions = (0..<2_000).map { index -> (String, GeneratedContent) in
            ("d\(index)", ["$ref": GeneratedContent("#/$defs/d\(index + 1)")])
        }
        definitions.append(("d2000", ["type": "integer"]))
        let document = GeneratedContent(properties: [
            ("$defs", GeneratedContent(properties: definitions)), ("$ref", "#/$defs/d0"),
        ])
        let schema = try GenerationSchema.fromJSONSchema(document).schema
        do {
            let compiled = try GrammarCompiler.compile(schema)
            Issue.record("compiled \(compiled.gbnf.count) characters")
        } catch {
            #expect(error.message.contains("nest more than 256 definitions deep"), "\(error.message)")
            #expect(error.pointer == JSONPointer("/$defs/d255/$ref"), "\(error.pointer)")
        }
    }
}
