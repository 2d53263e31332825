import CanonicalSchemas
import GuidedJSON
import GuidedSchema
import Testing

/// `schemas/*.json` are the canonical Swift declarations as JSON Schema; they must stay equal.
@Suite struct CanonicalSchemaFileTests {
    static let repository = "/" + #filePath.split(separator: "/").dropLast(4).joined(separator: "/")

    @Test func rewrittenNotificationFileEqualsTheDeclaration() throws {
        let file = try SchemaFile.load(Self.repository + "/schemas/RewrittenNotification.json")
        #expect(file.schema == RewrittenNotification.generationSchema)
        #expect(file.warnings.isEmpty)
    }

    @Test func stepSuggestionsFileEqualsTheDeclaration() throws {
        let file = try SchemaFile.load(Self.repository + "/schemas/StepSuggestions.json")
        #expect(file.schema == StepSuggestions.generationSchema)
    }

    @Test func canonicalTypesHaveTheAgreedShape() throws {
        guard case .object(let notification) = RewrittenNotification.generationSchema.root.kind,
            case .object(let steps) = StepSuggestions.generationSchema.root.kind
        else {
            Issue.record("canonical types are not objects")
            return
        }
        #expect(notification.property(named: "text")?.schema.kind == .string(StringConstraints(maxLength: 180)))
        #expect(notification.property(named: "text")?.schema.description != nil)
        guard case .array(let array) = steps.property(named: "steps")?.schema.kind else {
            Issue.record("steps is not an array")
            return
        }
        #expect(array.minItems == 3 && array.maxItems == 3)
        #expect(array.items.kind == .string(StringConstraints(minLength: 1, maxLength: 100)))
        #expect(array.items.description != nil)
    }

    @Test func canonicalValuesRoundTrip() throws {
        let steps = StepSuggestions(steps: ["Find a pool", "Book a lesson", "Practise floating"])
        #expect(try StepSuggestions(steps.generatedContent) == steps)
        #expect(StepSuggestions.generationSchema.validates(steps.generatedContent))
        let tooLong = RewrittenNotification(text: String(repeating: "x", count: 181))
        #expect(
            RewrittenNotification.generationSchema.violations(of: tooLong.generatedContent).map(\.pointer) == [
                JSONPointer("/text")!
            ])
    }
}
