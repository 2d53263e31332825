import GuidedJSON
import GuidedSchema
import Testing

/// `$ref` cycles that never reach a part of the instance are a located error, not a stack
/// overflow (issue 12: `{"$ref":"#"}` crashed the validator and compiled to `root-2 ::= root-2`);
/// recursion through properties or items keeps working.
@Suite struct ReferenceCycleTests {
    @Test(
        arguments: [
            (##"{"$ref": "#"}"##, "/$ref"),
            (
                ##"{"$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"$ref": "#/$defs/a"}}, "$ref": "#/$defs/a"}"##,
                "/$defs/b/$ref"
            ),
            (##"{"anyOf": [{"type": "string"}, {"$ref": "#"}]}"##, "/anyOf/1/$ref"),
            (
                ##"{"$defs": {"a": {"allOf": [{"$ref": "#/$defs/a"}]}}, "properties": {"x": {"$ref": "#/$defs/a"}}}"##,
                "/$defs/a/allOf/0/$ref"
            ),
        ] as [(String, String)])
    func cyclesAreLocatedErrors(_ text: String, _ pointer: String) throws {
        let document = try JSONReader.parse(text)
        do {
            let imported = try GenerationSchema.fromJSONSchema(document)
            Issue.record("imported: \(imported.schema)")
        } catch {
            #expect(error.code == .referenceCycle)
            #expect(error.pointer == JSONPointer(pointer))
            #expect(error.message.contains("cycle"))
        }
    }

    @Test func recursionThroughPropertiesAndItemsWorks() throws {
        let schema = try GenerationSchema.fromJSONSchema(
            try JSONReader.parse(
                ##"""
                {"type": "object", "properties": {"name": {"type": "string"}, "children": {"type": "array", "items": {"$ref": "#"}}}, "required": ["name"]}
                """##)
        ).schema
        #expect(schema.validates(["name": "a", "children": [["name": "b", "children": [["name": "c"]]]]]))
        #expect(!schema.validates(["name": "a", "children": [["children": []]]]))
    }

    @Test func aCycleBuiltInSwiftIsAViolationNotACrash() {
        let schema = GenerationSchema(
            root: .reference("a"),
            definitions: [.init("a", .reference("b")), .init("b", SchemaNode(.allOf([.reference("a")])))])
        let violations = schema.violations(of: 1)
        #expect(violations.map(\.keyword) == ["$ref"])
        #expect(violations[0].expected.contains("cycle"))
    }
}
