import GuidedJSON
import GuidedSchema
import Testing

/// Unknown keywords are annotations (listed as ignored, refused only in strict mode), and the
/// older drafts are read in their own meaning, recognised by `$schema` (issue 11).
@Suite struct AnnotationKeywordTests {
    static func imported(_ text: String, strict: Bool = false) throws -> ImportedSchema {
        try GenerationSchema.fromJSONSchema(
            try JSONReader.parse(text), options: JSONSchemaImportOptions(strict: strict))
    }

    static func importError(_ text: String, strict: Bool = false) throws -> SchemaError? {
        let document = try JSONReader.parse(text)
        do {
            _ = try GenerationSchema.fromJSONSchema(document, options: JSONSchemaImportOptions(strict: strict))
            return nil
        } catch {
            return error
        }
    }

    @Test func unknownKeywordsAreAcceptedAndListed() throws {
        let schema = try Self.imported(
            #"""
            {"type": "object", "x-kubernetes-preserve-unknown-fields": true, "javaType": "Foo",
             "properties": {"name": {"type": "string", "example": "Ada", "decription": "typo", "readonly": true}}}
            """#)
        let listed = schema.ignored.map { "\($0.pointer) \($0.keyword)" }
        #expect(
            listed == [
                "/x-kubernetes-preserve-unknown-fields x-kubernetes-preserve-unknown-fields", "/javaType javaType",
                "/properties/name/example example", "/properties/name/decription decription",
                "/properties/name/readonly readonly",
            ])
        #expect(schema.ignored.allSatisfy { $0.disposition == .ignored && !$0.note.isEmpty })
        #expect(schema.schema.validates(["name": "Ada"]))
        #expect(!schema.schema.validates(["name": 3]))
    }

    @Test func strictModeRefusesThemWithTheirLocation() throws {
        let error = try #require(
            try Self.importError(
                #"{"type": "object", "properties": {"a": {"type": "string", "x-order": 1}}}"#, strict: true))
        #expect(error.code == .unsupportedKeyword)
        #expect(error.pointer == JSONPointer("/properties/a/x-order"))
        #expect(error.remedy.contains("strict"))
    }

    @Test func unknownFormatsAreAnnotations() throws {
        let schema = try Self.imported(#"{"type": "string", "format": "byte"}"#)
        #expect(schema.ignored.map(\.keyword) == ["format"])
        #expect(schema.ignored[0].note.contains("byte"))
        #expect(schema.schema.validates("anything"))
    }

    @Test func draft04IsReadInItsOwnMeaning() throws {
        let schema = try Self.imported(
            ##"""
            {"$schema": "http://json-schema.org/draft-04/schema#", "id": "http://example.com/root.json",
             "definitions": {"positive": {"id": "#positive", "type": "number", "minimum": 0, "exclusiveMinimum": true}},
             "type": "object",
             "properties": {"n": {"$ref": "#positive"}, "pair": {"type": "array", "items": [{"type": "string"}, {"type": "integer"}], "additionalItems": false},
                            "c": {"const": 1}},
             "dependencies": {"n": ["pair"], "pair": {"required": ["c"]}}}
            """##)
        let root = schema.schema
        #expect(root.validates(["n": 1, "pair": ["a", 1], "c": 5]))
        #expect(!root.validates(["n": 0, "pair": ["a", 1], "c": 5])) // exclusive minimum
        #expect(!root.validates(["n": 1, "pair": ["a", 1, 2], "c": 5])) // additionalItems false
        #expect(!root.validates(["n": 1])) // dependencies: n requires pair
        #expect(!root.validates(["pair": ["a", 1]])) // dependencies: pair requires c
        // `const` is not a draft-04 keyword: an annotation, listed.
        #expect(schema.ignored.contains { $0.keyword == "const" && $0.note.contains("draft-04") })
    }

    @Test func draft07ReferenceReplacesItsSiblings() throws {
        let schema = try Self.imported(
            ##"""
            {"$schema": "http://json-schema.org/draft-07/schema#", "definitions": {"list": {"type": "array"}},
             "properties": {"a": {"$ref": "#/definitions/list", "maxItems": 1}}}
            """##)
        #expect(schema.schema.validates(["a": [1, 2, 3]]))
        #expect(schema.ignored.contains { $0.keyword == "maxItems" && $0.note.contains("$ref") })
    }

    @Test func identifiersAndAnchorsResolveAgainstTheirBase() throws {
        let schema = try Self.imported(
            ##"""
            {"$id": "https://example.com/root.json",
             "properties": {"a": {"$ref": "item.json"}, "b": {"$ref": "#word"}},
             "$defs": {"item": {"$id": "item.json", "type": "integer"}, "word": {"$anchor": "word", "type": "string"}}}
            """##)
        #expect(schema.schema.validates(["a": 1, "b": "x"]))
        #expect(!schema.schema.validates(["a": "x"]))
        #expect(!schema.schema.validates(["b": 1]))
    }

    @Test func remoteDocumentsComeFromTheRetrieveFunction() throws {
        let remote: GeneratedContent = ["$defs": ["id": ["type": "string", "pattern": "^[a-z]+$"]]]
        let options = JSONSchemaImportOptions(retrieve: { $0 == "https://schemas.example/common.json" ? remote : .none }
        )
        let schema = try GenerationSchema.fromJSONSchema(
            ["$ref": "https://schemas.example/common.json#/$defs/id"], options: options
        ).schema
        #expect(schema.validates("abc") && !schema.validates("ABC"))
        do {
            _ = try GenerationSchema.fromJSONSchema(["$ref": "https://elsewhere.example/x.json"], options: options)
            Issue.record("imported")
        } catch {
            #expect(error.code == .danglingReference)
            #expect(error.pointer == JSONPointer("/$ref"))
        }
    }
}
