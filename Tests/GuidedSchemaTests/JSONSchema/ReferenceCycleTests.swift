import GuidedJSON
import GuidedSchema
import GuidedTestTraits
import Testing

/// `$ref` cycles that never reach a part of the instance are a located error, not a stack
/// overflow (issue 12: `{"$ref":"#"}` crashed the validator and compiled to `root-2 ::= root-2`);
/// recursion through properties or items keeps working.
@Suite(.ownThreads) struct ReferenceCycleTests {
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

    /// Definitions d0 → d1 → … → d(count), the last back to d0 (closed) or an integer.
    static func chain(_ count: Int, closed: Bool) -> GeneratedContent {
        var definitions = (0..<count).map {
            ("d\($0)", ["$ref": GeneratedContent("#/$defs/d\($0 + 1)")] as GeneratedContent)
        }
        definitions.append(("d\(count)", closed ? ["$ref": "#/$defs/d0"] : ["type": "integer"]))
        return GeneratedContent(properties: [
            ("$defs", GeneratedContent(properties: definitions)), ("$ref", "#/$defs/d0"),
        ])
    }

    @Test func aLongRingIsNamedByItsEnds() throws {
        do {
            let imported = try GenerationSchema.fromJSONSchema(Self.chain(10_000, closed: true))
            Issue.record("imported: \(imported.schema.definitions.count) definitions")
        } catch {
            #expect(error.code == .referenceCycle)
            #expect(error.pointer == JSONPointer("/$defs/d10000/$ref"))
            #expect(error.message.contains("d0 → d1 → d2 → d3 → … (9996 more) → d10000 → d0"), "\(error.message)")
            #expect(error.message.count < 200, "\(error.message.count) characters")
        }
    }

    @Test func aLongChainOfReferencesResolvesEachLink() throws {
        let schema = try GenerationSchema.fromJSONSchema(Self.chain(200, closed: false)).schema
        #expect(schema.definitions.count == 201)
        #expect(schema.definition(named: "d199")?.kind == .reference("d200"))
        #expect(schema.validates(5))
        #expect(!schema.validates("five"))
    }

    @Test func aChainTooLongToFollowIsAViolationNotAStackOverflow() throws {
        // 2,000 references in a row overflowed the stack (SIGSEGV) in `guided validate` and `schema`.
        let schema = try GenerationSchema.fromJSONSchema(Self.chain(2_000, closed: false)).schema
        let violations = schema.violations(of: 5)
        #expect(violations.map(\.keyword) == ["$ref"])
        #expect(violations.first?.expected.contains("a chain of at most 256 references") == true, "\(violations)")
    }

    @Test func schemasNestedTooDeepAreALocatedError() throws {
        // 500 nested arrays are valid JSON; importing them overflowed the stack (SIGSEGV).
        let text =
            String(repeating: #"{"type":"array","items":"#, count: 500) + #"{"type":"string"}"#
            + String(repeating: "}", count: 500)
        do {
            let imported = try GenerationSchema.fromJSONSchema(try JSONReader.parse(text))
            Issue.record("imported: \(imported.schema.root.kind)")
        } catch let error as SchemaError {
            #expect(error.message.contains("nest more than 128 levels"), "\(error.message)")
            #expect(error.pointer.tokens == Array(repeating: "items", count: 129))
        }
        let shallow =
            String(repeating: #"{"type":"array","items":"#, count: 100) + #"{"type":"string"}"#
            + String(repeating: "}", count: 100)
        #expect(try GenerationSchema.fromJSONSchema(try JSONReader.parse(shallow)).schema.validates([[]]))
    }
}
