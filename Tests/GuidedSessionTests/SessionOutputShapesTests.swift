import CanonicalSchemas
import Guided
import Synchronization
import Testing

/// The session serves every output shape through one core: a Generable type, a schema known only
/// at run time, and free text — each routed, checked and kept in the transcript the same way.
@Suite struct SessionOutputShapesTests {
    static let good = RouterTests.good

    static func session(_ backends: [any LanguageModelBackend], routes: [String: [String]] = [:])
        -> LanguageModelSession
    {
        LanguageModelSession(
            instructions: "Suggest next steps.", configuration: GuidedConfiguration(backends: backends, routes: routes))
    }

    @Test func aRuntimeSchemaYieldsCheckedContentRoutedByItsName() async throws {
        let a = ScriptedBackend("a", answers: [.output(Self.good)])
        let b = ScriptedBackend("b", answers: [.output(Self.good)])
        let session = Self.session([a, b], routes: ["Steps": ["b"]])
        let outcome = try await session.respond(
            to: GenerationRequest("Goal: learn to swim", schema: StepSuggestions.generationSchema, name: "Steps"))
        #expect(outcome.value == Self.good)
        guard case .model(let backend, _, _) = outcome.source else {
            Issue.record("expected a model outcome, got \(outcome.source)")
            return
        }
        #expect(backend == "b")
        #expect(a.respondCalls.withLock { $0 } == 0)
        #expect(session.transcript.isEmpty, "a structured request stands alone (TranscriptHistory.default)")
    }

    @Test func aRuntimeSchemaOutputThatBreaksTheSchemaGetsThePolicysFallback() async throws {
        let broken: GeneratedContent = ["steps": ["only one"]]
        let session = Self.session([ScriptedBackend("a", answers: [.output(broken)])])
        let policy = OutputPolicy<GeneratedContent>(fallback: { _ in Self.good })
        let outcome = try await session.respond(
            to: GenerationRequest("Goal", schema: StepSuggestions.generationSchema, policy: policy))
        guard case .fallback(let reason) = outcome.source else {
            Issue.record("expected the fallback, got \(outcome.source)")
            return
        }
        #expect(reason.code == .allBackendsFailed)
        #expect(outcome.value == Self.good)
    }

    @Test func aRuntimeFallbackThatBreaksTheSchemaIsReportedNotShipped() async {
        let session = Self.session([ScriptedBackend("a", answers: [.failure(.transport)])])
        let policy = OutputPolicy<GeneratedContent>(fallback: { _ in ["steps": []] })
        await #expect {
            try await session.respond(
                to: GenerationRequest("Goal", schema: StepSuggestions.generationSchema, policy: policy))
        } throws: { error in
            (error as? GenerationError)?.reason.code == .fallbackDoesNotFit
        }
    }

    @Test func freeTextIsRequestedWithoutASchemaAndKeptAsText() async throws {
        let backend = RecordingBackend(answers: ["Hello, Ada!"])
        let session = Self.session([backend])
        let reply = try await session.respond(to: "Say hello to Ada.", options: GenerationOptions(temperature: 0.7))
        #expect(reply.value == "Hello, Ada!")
        #expect(reply.isFromModel)
        let sent = try #require(backend.sent.first)
        #expect(sent.schema == nil && sent.groundedVocabulary == nil)
        #expect(sent.options.temperature == 0.7)
        #expect(session.transcript.map(\.text) == ["Say hello to Ada.", "Hello, Ada!"])
        _ = try await session.respond(to: "And to Grace?")
        #expect(backend.prompts.last?.contains("Hello, Ada!") == true, "the second turn carries the first")
    }

    @Test func freeTextExamplesReachThePromptAsTheirWordsNotAsJSONStrings() async throws {
        let backend = RecordingBackend(answers: ["Hi Ada, lovely to see you."])
        let session = Self.session([backend])
        let example = Example<String>("Say hello to Alan.", output: "Hi Alan, good to see you.")
        _ = try await session.respond(to: GenerationRequest<String>("Say hello to Ada.", examples: [example]))
        let sent = try #require(backend.sent.first)
        #expect(sent.examples.map(\.input) == ["Say hello to Alan."])
        let prompt = try #require(backend.prompts.first)
        #expect(prompt.contains("Input: Say hello to Alan.\nOutput: Hi Alan, good to see you.\n"), "\(prompt)")
        #expect(!prompt.contains("\"Hi Alan"), "a free-text example was quoted as JSON")
    }

    @Test func freeTextFallsBackToThePolicysText() async throws {
        let session = Self.session([ScriptedBackend("dead", available: RouterTests.down, answers: [.output("unused")])])
        let reply = try await session.respond(
            to: GenerationRequest<String>("Say hello.", policy: OutputPolicy(fallback: { _ in "Hello!" })))
        #expect(reply.value == "Hello!")
        #expect(!reply.isFromModel)
    }

    @Test func streamedFreeTextGrowsThenCompletes() async throws {
        let text = "Hello there, Ada. Nice to meet you."
        let session = Self.session([ScriptedBackend("a", streamChunk: 5, answers: [.output(GeneratedContent(text))])])
        var partials: [String] = []
        var outcome: GenerationOutcome<String>?
        for try await snapshot in session.streamResponse(to: GenerationRequest<String>("Say hello to Ada.")) {
            switch snapshot {
            case .partial(let partial): partials.append(partial.text)
            case .restarted: Issue.record("nothing failed")
            case .complete(let done): outcome = done
            }
        }
        #expect(!partials.isEmpty)
        #expect(partials.allSatisfy { text.hasPrefix($0) })
        #expect(outcome?.value == text)
    }

    /// The app's own steps, given as a per-call fallback.
    static let ownSteps = StepSuggestions(steps: ["Call the pool", "Buy goggles", "Swim one length"])

    /// Expects `outcome` to be the fallback after every backend failed, with the value `own`.
    static func expectShipped(
        _ own: StepSuggestions, asFallbackOf outcome: GenerationOutcome<StepSuggestions>,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard case .fallback(let reason) = outcome.source else {
            Issue.record("expected the fallback, got \(outcome.source)", sourceLocation: sourceLocation)
            return
        }
        #expect(reason.code == .allBackendsFailed, sourceLocation: sourceLocation)
        #expect(outcome.value.steps == own.steps, sourceLocation: sourceLocation)
    }

    @Test func aFallbackGivenPerCallReplacesTheRegisteredOne() async throws {
        let session = Self.session([ScriptedBackend("broken", answers: [.failure(.transport)])])
        try session.register(StepSuggestions.self, policy: SessionTests.fallback)
        let own = Self.ownSteps
        let outcome = try await session.respond(to: GenerationRequest<StepSuggestions>("Goal", fallback: own))
        #expect(outcome.value.steps == own.steps)
        let registered = try await session.respond(to: "Goal", generating: StepSuggestions.self)
        #expect(
            registered.value.steps.first == "Write your own first step", "the per-call fallback is for that call only")
    }

    @Test func aFallbackGivenPerCallServesATypeWithoutAPolicy() async throws {
        let session = Self.session([ScriptedBackend("broken", answers: [.failure(.transport)])])
        let own = Self.ownSteps
        let outcome = try await session.respond(to: GenerationRequest<StepSuggestions>("Goal", fallback: own))
        Self.expectShipped(own, asFallbackOf: outcome)
    }

    @Test func aFallbackGivenPerCallServesTheScopedFactsForm() async throws {
        let session = Self.session([ScriptedBackend("broken", answers: [.failure(.transport)])])
        try session.register(StepSuggestions.self, policy: SessionTests.fallback)
        let own = Self.ownSteps
        let facts = [Fact("Goal: learn to swim", scopes: [.goal("swim")])]
        let outcome = try await session.respond(
            to: GenerationRequest<StepSuggestions>(
                "Goal: learn to swim", facts: facts, scope: .goal("swim"), fallback: own))
        Self.expectShipped(own, asFallbackOf: outcome)
    }

    @Test func aFallbackGivenPerCallReplacesTheFilledCopyOfAPolish() async throws {
        let session = Self.session([ScriptedBackend("broken", answers: [.failure(.transport)])])
        try session.register(RewrittenNotification.self, policy: .template({ RewrittenNotification(text: $0) }))
        let copy = try AuthoredTemplate("Back in {month} you wrote: \"{entry}\"").filled(
            from: AuthoredTemplateTests.facts)
        let polished = try await session.respond(
            to: GenerationRequest<RewrittenNotification>(
                polishing: copy, facts: AuthoredTemplateTests.facts, scope: .goal("sourdough"),
                fallback: RewrittenNotification(text: "Your starter misses you.")))
        #expect(polished.value.text == "Your starter misses you.")
        #expect(!polished.isFromModel)
        let templated = try await session.respond(
            to: GenerationRequest<RewrittenNotification>(
                polishing: copy, facts: AuthoredTemplateTests.facts, scope: .goal("sourdough")))
        #expect(templated.value.text == copy.text, "the per-call fallback is for that call only")
    }

    @Test func aPerCallFallbackThatBreaksTheSchemaIsReported() async {
        let session = Self.session([ScriptedBackend("broken", answers: [.failure(.transport)])])
        await #expect {
            try await session.respond(
                to: GenerationRequest<StepSuggestions>("Goal", fallback: StepSuggestions(steps: ["one"])))
        } throws: { error in
            (error as? GenerationError)?.reason.code == .fallbackDoesNotFit
        }
    }

    @Test func typedExamplesReachThePromptAsTheirOutputsContent() async throws {
        let backend = RecordingBackend(answers: [Self.good])
        let session = Self.session([backend])
        let example = Example<StepSuggestions>(
            "Goal: read more", grounding: ["Entry: library card renewed"],
            output: StepSuggestions(steps: ["Visit the library", "Pick a novel", "Read ten pages"]))
        _ = try await session.respond(
            to: GenerationRequest<StepSuggestions>("Goal: learn to swim", examples: [example]))
        let sent = try #require(backend.sent.first)
        #expect(sent.examples.map(\.input) == ["Goal: read more"])
        #expect(sent.examples.first?.grounding == ["Entry: library card renewed"])
        #expect(sent.examples.first?.output == example.output.generatedContent)
        #expect(backend.prompts.first?.contains("Visit the library") == true)
    }
}

/// A type the schema cannot represent is refused by the session before anything is sent.
@Suite struct SessionDeclarationTests {
    struct Reminder: Generable {
        var text: String = ""
        var when: Int64 = 0
    }

    @Test func registeringItIsALocatedError() {
        let session = LanguageModelSession(configuration: GuidedConfiguration(backends: []))
        #expect {
            try session.register(Reminder.self, policy: OutputPolicy(fallback: { _ in Reminder() }))
        } throws: { error in
            (error as? SchemaError)?.code == .unsupportedPropertyType
        }
    }

    @Test func askingForItThrowsWithoutSendingAndWithoutAFallback() async {
        let backend = ScriptedBackend("live", answers: [.output(["text": "x"])])
        let session = LanguageModelSession(configuration: GuidedConfiguration(backends: [backend]))
        await #expect {
            try await session.respond(to: GenerationRequest<Reminder>("Remind me", fallback: Reminder()))
        } throws: { error in
            guard let error = error as? GenerationError else { return false }
            return error.reason.code == .invalidDeclaration
                && error.reason.message.contains("Reminder.when has the type Int64")
        }
        #expect(backend.respondCalls.withLock { $0 } == 0)
        #expect(backend.availabilityCalls.withLock { $0 } == 0)
    }
}
