import CanonicalSchemas
import Guided
import Testing

/// Authored templates: parsing, filling from facts, and shipping as the fallback of a polish.
@Suite struct AuthoredTemplateTests {
    static let facts = [
        Fact(
            "1 March 2026: Fed the starter twice.", slots: ["entry": "Fed the starter twice.", "month": "March"],
            scopes: [.goal("sourdough")]),
        Fact(
            "Entry 2: Fed it again.", slots: ["entry": "Fed it again.", "month": "April"], scopes: [.goal("sourdough")]),
        Fact("Goal: bake sourdough at home", scopes: [.goal("sourdough")]),
    ]

    @Test func slotsAreFilledFromTheFactsNamingThem() throws {
        let template = try AuthoredTemplate("Back in {month} you wrote: \"{entry}\"")
        #expect(template.slots == ["month", "entry"])
        #expect(try template.filled(from: Self.facts).text == "Back in March you wrote: \"Fed the starter twice.\"")
        #expect(try template.filled(with: ["month": "May", "entry": "x"]).text == "Back in May you wrote: \"x\"")
    }

    @Test func doubledBracesAreLiteralBraces() throws {
        #expect(
            try AuthoredTemplate("{{not a slot}} {entry}").filled(from: Self.facts).text
                == "{not a slot} Fed the starter twice.")
    }

    @Test func aMissingSlotIsATypedErrorNamingIt() throws {
        let template = try AuthoredTemplate("On {date}: {entry}")
        #expect(throws: TemplateError(.missingSlot, "no value for the slot {date}", template: "On {date}: {entry}")) {
            try template.filled(from: Self.facts)
        }
    }

    @Test(arguments: [
        ("Hi {name", TemplateError.Code.unbalancedBrace), ("Hi name}", .unbalancedBrace),
        ("Hi {first name}", .invalidSlotName), ("{1st}", .invalidSlotName), ("{}", .invalidSlotName),
    ])
    func malformedTemplatesAreRejected(source: String, code: TemplateError.Code) {
        #expect { try AuthoredTemplate(source) } throws: { ($0 as? TemplateError)?.code == code }
    }

    @Test func theFilledCopyIsThePromptAndShipsWordForWordWhenNoModelCanServe() async throws {
        let dead = ScriptedBackend("dead", available: RouterTests.down, answers: [.output(["text": "unused"])])
        let session = LanguageModelSession(configuration: GuidedConfiguration(backends: [dead]))
        try session.register(RewrittenNotification.self, policy: .template({ RewrittenNotification(text: $0) }))
        let copy = try AuthoredTemplate("Back in {month} you wrote: \"{entry}\"").filled(from: Self.facts)
        let outcome = try await session.respond(
            to: GenerationRequest<RewrittenNotification>(polishing: copy, facts: Self.facts, scope: .goal("sourdough")))
        #expect(outcome.value.text == "Back in March you wrote: \"Fed the starter twice.\"")
        guard case .fallback(let reason) = outcome.source else {
            Issue.record("expected the template to ship")
            return
        }
        #expect(reason.code == .noBackendAvailable)
    }

    @Test func theModelIsAskedToPolishTheFilledCopy() async throws {
        let backend = RecordingBackend(answers: [["text": "In March you fed the starter twice."]])
        let session = LanguageModelSession(
            instructions: "Rewrite warmly.", configuration: GuidedConfiguration(backends: [backend]))
        try session.register(RewrittenNotification.self, policy: .template({ RewrittenNotification(text: $0) }))
        let copy = try AuthoredTemplate("Back in {month} you wrote: \"{entry}\"").filled(from: Self.facts)
        let outcome = try await session.respond(
            to: GenerationRequest<RewrittenNotification>(polishing: copy, facts: Self.facts, scope: .goal("sourdough")))
        #expect(outcome.isFromModel)
        let request = try #require(backend.sent.first)
        #expect(request.prompt == copy.text)
        #expect(request.grounding == Self.facts.map(\.text))
    }

    @Test func aPolishedCopyThatChangesAFactWordShipsTheTemplateInstead() async throws {
        // The rewrite Gemma 3 270M wrote for an entry about abuela.
        let facts = [
            Fact(
                "10 May 2026: Said good morning to abuela in Spanish.",
                slots: ["entry": "Said good morning to abuela in Spanish.", "month": "May"], scopes: [.goal("spanish")])
        ]
        let changed = RecordingBackend(answers: [["text": "In May you said good morning to abuelo in Spanish."]])
        let session = LanguageModelSession(configuration: GuidedConfiguration(backends: [changed]))
        try session.register(RewrittenNotification.self, policy: .template({ RewrittenNotification(text: $0) }))
        let copy = try AuthoredTemplate("Back in {month} you wrote: \"{entry}\"").filled(from: facts)
        let outcome = try await session.respond(
            to: GenerationRequest<RewrittenNotification>(polishing: copy, facts: facts, scope: .goal("spanish")))
        #expect(outcome.value.text == copy.text)
        // Both checks see it: the quoted entry is not restated word for word, and "abuela" became "abuelo".
        let rejections = outcome.attempts.flatMap { attempt -> [Rejection] in
            if case .rejected(let rejections) = attempt.outcome { return rejections }
            return []
        }
        #expect(rejections.contains { $0.validator == "restatedQuotation" && $0.reason == "quotationChanged" })
        #expect(rejections.contains { $0.validator == "changedFact" && $0.reason == "changedWord" })
    }

    @Test func aRequestThatIsNoPolishingIsNotCheckedForChangedWords() async throws {
        let backend = RecordingBackend(answers: [["text": "Say good morning to abuelo in Spanish."]])
        let session = LanguageModelSession(configuration: GuidedConfiguration(backends: [backend]))
        let outcome = try await session.respond(
            to: GenerationRequest<RewrittenNotification>(
                "Suggest a greeting.", grounding: ["Said good morning to abuela in Spanish."]))
        #expect(outcome.isFromModel)
    }

    @Test func aFilledCopyOverTheSchemasCapIsAnErrorNotAnInvalidValue() async throws {
        let dead = ScriptedBackend("dead", available: RouterTests.down, answers: [.output(["text": "unused"])])
        let session = LanguageModelSession(configuration: GuidedConfiguration(backends: [dead]))
        try session.register(RewrittenNotification.self, policy: .template({ RewrittenNotification(text: $0) }))
        let copy = try AuthoredTemplate("{entry}").filled(with: ["entry": String(repeating: "long ", count: 40)])
        await #expect {
            try await session.respond(
                to: GenerationRequest<RewrittenNotification>(polishing: copy, facts: [], scope: .goal("g")))
        } throws: {
            ($0 as? GenerationError)?.reason.code == .fallbackDoesNotFit
        }
    }
}
