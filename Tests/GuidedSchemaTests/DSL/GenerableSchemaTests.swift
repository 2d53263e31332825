import GuidedSchema
import Testing

@Suite struct GenerableSchemaTests {
    @Test func propertiesFollowDeclarationOrder() throws {
        let root = try #require(object(Everything.generationSchema.root))
        #expect(
            root.properties.map(\.name) == [
                "kind", "colour", "title", "due", "hours", "confidence", "tags", "addresses", "note",
                "priority", "home", "done", "score",
            ])
    }

    @Test func guidesBecomeConstraints() throws {
        let root = try #require(object(Everything.generationSchema.root))
        func kind(_ name: String) -> SchemaNode.Kind? { root.property(named: name)?.schema.kind }
        #expect(kind("kind") == .constant("task"))
        #expect(kind("colour") == .choice(["red", "green"]))
        #expect(kind("title") == .string(StringConstraints(minLength: 2, maxLength: 40)))
        #expect(kind("due") == .string(StringConstraints(format: .date)))
        #expect(kind("hours") == .integer(NumericBounds(minimum: 1, maximum: 8)))
        #expect(kind("confidence") == .number(NumericBounds(minimum: 0, maximum: 1)))
        #expect(
            kind("tags")
                == .array(ArrayConstraints(items: .string(StringConstraints(maxLength: 10)), minItems: 1, maxItems: 3)))
        #expect(kind("priority") == .choice(["low", "normal", "urgent"]))
        #expect(kind("done") == .boolean)
        #expect(root.property(named: "hours")?.schema.description == "Effort in hours")
        #expect(Everything.generationSchema.root.description == "Every guide at once")
    }

    @Test func optionalPropertiesAreNullableAndNotRequired() throws {
        let root = try #require(object(Everything.generationSchema.root))
        let note = try #require(root.property(named: "note"))
        #expect(!note.isRequired)
        #expect(note.schema.kind == .anyOf([.string(StringConstraints(maxLength: 50)), .null]))
        #expect(note.schema.description == "An optional note")
        #expect(root.property(named: "score")?.isRequired == false)
        #expect(root.property(named: "kind")?.isRequired == true)
    }

    @Test func nestedTypesAndArraysOfObjectsAreInlined() throws {
        let root = try #require(object(Everything.generationSchema.root))
        let home = try #require(object(root.property(named: "home")!.schema))
        #expect(home.properties.map(\.name) == ["street", "postalCode"])
        #expect(home.additionalProperties == .nothing)
        guard case .array(let addresses) = root.property(named: "addresses")!.schema.kind else {
            Issue.record("addresses is not an array")
            return
        }
        #expect(addresses.minItems == 1)
        #expect(object(addresses.items)?.properties.count == 2)
        #expect(Everything.generationSchema.definitions.isEmpty)
    }

    @Test func recursiveTypesBecomeDefinitions() throws {
        let schema = TreeNode.generationSchema
        #expect(schema.root == .reference("Node"))
        let node = try #require(object(schema.definition(named: "Node")!))
        #expect(node.properties.map(\.name) == ["label", "children"])
        #expect(node.property(named: "children")?.schema.kind == .array(ArrayConstraints(items: .reference("Node"))))
    }

    @Test func unionsAreAnyOfTheirVariants() throws {
        let root = try #require(object(Message.generationSchema.root))
        guard case .array(let array) = root.property(named: "attachments")!.schema.kind,
            case .anyOf(let branches) = array.items.kind
        else {
            Issue.record("attachments is not an array of anyOf")
            return
        }
        #expect(branches.count == 2)
        #expect(object(branches[0])?.property(named: "type")?.schema.kind == .constant("link"))
    }

    @Test func canonicalTypesReadNaturally() throws {
        let steps = try #require(object(StepSuggestionsShape.schema.root))
        #expect(steps.properties.count == 1)
    }
}

func object(_ node: SchemaNode) -> ObjectConstraints? {
    if case .object(let constraints) = node.kind { return constraints }
    return nil
}

/// A local copy of the canonical shape, so this test needs no example target.
enum StepSuggestionsShape {
    struct Steps: Generable {
        @Guide(description: "Exactly three next steps", .count(3), .element(.length(1...100))) var steps: [String] = []
    }
    static var schema: GenerationSchema { Steps.generationSchema }
}
