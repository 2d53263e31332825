import GuidedPatterns
import GuidedSchema
import Testing

/// Patterns nested deeper than any real one are refused with a located error, in a schema's
/// `pattern` and in a value checked against `format: regex`: 15,000 nested groups used to
/// overflow the stack and kill the process (SIGSEGV) before any fallback could ship.
@Suite struct RegexDepthTests {
    static func nested(_ depth: Int) -> String {
        String(repeating: "(", count: depth) + "a" + String(repeating: ")", count: depth)
    }

    @Test func groupsNestedTooDeepAreASyntaxErrorNotACrash() throws {
        let error = try #require(throws: RegexSyntaxError.self) { try RegexPattern(Self.nested(20_000)) }
        #expect(error.description.contains("nest more than 200 levels"), "\(error)")
        #expect(try RegexPattern(Self.nested(150)).matches("a"))
    }

    @Test func aSchemasDeepPatternIsALocatedSchemaError() throws {
        let document: GeneratedContent = ["type": "string", "pattern": GeneratedContent(Self.nested(20_000))]
        let error = try #require(throws: SchemaError.self) { try GenerationSchema.fromJSONSchema(document) }
        #expect(error.pointer == JSONPointer("/pattern"), "\(error)")
    }

    @Test func aModelsDeepRegexAnswerIsAViolationNotACrash() throws {
        let schema = try GenerationSchema.fromJSONSchema(["type": "string", "format": "regex"]).schema
        let violations = schema.violations(of: GeneratedContent(Self.nested(20_000)))
        #expect(violations.map(\.keyword) == ["format"], "\(violations)")
        #expect(schema.violations(of: GeneratedContent(Self.nested(20))).isEmpty)
    }
}
