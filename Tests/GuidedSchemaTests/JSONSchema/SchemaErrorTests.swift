import GuidedJSON
import GuidedSchema
import Testing

/// The `SchemaError` that importing `document` throws, or nil (recorded as an issue) if it imports.
func importError(_ document: GeneratedContent, allowUnsupported: Bool = false) -> SchemaError? {
    do {
        let imported = try GenerationSchema.fromJSONSchema(
            document, options: JSONSchemaImportOptions(allowUnsupported: allowUnsupported))
        Issue.record("imported without error: \(imported.schema)")
        return nil
    } catch {
        return error
    }
}

/// Bounds no value can satisfy make valid JSON Schema (an anyOf branch may be empty): they
/// import, and reject every value of their type; the grammar compiler is what refuses them.
@Suite struct ContradictoryBoundsTests {
    @Test(
        arguments: [
            ["type": "string", "minLength": 5, "maxLength": 2],
            ["type": "array", "items": ["type": "string"], "minItems": 4, "maxItems": 3],
        ] as [GeneratedContent])
    func emptyLengthRangesAreValidSchemasThatAcceptNothingOfTheirType(_ document: GeneratedContent) throws {
        let schema = try GenerationSchema.fromJSONSchema(document).schema
        for value: GeneratedContent in ["abc", "abcdef", ["a", "b", "c"], ["a", "b", "c", "d"]] {
            #expect(!schema.validates(value))
        }
    }

    @Test(
        arguments: [
            ["type": "integer", "minimum": 10, "maximum": 1],
            ["type": "number", "exclusiveMinimum": 2.5, "maximum": 2],
            ["type": "number", "exclusiveMinimum": 3, "maximum": 3],
            ["type": "number", "minimum": 3, "exclusiveMaximum": 3],
            ["type": "number", "exclusiveMinimum": 3, "exclusiveMaximum": 3],
        ] as [GeneratedContent])
    func emptyNumberRangesAreValidSchemasThatAcceptNoNumber(_ document: GeneratedContent) throws {
        // JSON Schema allows them (an anyOf branch may be empty); the grammar compiler is the one
        // that refuses to generate from them (GrammarCompilerErrorTests).
        let schema = try GenerationSchema.fromJSONSchema(document).schema
        for value: GeneratedContent in [1, 2, 2.5, 3, 10, -7] { #expect(!schema.validates(value)) }
    }

    @Test func equalInclusiveBoundsAreFine() throws {
        let imported = try GenerationSchema.fromJSONSchema(["type": "integer", "minimum": 3, "maximum": 3])
        #expect(imported.schema.root == .integer(NumericBounds(minimum: 3, maximum: 3)))
        let lengths = try GenerationSchema.fromJSONSchema(["type": "string", "minLength": 2, "maxLength": 2])
        #expect(lengths.schema.root == .string(StringConstraints(minLength: 2, maxLength: 2)))
    }
}

/// `$ref` must point at something inside the document.
@Suite struct ReferenceErrorTests {
    @Test func danglingReference() throws {
        let error = try #require(
            importError([
                "type": "object",
                "properties": ["child": ["$ref": "#/$defs/Missing"]],
                "$defs": ["Present": ["type": "string"]],
            ]))
        #expect(error.code == .danglingReference)
        #expect(error.pointer == JSONPointer("/properties/child/$ref"))
        #expect(error.message.contains("/$defs/Missing"))
    }

    @Test(arguments: ["https://example.com/schema.json", "other.json#/$defs/A", "#anchor"])
    func referencesOutsideTheDocumentAreRejected(_ ref: String) throws {
        let error = try #require(importError(["type": "array", "items": ["$ref": GeneratedContent(ref)]]))
        #expect(error.code == .danglingReference)
        #expect(error.pointer == JSONPointer("/items/$ref"))
        #expect(error.message.contains(ref))
    }

    @Test func anAnchorDeclaredTwiceInOneResourceIsALocatedError() throws {
        let error = try #require(
            importError([
                "$schema": "https://json-schema.org/draft/2020-12/schema",
                "$ref": "#item",
                "$defs": ["A": ["$anchor": "item", "type": "string"], "B": ["$anchor": "item", "type": "integer"]],
            ]))
        #expect(
            error
                == SchemaError(
                    .duplicateAnchor,
                    "the anchor \"item\" ($anchor) is declared twice in one schema resource: at #/$defs/A and here",
                    remedy: "give each $anchor its own name, and point each $ref at the one it means",
                    at: JSONPointer("/$defs/B/$anchor")!))
    }

    /// The second probe: a repeated `$dynamicAnchor` or `$id` let one of the two silently win.
    @Test func aDynamicAnchorDeclaredTwiceInOneResourceIsALocatedError() throws {
        let error = try #require(
            importError([
                "$schema": "https://json-schema.org/draft/2020-12/schema",
                "$dynamicRef": "#node",
                "$defs": [
                    "A": ["$dynamicAnchor": "node", "type": "string"],
                    "B": ["$dynamicAnchor": "node", "type": "integer"],
                ],
            ]))
        #expect(error.code == .duplicateAnchor)
        #expect(error.pointer == JSONPointer("/$defs/B/$dynamicAnchor"))
        #expect(error.message.contains(#""node" ($dynamicAnchor) is declared twice"#), "\(error)")
    }

    @Test func aResourceDeclaredTwiceIsALocatedError() throws {
        let error = try #require(
            importError([
                "$schema": "https://json-schema.org/draft/2020-12/schema",
                "$ref": "item.json",
                "$defs": [
                    "A": ["$id": "item.json", "type": "string"], "B": ["$id": "item.json", "type": "integer"],
                ],
            ]))
        #expect(error.code == .duplicateAnchor)
        #expect(error.pointer == JSONPointer("/$defs/B/$id"))
        #expect(error.message.contains("is declared twice: at #/$defs/A and here"), "\(error)")
        #expect(error.remedy == "give each $id its own URI, and point each $ref at the one it means")
    }

    /// The third probe: with no `$schema`, an id two different schemas declare was silently the
    /// first one, so `$ref` to it checked `5` against `"type": "string"`.
    @Test func aReferenceToAnIdTwoDifferentSchemasDeclareIsALocatedErrorInAnyDialect() throws {
        let error = try #require(
            importError([
                "$ref": "https://x.example/s",
                "$defs": [
                    "a": ["$id": "https://x.example/s", "type": "string"],
                    "b": ["$id": "https://x.example/s", "type": "integer"],
                ],
            ]))
        #expect(error.code == .duplicateAnchor)
        #expect(error.pointer == JSONPointer("/$defs/b/$id"))
        #expect(error.message.contains("is declared twice: at #/$defs/a and here"), "\(error)")
    }

    /// Older drafts' schemas often repeat an id as an annotation: that alone, or the same schema
    /// twice, is no conflict.
    @Test func anIdRepeatedWithoutAConflictingReferenceIsAccepted() throws {
        let unreferenced = try GenerationSchema.fromJSONSchema([
            "type": "string",
            "$defs": ["a": ["$id": "https://x.example/s", "type": "string"], "b": ["$id": "https://x.example/s"]],
        ])
        #expect(unreferenced.schema.validates("x"))
        let identical = try GenerationSchema.fromJSONSchema([
            "$ref": "https://x.example/s",
            "$defs": [
                "a": ["$id": "https://x.example/s", "type": "string"],
                "b": ["$id": "https://x.example/s", "type": "string"],
            ],
        ])
        #expect(identical.schema.validates("x"))
        #expect(!identical.schema.validates(5))
    }

    @Test func theSameAnchorInTwoResourcesIsNoConflict() throws {
        let imported = try GenerationSchema.fromJSONSchema([
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "type": "object",
            "properties": ["a": ["$ref": "#item"]],
            "$defs": [
                "Local": ["$anchor": "item", "type": "string"],
                "Other": ["$id": "other.json", "$anchor": "item", "type": "integer"],
            ],
        ])
        #expect(imported.schema.validates(["a": "x"]))
        #expect(!imported.schema.validates(["a": 1]))
    }

    @Test func referenceMustBeAString() throws {
        let error = try #require(importError(["$ref": 3]))
        #expect(error.code == .invalidKeywordValue)
        #expect(error.pointer == JSONPointer("/$ref"))
    }
}

/// Keyword values of the wrong type or shape give `invalidKeywordValue` at the keyword.
@Suite struct InvalidKeywordValueTests {
    @Test(
        arguments: [
            (["type": "strng"], "/type", "strng"),
            (["type": ["string", "nul"]], "/type", "nul"),
            (["type": 3], "/type", "type"),
            (["type": []], "/type", "type"),
            (["type": "string", "minLength": "3"], "/minLength", "minLength"),
            (["type": "string", "maxLength": -1], "/maxLength", "maxLength"),
            (["type": "string", "minLength": 1.5], "/minLength", "minLength"),
            (["type": "string", "pattern": 5], "/pattern", "pattern"),
            (["type": "string", "format": true], "/format", "format"),
            (["type": "number", "minimum": "0"], "/minimum", "minimum"),
            (["type": "integer", "exclusiveMaximum": nil], "/exclusiveMaximum", "exclusiveMaximum"),
            (["type": "array", "minItems": "2"], "/minItems", "minItems"),
            (["type": "array", "items": 3], "/items", "schema"),
            (["type": "array", "prefixItems": ["type": "string"]], "/prefixItems", "prefixItems"),
            (["type": "array", "prefixItems": [true, "x"]], "/prefixItems/1", "schema"),
            (["type": "object", "required": "a"], "/required", "required"),
            (["type": "object", "required": ["a", 1]], "/required", "required"),
            (["type": "object", "properties": ["a", "b"]], "/properties", "properties"),
            (["type": "object", "properties": ["a": "string"]], "/properties/a", "schema"),
            (["type": "object", "additionalProperties": "no"], "/additionalProperties", "schema"),
            (["enum": "a"], "/enum", "enum"),
            (["anyOf": []], "/anyOf", "anyOf"),
            (["oneOf": ["type": "string"]], "/oneOf", "oneOf"),
            (["allOf": [["type": "string"], 7]], "/allOf/1", "schema"),
            (["type": "string", "$defs": 3], "/$defs", "$defs"),
            (["definitions": ["A"]], "/definitions", "definitions"),
            (["type": "object", "properties": ["a/b~": ["type": "strng"]]], "/properties/a~1b~0/type", "strng"),
            (["$defs": ["A": ["type": "array", "items": ["type": "strng"]]]], "/$defs/A/items/type", "strng"),
        ] as [(GeneratedContent, String, String)])
    func wrongValueType(_ document: GeneratedContent, _ pointer: String, _ fragment: String) throws {
        let error = try #require(importError(document))
        #expect(error.code == .invalidKeywordValue)
        #expect(error.pointer == JSONPointer(pointer))
        #expect(error.message.contains(fragment), "\(error.message)")
        #expect(!error.remedy.isEmpty)
    }

    @Test func schemaDocumentMustBeAnObjectOrBoolean() throws {
        let error = try #require(importError("string"))
        #expect(error.code == .invalidKeywordValue)
        #expect(error.pointer == .root)
    }

    @Test func descriptionNamesTheKeywordAndTheRemedy() throws {
        let error = try #require(importError(["type": "object", "properties": ["a": ["type": "strng"]]]))
        #expect(error.description == "<schema>: error: \(error.message) (at #/properties/a/type) — \(error.remedy)")
    }

    @Test func importOptionsFileNamesTheFile() throws {
        do {
            _ = try GenerationSchema.fromJSONSchema(
                ["type": "strng"], options: JSONSchemaImportOptions(file: "in.json"))
            Issue.record("imported")
        } catch {
            #expect(error.file == "in.json")
            #expect(error.description.hasPrefix("in.json: error: "))
        }
    }
}

/// `SchemaFile.load` reads JSON Schema files and reports syntax errors by line and column.
@Suite struct SchemaFileTests {
    /// Writes `text` to a fresh temporary file and returns its path.
    func temporaryFile(_ text: String) throws -> String {
        let path = "/tmp/guided-schema-test-\(UInt64.random(in: 0...UInt64.max)).json"
        #expect(FileBytes.writeIfChanged(text, to: path) == true)
        return path
    }

    func loadError(_ path: String) -> SchemaError? {
        do {
            _ = try SchemaFile.load(path)
            Issue.record("\(path) loaded")
            return nil
        } catch {
            return error
        }
    }

    @Test func validFileLoads() throws {
        let path = try temporaryFile(
            #"{"type": "object", "properties": {"b": {"type": "string"}, "a": {"type": "integer"}}, "required": ["a"]}"#
        )
        let imported = try SchemaFile.load(path)
        #expect(imported.warnings.isEmpty)
        let root = try #require(object(imported.schema.root))
        #expect(root.properties.map(\.name) == ["b", "a"])
        #expect(root.properties.map(\.isRequired) == [false, true])
    }

    @Test func syntaxErrorGivesLineColumnAndFile() throws {
        let path = try temporaryFile(
            "{\n  \"type\": \"object\",\n  \"properties\": {\n    \"a\": {\"type\": \"string\",}\n  }\n}\n")
        let error = try #require(loadError(path))
        #expect(error.code == .syntax)
        #expect(error.file == path)
        #expect(error.line == 4)
        #expect(error.column == 28)
        #expect(error.description.hasPrefix("\(path):4:28: error: "))
    }

    @Test func truncatedFileIsASyntaxError() throws {
        let path = try temporaryFile("{\"type\": \"array\",\n\"items\": {")
        let error = try #require(loadError(path))
        #expect(error.code == .syntax)
        #expect(error.line == 2)
        #expect(error.column == 11)
    }

    @Test func schemaErrorsInFilesNameTheFileAndPointer() throws {
        let path = try temporaryFile(#"{"type": "object", "properties": {"a": {"type": "string", "minLength": -3}}}"#)
        let error = try #require(loadError(path))
        #expect(error.code == .invalidKeywordValue)
        #expect(error.file == path)
        #expect(error.pointer == JSONPointer("/properties/a/minLength"))
        // Found after parsing, the error still names where the keyword sits in the text.
        #expect(error.line == 1)
        #expect(error.column == 59)
        #expect(error.description.hasPrefix("\(path):1:59: error: "))
        #expect(error.description.contains("(at #/properties/a/minLength)"))
    }

    @Test func unknownKeywordsInFilesAreListedOrRefusedWhenStrict() throws {
        let path = try temporaryFile(#"{"type": "string", "x-kind": "name"}"#)
        let imported = try SchemaFile.load(path)
        #expect(imported.ignored.map(\.pointer) == [JSONPointer("/x-kind")!])
        do {
            _ = try SchemaFile.load(path, strict: true)
            Issue.record("loaded in strict mode")
        } catch {
            #expect(error.code == .unsupportedKeyword)
            #expect(error.file == path)
            #expect(error.pointer == JSONPointer("/x-kind"))
        }
    }

    @Test func missingFileIsUnreadable() throws {
        let path = "/tmp/guided-schema-test-missing-\(UInt64.random(in: 0...UInt64.max)).json"
        let error = try #require(loadError(path))
        #expect(error.code == .unreadable)
        #expect(error.file == path)
        #expect(error.description.contains(path))
    }
}
