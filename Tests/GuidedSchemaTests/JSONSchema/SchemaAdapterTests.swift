import GuidedJSON
import GuidedSchema
import Testing

/// The adapter a schema's outputs are served with travels with the schema: a Swift type's
/// `GenerableConfiguration(adapter:)` and a schema file's `x-guided-adapter` become
/// `GenerationSchema.adapter`, the exporter writes it back, and a bad name is a located error.
@Suite struct SchemaAdapterTests {
    static func schema(_ extra: String) throws -> ImportedSchema {
        try GenerationSchema.fromJSONSchema(
            try JSONReader.parse(
                #"{"type": "object", "properties": {"steps": {"type": "array", "items": {"type": "string"}}}, "#
                    + extra + "}"))
    }

    struct Adapted: Generable {
        static let configuration = GenerableConfiguration(adapter: "next-steps")
        var steps: [String] = []
    }

    struct BadlyNamed: Generable {
        static let configuration = GenerableConfiguration(adapter: "Next Steps")
        var steps: [String] = []
    }

    @Test func aSchemaFileNamesItsAdapter() throws {
        let imported = try Self.schema(#""x-guided-adapter": "next-steps""#)
        #expect(imported.schema.adapter == "next-steps")
        #expect(imported.ignored.isEmpty, "x-guided-adapter is Guided's own keyword, not an ignored annotation")
    }

    @Test func aSchemaWithoutTheKeywordHasNoAdapter() throws {
        #expect(try Self.schema(#""required": ["steps"]"#).schema.adapter == nil)
    }

    @Test func theAdapterRoundTripsThroughTheExporter() throws {
        let imported = try Self.schema(#""x-guided-adapter": "next-steps""#).schema
        #expect(imported.jsonSchema()["x-guided-adapter"]?.stringValue == "next-steps")
        #expect(try GenerationSchema.fromJSONSchema(imported.jsonSchema()).schema == imported)
    }

    @Test(arguments: [#""x-guided-adapter": 3"#, #""x-guided-adapter": "Next Steps""#, #""x-guided-adapter": """#])
    func aBadAdapterNameIsAnErrorAtTheKeyword(_ extra: String) {
        #expect {
            try Self.schema(extra)
        } throws: { error in
            let schemaError = error as? SchemaError
            return schemaError?.code == .invalidKeywordValue && schemaError?.pointer == JSONPointer("/x-guided-adapter")
        }
    }

    @Test func aSwiftTypeNamesItsAdapterInItsConfiguration() throws {
        #expect(Adapted.generationSchema.adapter == "next-steps")
        try Adapted.checkDeclaration()
    }

    @Test func aSwiftTypeWithABadAdapterNameFailsItsDeclarationCheck() {
        #expect {
            try BadlyNamed.checkDeclaration()
        } throws: { error in
            (error as? SchemaError)?.message.contains("\"Next Steps\" is not a valid adapter name") == true
        }
    }

    @Test func adapterNamesAreLowercaseLettersDigitsAndHyphensStartingWithALetter() {
        #expect(
            [
                "next-steps", "a", "v2-captions", "Next", "2nd", "-x", "", "next steps",
                String(repeating: "a", count: 65),
            ]
            .map(ModelAdapter.isValidName) == [true, true, true, false, false, false, false, false, false])
    }
}
