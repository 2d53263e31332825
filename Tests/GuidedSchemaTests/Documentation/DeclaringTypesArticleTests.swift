import GuidedSchema
import Testing

// The code of GuidedSchema's documentation articles (Sources/GuidedSchema/GuidedSchema.docc), compiled
// and run here so an article cannot drift from the API: ArticleCodeTests fails when a `swift`
// block of an article is not found in a file under Tests/.

struct TripPlan: Generable {
    static let configuration = GenerableConfiguration(description: "A plan for a day trip")

    @Guide(description: "Where to go, in a few words", .length(3...40))
    var destination: String = ""

    @Guide(description: "What to do there, in order", .count(2...4), .element(.maximumLength(60)))
    var activities: [String] = []

    @Guide(description: "How long the trip takes, in hours", .range(1...12))
    var hours: Int = 1

    var pace: Pace = .steady
    var note: String? = nil
}

enum Pace: String, GenerableChoice {
    case relaxed, steady, brisk
}

struct Outline: Generable {
    var title: String = ""
    var sections: [Outline] = []
}

struct Contact: Generable {
    @Guide(description: "An address", .format(.email)) var address: String = ""
}

struct Memo: Generable {
    @Guide(description: "A short note", .maximumLength(80)) var text: String = ""
}

enum TripExtra: GenerableUnion {
    case contact(Contact)
    case memo(Memo)

    static let variants = [UnionVariant(contact), UnionVariant(memo)]
}

@Suite struct DeclaringTypesArticleTests {
    @Test func schemaValidationAndDecoding() throws {
        let schema = TripPlan.generationSchema
        let output: GeneratedContent = [
            "destination": "Lake Geneva", "activities": ["Swim at the beach", "Picnic in the park"],
            "hours": 5, "pace": "relaxed",
        ]
        let violations = schema.violations(of: output) // empty: the value fits
        let plan = try TripPlan(output)
        #expect(violations.isEmpty)
        #expect(plan.destination == "Lake Geneva" && plan.pace == .relaxed && plan.note == nil)

        let broken: GeneratedContent = ["destination": "Lake", "activities": ["Swim"], "hours": 30, "pace": "fast"]
        for violation in schema.violations(of: broken) {
            print(violation) // e.g. "/activities: at least 2 items, got [\"Swim\"]"
        }
        #expect(schema.violations(of: broken).map(\.pointer.description) == ["/activities", "/hours", "/pace"])
    }

    @Test func jsonSchemaExport() {
        let document = TripPlan.generationSchema.jsonSchema()
        print(document.jsonText(.pretty))
        #expect(document["properties"]?["hours"]?["maximum"] == 12)
        #expect(document["additionalProperties"] == false)
        #expect(document["required"] == ["destination", "activities", "hours", "pace"])
    }

    @Test func recursiveAndUnionTypes() throws {
        #expect(Outline.generationSchema.definitions.map(\.name) == ["Outline"])
        let extra = try GeneratedContentDecoder.decode(TripExtra.self, from: ["text": "Bring a towel"])
        guard case .memo(let memo) = extra else {
            Issue.record("the memo variant did not decode")
            return
        }
        #expect(memo.text == "Bring a towel")
    }

    @Test func declarationErrors() {
        struct Reminder: Generable {
            var text: String = ""
            var due: [UInt8] = []
        }
        #expect(throws: SchemaError.self) { try Reminder.checkDeclaration() }
        #expect(throws: Never.self) { try TripPlan.checkDeclaration() }
    }

    @Test func runtimeSchemas() throws {
        let imported = try GenerationSchema.fromJSONSchema([
            "type": "object",
            "properties": ["city": ["type": "string", "maxLength": 40]],
            "required": ["city"],
            "x-ui": "compact",
        ])
        print(imported.ignored) // the x-ui keyword, listed as ignored: it constrains nothing
        #expect(imported.ignored.map(\.keyword) == ["x-ui"])

        let built = GenerationSchema(
            root: .object(ObjectConstraints([.init("city", .string(StringConstraints(maxLength: 40)))])))
        #expect(built.validates(["city": "Lausanne"]))
        #expect(!built.validates(["city": "Lausanne", "country": "CH"]))
    }
}
