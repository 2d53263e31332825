import GuidedSchema
import Testing

/// `Output.PartiallyGenerated`: typed access to output that is still being written, by the
/// type's own key paths, for plain, guided, optional, nested, array, choice and union properties.
@Suite struct PartiallyGeneratedTests {
    struct Step: Generable {
        @Guide(description: "What to do") var text: String = ""
        var minutes: Int = 0
    }

    struct Plan: Generable {
        @Guide(description: "A title", .maximumLength(40)) var title: String = ""
        var steps: [Step] = []
        var tags: [String] = []
        var priority: Priority = .low
        var note: String?
        var done: Bool = false
        var attachment: Attachment = .note(Note())
        var summary: String { "\(title): \(steps.count) steps" }
    }

    static func partial(_ text: String) throws -> Plan.PartiallyGenerated {
        let content: GeneratedContent?
        switch PartialJSON.parse(text) {
        case .complete(let value): content = value
        case .incomplete(let value): content = value
        case .invalid: throw PartialError.invalid
        }
        return try #require(content.flatMap(Plan.PartiallyGenerated.init))
    }

    enum PartialError: Error { case invalid }

    @Test func everyPropertyIsNilUntilTheModelBeginsIt() throws {
        let partial = try Self.partial("{")
        #expect(partial.title == nil)
        #expect(partial.steps == nil)
        #expect(partial.tags == nil)
        #expect(partial.priority == nil)
        #expect(partial.note == nil)
        #expect(partial.done == nil)
        #expect(partial.completed == nil)
    }

    @Test func aStringBeingWrittenShowsItsTextSoFar() throws {
        let partial = try Self.partial(#"{"title":"Learn to sw"#)
        #expect(partial.title == "Learn to sw")
        #expect(partial.steps == nil)
        #expect(partial.contains(\.title))
        #expect(!partial.contains(\.steps))
    }

    @Test func nestedValuesAndArraysArePartialInTurn() throws {
        let partial = try Self.partial(
            #"{"title":"Swim","steps":[{"text":"Find a pool","minutes":20},{"text":"Book a les"#)
        let steps = try #require(partial.steps)
        #expect(steps.count == 2)
        #expect(steps[0].text == "Find a pool")
        #expect(steps[0].minutes == 20)
        #expect(steps[1].text == "Book a les")
        #expect(steps[1].minutes == nil)
        #expect(steps[0].completed?.text == "Find a pool")
        #expect(steps[1].completed == nil)
    }

    @Test func arraysOfStringsGrowElementByElement() throws {
        #expect(try Self.partial(#"{"tags":["wat"#).tags == ["wat"])
        #expect(try Self.partial(#"{"tags":["water","poo"#).tags == ["water", "poo"])
    }

    @Test func choicesAndUnionsAppearOnlyWhenWhole() throws {
        #expect(try Self.partial(#"{"priority":"urg"#).priority == nil)
        #expect(try Self.partial(#"{"priority":"urgent""#).priority == .urgent)
        #expect(
            try Self.partial(#"{"attachment":{"type":"link","url":"http"#).attachment
                == .link(Link(type: "link", url: "http")))
        #expect(try Self.partial(#"{"attachment":{"type":"li"#).attachment == nil)
    }

    @Test func optionalAndBooleanProperties() throws {
        #expect(try Self.partial(#"{"note":null"#).note == nil)
        #expect(try Self.partial(#"{"note":null"#).contains(\.note))
        #expect(try Self.partial(#"{"note":"Bring a to"#).note == "Bring a to")
        #expect(try Self.partial(#"{"done":true"#).done == true)
    }

    @Test func aComputedPropertyIsNeverGenerated() throws {
        let partial = try Self.partial(#"{"title":"Swim","steps":[]}"#)
        #expect(partial.summary == nil)
    }

    @Test func theWholeValueOnceEveryRequiredPropertyIsThere() throws {
        let text =
            #"{"title":"Swim","steps":[],"tags":[],"priority":"normal","done":false,"attachment":{"type":"note","body":"b"}}"#
        let partial = try Self.partial(text)
        #expect(partial.completed?.priority == .normal)
    }

    @Test func propertiesOfEveryGuideKindAreFound() throws {
        var value = Everything()
        (value.kind, value.colour, value.title, value.due) = ("task", "green", "Ti", "2026-01-02")
        (value.hours, value.confidence, value.tags, value.note) = (3, 0.5, ["a"], "n")
        (value.priority, value.done, value.score) = (.urgent, true, 7)
        let content = value.generatedContent
        let partial = try #require(Everything.PartiallyGenerated(content))
        #expect(partial.kind == "task")
        #expect(partial.colour == "green")
        #expect(partial.due == "2026-01-02")
        #expect(partial.hours == 3)
        #expect(partial.confidence == 0.5)
        #expect(partial.tags == ["a"])
        #expect(partial.addresses?.isEmpty == true)
        #expect(partial.note == "n")
        #expect(partial.priority == .urgent)
        #expect(partial.home?.street == "")
        #expect(partial.done == true)
        #expect(partial.score == 7)
    }
}
