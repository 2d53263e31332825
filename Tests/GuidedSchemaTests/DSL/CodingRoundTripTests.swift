import GuidedSchema
import Testing

@Suite struct CodingRoundTripTests {
    static let sample: Everything = {
        var value = Everything()
        value.kind = "task"
        value.colour = "green"
        value.title = "Plan the week"
        value.due = "2026-12-01"
        value.hours = 3
        value.confidence = 0.5
        value.tags = ["home", "focus"]
        var address = Address()
        address.street = "Main St 1"
        address.postalCode = "12345"
        value.addresses = [address]
        value.note = "bring snacks"
        value.priority = .urgent
        value.home = address
        value.done = true
        value.score = 7
        return value
    }()

    @Test func typedValueRoundTripsThroughContent() throws {
        let content = Self.sample.generatedContent
        #expect(content.properties?.map(\.name).first == "kind")
        #expect(try Everything(content) == Self.sample)
        #expect(Everything.generationSchema.violations(of: content) == [])
    }

    @Test func absentOptionalsDecodeAsNilAndAreLeftOut() throws {
        var value = Self.sample
        value.note = nil
        value.score = nil
        let content = value.generatedContent
        #expect(content["note"] == nil)
        #expect(content["score"] == nil)
        #expect(try Everything(content) == value)
    }

    @Test func recursiveValuesRoundTrip() throws {
        var leaf = TreeNode()
        leaf.label = "leaf"
        var root = TreeNode()
        root.label = "root"
        root.children = [leaf, leaf]
        let content = root.generatedContent
        #expect(
            content.jsonText()
                == #"{"label":"root","children":[{"label":"leaf","children":[]},{"label":"leaf","children":[]}]}"#)
        #expect(try TreeNode(content) == root)
        #expect(TreeNode.generationSchema.validates(content))
    }

    @Test func unionsDecodeTheVariantThatFits() throws {
        let content: GeneratedContent = [
            "attachments": [["type": "note", "body": "hi"], ["type": "link", "url": "u"]]
        ]
        let message = try Message(content)
        var note = Note()
        note.type = "note"
        note.body = "hi"
        var link = Link()
        link.type = "link"
        link.url = "u"
        #expect(message.attachments == [.note(note), .link(link)])
        #expect(message.generatedContent == content)
    }

    @Test func decodingErrorsNameThePointer() {
        let content: GeneratedContent = ["steps": ["a", 2, "c"]]
        #expect(throws: ContentDecodingError(pointer: JSONPointer("/steps/1")!, expected: "a string", excerpt: "2")) {
            try StepSuggestionsShape.Steps(content)
        }
    }
}
