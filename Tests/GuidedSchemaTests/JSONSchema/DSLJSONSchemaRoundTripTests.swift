import CanonicalSchemas
import GuidedJSON
import GuidedSchema
import Testing

/// A DSL-declared type and the property names it declares, in order.
struct DeclaredType: Sendable, CustomTestStringConvertible {
    var name: String
    var schema: GenerationSchema
    var propertyOrder: [String]

    init<T: SchemaRepresentable>(_ type: T.Type, _ propertyOrder: [String]) {
        self.name = String(describing: type)
        self.schema = type.generationSchema
        self.propertyOrder = propertyOrder
    }

    var testDescription: String { name }

    /// The exported object schema that declares the properties: the root, or the definition it references.
    func declaringObject(in document: GeneratedContent) -> GeneratedContent? {
        guard let ref = document["$ref"]?.stringValue else { return document }
        return document["$defs"]?[String(ref.dropFirst("#/$defs/".count))]
    }
}

/// (c) Types declared with the DSL export to JSON Schema and read back as the same model,
/// with their properties in declaration order.
@Suite struct DSLJSONSchemaRoundTripTests {
    static let types: [DeclaredType] = [
        DeclaredType(
            Everything.self,
            [
                "kind", "colour", "title", "due", "hours", "confidence", "tags", "addresses", "note", "priority",
                "home", "done", "score",
            ]),
        DeclaredType(Address.self, ["street", "postalCode"]),
        DeclaredType(TreeNode.self, ["label", "children"]),
        DeclaredType(Link.self, ["type", "url"]),
        DeclaredType(Message.self, ["attachments"]),
        DeclaredType(StepSuggestions.self, ["steps"]),
        DeclaredType(RewrittenNotification.self, ["text"]),
        DeclaredType(StepSuggestionsShape.Steps.self, ["steps"]),
    ]

    @Test(arguments: types)
    func exportedSchemaReadsBackAsTheSameModel(_ type: DeclaredType) throws {
        let (direct, viaText) = try reimported(type.schema)
        #expect(direct == type.schema)
        #expect(viaText == type.schema)
    }

    @Test(arguments: types)
    func exportedPropertiesKeepDeclarationOrder(_ type: DeclaredType) throws {
        let document = try JSONReader.parse(type.schema.jsonSchema().jsonText(.pretty))
        let declaring = try #require(type.declaringObject(in: document))
        #expect(declaring["properties"]?.properties?.map(\.name) == type.propertyOrder)
        #expect(declaring["additionalProperties"] == false)
        let reimported = try GenerationSchema.fromJSONSchema(document).schema
        let root =
            reimported.root.kind == .reference(type.schema.definitions.first?.name ?? "")
            ? reimported.definitions[0].node : reimported.root
        #expect(object(root)?.properties.map(\.name) == type.propertyOrder)
    }

    @Test func everythingExportsTheExpectedDocument() {
        let expected = #"""
            {"$schema":"https://json-schema.org/draft/2020-12/schema","description":"Every guide at once","type":"object","properties":{\#
            "kind":{"description":"A fixed kind","const":"task"},\#
            "colour":{"description":"A colour","enum":["red","green"]},\#
            "title":{"type":"string","minLength":2,"maxLength":40},\#
            "due":{"type":"string","format":"date"},\#
            "hours":{"description":"Effort in hours","type":"integer","minimum":1,"maximum":8},\#
            "confidence":{"type":"number","minimum":0,"maximum":1},\#
            "tags":{"type":"array","items":{"type":"string","maxLength":10},"minItems":1,"maxItems":3},\#
            "addresses":{"type":"array","items":{"type":"object","properties":{"street":{"description":"Street and number","type":"string","minLength":3},"postalCode":{"description":"Postal code","type":"string","pattern":"^[0-9]{5}$"}},"required":["street","postalCode"],"additionalProperties":false},"minItems":1},\#
            "note":{"description":"An optional note","type":["string","null"],"maxLength":50},\#
            "priority":{"enum":["low","normal","urgent"]},\#
            "home":{"type":"object","properties":{"street":{"description":"Street and number","type":"string","minLength":3},"postalCode":{"description":"Postal code","type":"string","pattern":"^[0-9]{5}$"}},"required":["street","postalCode"],"additionalProperties":false},\#
            "done":{"type":"boolean"},\#
            "score":{"type":["integer","null"]}},\#
            "required":["kind","colour","title","due","hours","confidence","tags","addresses","priority","home","done"],"additionalProperties":false}
            """#
        #expect(Everything.generationSchema.jsonSchema().jsonText() == expected)
    }

    @Test func recursiveTypeExportsADefinitionAndReference() {
        let expected = #"""
            {"$schema":"https://json-schema.org/draft/2020-12/schema","$ref":"#/$defs/Node","$defs":{"Node":{"type":"object","properties":{\#
            "label":{"description":"The node's label","type":"string"},\#
            "children":{"type":"array","items":{"$ref":"#/$defs/Node"}}},\#
            "required":["label","children"],"additionalProperties":false}}}
            """#
        #expect(TreeNode.generationSchema.jsonSchema().jsonText() == expected)
    }

    @Test func canonicalStepSuggestionsExportElementGuides() throws {
        let document = StepSuggestions.generationSchema.jsonSchema(includeDialect: false)
        let steps = try #require(document["properties"]?["steps"])
        #expect(
            steps.jsonText()
                == #"{"description":"Exactly three next steps, in the order to do them","type":"array","items":{"description":"One concrete step, at most 100 characters","type":"string","minLength":1,"maxLength":100},"minItems":3,"maxItems":3}"#
        )
    }

    @Test func unionExportsAnyOfOfClosedObjects() throws {
        let document = Message.generationSchema.jsonSchema(includeDialect: false)
        let branches = try #require(document["properties"]?["attachments"]?["items"]?["anyOf"]?.arrayValue)
        #expect(branches.map { $0["properties"]?["type"]?["const"] } == ["link", "note"])
        #expect(branches.allSatisfy { $0["additionalProperties"] == false })
    }

    @Test func importedDSLSchemaValidatesLikeTheOriginal() throws {
        let original = Everything.generationSchema
        let reimportedSchema = try reimported(original).viaText
        let good = CodingRoundTripTests.sample.generatedContent
        var bad = good
        if case .object(var properties) = bad.kind {
            properties[0].value = "not task"
            properties.append(.init("extra", 1))
            bad.kind = .object(properties)
        }
        #expect(reimportedSchema.violations(of: good) == [])
        #expect(reimportedSchema.violations(of: bad) == original.violations(of: bad))
        #expect(reimportedSchema.violations(of: bad).map(\.keyword) == ["const", "additionalProperties"])
    }
}
