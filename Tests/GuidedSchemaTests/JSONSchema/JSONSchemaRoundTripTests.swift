import GuidedJSON
import GuidedSchema
import Testing

/// One schema form: a JSON Schema document and the model it must import as.
struct SchemaFormCase: Sendable, CustomTestStringConvertible {
    var name: String
    var document: String
    var model: GenerationSchema

    init(_ name: String, _ document: String, _ root: SchemaNode, definitions: [GenerationSchema.Definition] = []) {
        self.name = name
        self.document = document
        self.model = GenerationSchema(root: root, definitions: definitions)
    }

    var testDescription: String { name }
}

/// Imports a JSON Schema document given as text, with the default (strict) options.
func importSchema(_ text: String) throws -> GenerationSchema {
    let imported = try GenerationSchema.fromJSONSchema(try JSONReader.parse(text))
    #expect(imported.warnings.isEmpty)
    return imported.schema
}

/// `schema` → `jsonSchema()` → `fromJSONSchema`, once directly and once through JSON text.
func reimported(_ schema: GenerationSchema) throws -> (direct: GenerationSchema, viaText: GenerationSchema) {
    let document = schema.jsonSchema()
    let direct = try GenerationSchema.fromJSONSchema(document).schema
    let viaText = try importSchema(document.jsonText(.pretty))
    return (direct, viaText)
}

private func object(
    _ properties: [ObjectConstraints.Property], additional: SchemaNode = .any, required extra: [String] = []
) -> SchemaNode {
    .object(ObjectConstraints(properties, additionalProperties: additional, additionalRequired: extra))
}

private func titled(_ node: SchemaNode, title: String? = nil, description: String? = nil) -> SchemaNode {
    var node = node
    node.title = title
    node.description = description
    return node
}

/// Every schema form Guided supports: (a) each document imports as the expected model,
/// (b) each model exports and imports back to an equal model.
@Suite struct JSONSchemaRoundTripTests {
    static let mixedValues: [GeneratedContent] = ["red", 1, 2.5, nil, true, ["k": "v"], [1, "x"]]
    static let constObject: GeneratedContent = ["a": [1, nil], "b": false]

    static let tree = SchemaNode.object(
        ObjectConstraints([
            .init("label", .string()),
            .init("children", .array(ArrayConstraints(items: .reference("Node")))),
        ]))

    static let stringCases: [SchemaFormCase] = [
        .init("plain string", ##"{"type": "string"}"##, .string()),
        .init(
            "string lengths", ##"{"type": "string", "minLength": 1, "maxLength": 80}"##,
            .string(StringConstraints(minLength: 1, maxLength: 80))),
        .init("string min only", ##"{"type": "string", "minLength": 3}"##, .string(StringConstraints(minLength: 3))),
        .init(
            "string pattern", ##"{"type": "string", "pattern": "^[A-Z][a-z]+( [A-Z][a-z]+)*$"}"##,
            .string(StringConstraints(pattern: "^[A-Z][a-z]+( [A-Z][a-z]+)*$"))),
        .init(
            "string pattern with escapes", ##"{"type": "string", "pattern": "^\\d{3}-\\d{4}$"}"##,
            .string(StringConstraints(pattern: #"^\d{3}-\d{4}$"#))),
        .init(
            "string everything",
            ##"{"type": "string", "minLength": 6, "maxLength": 254, "pattern": "@", "format": "email"}"##,
            .string(StringConstraints(minLength: 6, maxLength: 254, pattern: "@", format: .email))),
    ]

    static let formatCases: [SchemaFormCase] = StringFormat.allCases.map { format in
        SchemaFormCase(
            "format \(format.rawValue)", #"{"type": "string", "format": "\#(format.rawValue)"}"#,
            .string(StringConstraints(format: format)))
    }

    static let numberCases: [SchemaFormCase] = [
        .init("plain integer", ##"{"type": "integer"}"##, .integer()),
        .init(
            "integer bounds", ##"{"type": "integer", "minimum": -5, "maximum": 10}"##,
            .integer(NumericBounds(minimum: -5, maximum: 10))),
        .init(
            "integer exclusive bounds", ##"{"type": "integer", "exclusiveMinimum": 0, "exclusiveMaximum": 100}"##,
            .integer(NumericBounds(exclusiveMinimum: 0, exclusiveMaximum: 100))),
        .init(
            "number bounds", ##"{"type": "number", "minimum": 0.25, "maximum": 1e3}"##,
            .number(NumericBounds(minimum: 0.25, maximum: 1000))),
        .init(
            "number exclusive bounds", ##"{"type": "number", "exclusiveMinimum": -1.5, "exclusiveMaximum": 2.75}"##,
            .number(NumericBounds(exclusiveMinimum: -1.5, exclusiveMaximum: 2.75))),
        .init(
            "number mixed bounds", ##"{"type": "number", "minimum": 0, "exclusiveMaximum": 1}"##,
            .number(NumericBounds(minimum: 0, exclusiveMaximum: 1))),
        .init(
            "number all four bounds",
            ##"{"type": "number", "minimum": 0, "exclusiveMinimum": -1, "maximum": 10, "exclusiveMaximum": 11}"##,
            .number(NumericBounds(minimum: 0, maximum: 10, exclusiveMinimum: -1, exclusiveMaximum: 11))),
    ]

    static let scalarCases: [SchemaFormCase] = [
        .init("boolean", ##"{"type": "boolean"}"##, .boolean),
        .init("null", ##"{"type": "null"}"##, .null),
        .init("true schema", "true", .any),
        .init("empty schema", "{}", .any),
        .init("false schema", "false", .nothing),
        .init("not-anything", ##"{"not": {}}"##, .nothing),
    ]

    static let nullableCases: [SchemaFormCase] = [
        .init("nullable string", ##"{"type": ["string", "null"]}"##, SchemaNode(.anyOf([.string(), .null]))),
        .init(
            "nullable integer with bounds", ##"{"type": ["integer", "null"], "minimum": 1}"##,
            SchemaNode(.anyOf([.integer(NumericBounds(minimum: 1)), .null]))),
        .init(
            "nullable object",
            ##"{"type": ["object", "null"], "properties": {"a": {"type": "string"}}, "required": ["a"], "additionalProperties": false}"##,
            SchemaNode(.anyOf([object([.init("a", .string())], additional: .nothing), .null]))),
        .init("null first", ##"{"type": ["null", "boolean"]}"##, SchemaNode(.anyOf([.null, .boolean]))),
        .init(
            "two types", ##"{"type": ["string", "integer"], "maxLength": 3, "maximum": 9}"##,
            SchemaNode(.anyOf([.string(StringConstraints(maxLength: 3)), .integer(NumericBounds(maximum: 9))]))),
        .init(
            "untyped constraint applies to its type only", ##"{"pattern": "^a"}"##,
            SchemaNode(
                .anyOf([
                    .null, .boolean, object([]), .array(ArrayConstraints()), .number(),
                    .string(StringConstraints(pattern: "^a")),
                ]))),
    ]

    static let arrayCases: [SchemaFormCase] = [
        .init("plain array", ##"{"type": "array"}"##, .array(ArrayConstraints())),
        .init(
            "array items", ##"{"type": "array", "items": {"type": "string"}}"##,
            .array(ArrayConstraints(items: .string()))),
        .init(
            "array exact count", ##"{"type": "array", "items": {"type": "integer"}, "minItems": 3, "maxItems": 3}"##,
            .array(ArrayConstraints(items: .integer(), minItems: 3, maxItems: 3))),
        .init(
            "array count range", ##"{"type": "array", "items": {"type": "boolean"}, "minItems": 1, "maxItems": 5}"##,
            .array(ArrayConstraints(items: .boolean, minItems: 1, maxItems: 5))),
        .init("array min only", ##"{"type": "array", "minItems": 2}"##, .array(ArrayConstraints(minItems: 2))),
        .init("array max only", ##"{"type": "array", "maxItems": 0}"##, .array(ArrayConstraints(maxItems: 0))),
        .init(
            "array element guides",
            ##"{"type": "array", "items": {"description": "One step", "type": "string", "minLength": 1, "maxLength": 100}, "maxItems": 3}"##,
            .array(
                ArrayConstraints(
                    items: .string(StringConstraints(minLength: 1, maxLength: 100), description: "One step"),
                    maxItems: 3))),
        .init(
            "tuple closed",
            ##"{"type": "array", "prefixItems": [{"type": "string"}, {"type": "integer"}], "items": false}"##,
            .array(ArrayConstraints(items: .nothing, prefixItems: [.string(), .integer()]))),
        .init(
            "tuple open",
            ##"{"type": "array", "prefixItems": [{"const": "head"}], "items": {"type": "number"}, "minItems": 1}"##,
            .array(ArrayConstraints(items: .number(), prefixItems: [SchemaNode(.constant("head"))], minItems: 1))),
        .init(
            "array of arrays",
            ##"{"type": "array", "items": {"type": "array", "items": {"type": "integer"}, "maxItems": 2}}"##,
            .array(ArrayConstraints(items: .array(ArrayConstraints(items: .integer(), maxItems: 2))))),
    ]

    static let objectCases: [SchemaFormCase] = [
        .init("plain object", ##"{"type": "object"}"##, object([])),
        .init(
            "object required subset, order kept",
            ##"{"type": "object", "properties": {"b": {"type": "string"}, "a": {"type": "integer"}, "c": {"type": "boolean"}}, "required": ["a", "b"], "additionalProperties": false}"##,
            object(
                [.init("b", .string()), .init("a", .integer()), .init("c", .boolean, required: false)],
                additional: .nothing)),
        .init(
            "object nothing required", ##"{"type": "object", "properties": {"x": {"type": "number"}}}"##,
            object([.init("x", .number(), required: false)])),
        .init(
            "object additionalProperties schema",
            ##"{"type": "object", "properties": {"id": {"type": "string"}}, "required": ["id"], "additionalProperties": {"type": "integer", "minimum": 0}}"##,
            object([.init("id", .string())], additional: .integer(NumericBounds(minimum: 0)))),
        .init(
            "required names not in properties",
            ##"{"type": "object", "properties": {"a": {}}, "required": ["z", "a", "y"]}"##,
            object([.init("a", .any)], required: ["z", "y"])),
        .init(
            "nested objects",
            ##"{"type": "object", "properties": {"inner": {"type": "object", "properties": {"v": {"type": "null"}}, "required": ["v"], "additionalProperties": false}}, "required": ["inner"], "additionalProperties": false}"##,
            object([.init("inner", object([.init("v", .null)], additional: .nothing))], additional: .nothing)),
    ]

    static let valueCases: [SchemaFormCase] = [
        .init(
            "enum of mixed values", ##"{"enum": ["red", 1, 2.5, null, true, {"k": "v"}, [1, "x"]]}"##,
            SchemaNode(.choice(mixedValues))),
        .init(
            "enum with type", ##"{"type": "string", "enum": ["a", "b"]}"##,
            SchemaNode(.allOf([.string(), SchemaNode(.choice(["a", "b"]))]))),
        .init("const string", ##"{"const": "fixed"}"##, SchemaNode(.constant("fixed"))),
        .init("const object", ##"{"const": {"a": [1, null], "b": false}}"##, SchemaNode(.constant(constObject))),
        .init("const null", ##"{"const": null}"##, SchemaNode(.constant(nil))),
    ]

    static let combinatorCases: [SchemaFormCase] = [
        .init(
            "anyOf", ##"{"anyOf": [{"type": "string"}, {"type": "integer"}]}"##,
            SchemaNode(.anyOf([.string(), .integer()]))),
        .init(
            "anyOf with null branch",
            ##"{"anyOf": [{"$ref": "#/$defs/A"}, {"type": "null"}], "$defs": {"A": {"type": "string"}}}"##,
            SchemaNode(.anyOf([.reference("A"), .null])), definitions: [.init("A", .string())]),
        .init(
            "oneOf", ##"{"oneOf": [{"type": "string", "maxLength": 3}, {"const": 7}]}"##,
            SchemaNode(.oneOf([.string(StringConstraints(maxLength: 3)), SchemaNode(.constant(7))]))),
        .init(
            "allOf", ##"{"allOf": [{"type": "string", "minLength": 2}, {"type": "string", "maxLength": 5}]}"##,
            SchemaNode(.allOf([.string(StringConstraints(minLength: 2)), .string(StringConstraints(maxLength: 5))]))),
        .init(
            "type with anyOf", ##"{"type": "object", "anyOf": [{"required": ["a"]}, {"required": ["b"]}]}"##,
            SchemaNode(
                .allOf([
                    object([]),
                    SchemaNode(
                        .anyOf([
                            SchemaNode(
                                .anyOf([
                                    .null, .boolean, object([], required: ["a"]), .array(ArrayConstraints()), .number(),
                                    .string(),
                                ])),
                            SchemaNode(
                                .anyOf([
                                    .null, .boolean, object([], required: ["b"]), .array(ArrayConstraints()), .number(),
                                    .string(),
                                ])),
                        ])),
                ]))),
    ]

    static let referenceCases: [SchemaFormCase] = [
        .init(
            "recursive tree",
            ##"{"$ref": "#/$defs/Node", "$defs": {"Node": {"type": "object", "properties": {"label": {"type": "string"}, "children": {"type": "array", "items": {"$ref": "#/$defs/Node"}}}, "required": ["label", "children"], "additionalProperties": false}}}"##,
            .reference("Node"), definitions: [.init("Node", tree)]),
        .init(
            "definitions kept in order, unused ones too",
            ##"{"type": "object", "properties": {"a": {"$ref": "#/$defs/A"}, "b": {"$ref": "#/definitions/B"}}, "$defs": {"A": {"type": "string"}, "Unused": {"type": "boolean"}}, "definitions": {"B": {"type": "integer"}}}"##,
            object([.init("a", .reference("A"), required: false), .init("b", .reference("B"), required: false)]),
            definitions: [.init("A", .string()), .init("Unused", .boolean), .init("B", .integer())]),
        .init(
            "definition name that needs escaping",
            ##"{"$ref": "#/$defs/a~1b%20c~0", "$defs": {"a/b c~": {"type": "null"}}}"##,
            .reference("a/b c~"), definitions: [.init("a/b c~", .null)]),
        .init(
            "reference to the root",
            ##"{"type": "object", "properties": {"next": {"anyOf": [{"$ref": "#"}, {"type": "null"}]}}, "additionalProperties": false}"##,
            object(
                [.init("next", SchemaNode(.anyOf([.reference("root"), .null])), required: false)], additional: .nothing),
            definitions: [
                .init(
                    "root",
                    object(
                        [.init("next", SchemaNode(.anyOf([.reference("root"), .null])), required: false)],
                        additional: .nothing))
            ]),
        .init(
            "reference to a property schema",
            ##"{"type": "object", "properties": {"a": {"type": "string"}, "b": {"$ref": "#/properties/a"}}}"##,
            object([.init("a", .string(), required: false), .init("b", .reference("/properties/a"), required: false)]),
            definitions: [.init("/properties/a", .string())]),
        .init(
            "mutually recursive definitions",
            ##"{"$ref": "#/$defs/A", "$defs": {"A": {"type": "array", "items": {"$ref": "#/$defs/B"}}, "B": {"anyOf": [{"type": "null"}, {"$ref": "#/$defs/A"}]}}}"##,
            .reference("A"),
            definitions: [
                .init("A", .array(ArrayConstraints(items: .reference("B")))),
                .init("B", SchemaNode(.anyOf([.null, .reference("A")]))),
            ]),
    ]

    static let annotationCases: [SchemaFormCase] = [
        .init(
            "titles and descriptions",
            ##"{"title": "Person", "description": "A person", "type": "object", "properties": {"name": {"title": "Name", "description": "Full name", "type": "string"}}, "required": ["name"]}"##,
            titled(
                object([.init("name", titled(.string(), title: "Name", description: "Full name"))]), title: "Person",
                description: "A person")),
        .init(
            "description on any", ##"{"description": "Anything at all"}"##, titled(.any, description: "Anything at all")
        ),
        .init("title on nothing", ##"{"title": "Never", "not": {}}"##, titled(.nothing, title: "Never")),
        .init(
            "description on nullable",
            ##"{"description": "Maybe a name", "type": ["string", "null"], "maxLength": 9}"##,
            titled(SchemaNode(.anyOf([.string(StringConstraints(maxLength: 9)), .null])), description: "Maybe a name")),
        .init(
            "description on reference",
            ##"{"type": "array", "items": {"description": "A node", "$ref": "#/$defs/N"}, "$defs": {"N": {"type": "null"}}}"##,
            .array(ArrayConstraints(items: titled(.reference("N"), description: "A node"))),
            definitions: [.init("N", .null)]),
        .init(
            "description on enum and const",
            ##"{"type": "array", "prefixItems": [{"description": "colour", "enum": ["r", "g"]}, {"title": "k", "const": 1}]}"##,
            .array(
                ArrayConstraints(prefixItems: [
                    titled(SchemaNode(.choice(["r", "g"])), description: "colour"),
                    titled(SchemaNode(.constant(1)), title: "k"),
                ]))),
        .init(
            "annotations are ignored",
            ##"{"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "https://example.com/x", "$comment": "c", "type": "string", "default": "a", "deprecated": false, "readOnly": true, "writeOnly": false}"##,
            .string()),
    ]

    static let cases: [SchemaFormCase] =
        stringCases + formatCases + numberCases + scalarCases + nullableCases + arrayCases
        + objectCases + valueCases + combinatorCases + referenceCases + annotationCases

    @Test(arguments: cases)
    func documentImportsAsExpected(_ form: SchemaFormCase) throws {
        #expect(try importSchema(form.document) == form.model)
    }

    @Test(arguments: cases)
    func modelRoundTripsToAnEqualModel(_ form: SchemaFormCase) throws {
        let (direct, viaText) = try reimported(form.model)
        #expect(direct == form.model)
        #expect(viaText == form.model)
    }

    @Test(arguments: cases)
    func exportIsStable(_ form: SchemaFormCase) throws {
        let exported = form.model.jsonSchema()
        #expect(try GenerationSchema.fromJSONSchema(exported).schema.jsonSchema() == exported)
    }

    @Test func caseNamesAreUnique() {
        #expect(Set(Self.cases.map(\.name)).count == Self.cases.count)
    }

    @Test func falseRootWithDefinitionsKeepsTheDefinitions() throws {
        let schema = GenerationSchema(root: .nothing, definitions: [.init("A", .string())])
        let (direct, viaText) = try reimported(schema)
        #expect(direct == schema)
        #expect(viaText == schema)
    }
}

/// The exact JSON Schema the exporter writes for the shapes users read most.
@Suite struct JSONSchemaExportShapeTests {
    @Test func nullableIsWrittenAsATypeArray() {
        let node = titled(SchemaNode(.anyOf([.string(StringConstraints(maxLength: 5)), .null])), description: "d")
        #expect(
            GenerationSchema(root: node).jsonSchema(includeDialect: false).jsonText()
                == ##"{"description":"d","type":["string","null"],"maxLength":5}"##)
    }

    @Test func anyOfThatIsNotNullableStaysAnyOf() {
        let node = SchemaNode(.anyOf([.null, .string()]))
        #expect(
            GenerationSchema(root: node).jsonSchema(includeDialect: false).jsonText()
                == ##"{"anyOf":[{"type":"null"},{"type":"string"}]}"##)
        let described = SchemaNode(.anyOf([.string(description: "s"), .null]))
        #expect(
            GenerationSchema(root: described).jsonSchema(includeDialect: false).jsonText()
                == ##"{"anyOf":[{"description":"s","type":"string"},{"type":"null"}]}"##)
    }

    @Test func dialectComesFirstAndDefinitionsLast() throws {
        let schema = GenerationSchema(root: .reference("A"), definitions: [.init("A", .boolean), .init("B", .null)])
        let document = schema.jsonSchema()
        #expect(document.properties?.map(\.name) == ["$schema", "$ref", "$defs"])
        #expect(document["$schema"]?.stringValue == GenerationSchema.jsonSchemaDialect)
        #expect(document["$defs"]?.properties?.map(\.name) == ["A", "B"])
        #expect(document["$ref"]?.stringValue == "#/$defs/A")
    }

    @Test func objectKeywordsKeepPropertyOrder() {
        let node = SchemaNode.object(
            ObjectConstraints(
                [
                    .init("zeta", .string()), .init("alpha", .integer(), required: false), .init("mid", .boolean),
                ], additionalRequired: ["extra"]))
        #expect(
            GenerationSchema(root: node).jsonSchema(includeDialect: false).jsonText()
                == ##"{"type":"object","properties":{"zeta":{"type":"string"},"alpha":{"type":"integer"},"mid":{"type":"boolean"}},"required":["zeta","mid","extra"],"additionalProperties":false}"##
        )
    }

    @Test func boundsAreWrittenAsJSONNumbers() {
        let node = SchemaNode.number(
            NumericBounds(minimum: -2, maximum: 0.5, exclusiveMinimum: -3, exclusiveMaximum: 1e20))
        #expect(
            GenerationSchema(root: node).jsonSchema(includeDialect: false).jsonText()
                == ##"{"type":"number","minimum":-2,"exclusiveMinimum":-3,"maximum":0.5,"exclusiveMaximum":1e+20}"##)
    }

    @Test func trueAndFalseRoots() {
        #expect(GenerationSchema(root: .any).jsonSchema(includeDialect: false).jsonText() == "{}")
        #expect(GenerationSchema(root: .nothing).jsonSchema(includeDialect: false).jsonText() == "false")
        #expect(
            GenerationSchema(root: .array(ArrayConstraints(items: .nothing))).jsonSchema(includeDialect: false)
                .jsonText()
                == ##"{"type":"array","items":false}"##)
    }

    @Test func referenceNamesAreEscaped() {
        let schema = GenerationSchema(root: .reference("a/b c~%"), definitions: [.init("a/b c~%", .null)])
        #expect(schema.jsonSchema()["$ref"]?.stringValue == "#/$defs/a~1b%20c~0%25")
    }
}
