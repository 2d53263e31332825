import CanonicalSchemas
import Guided
import Synchronization
import Testing

@Suite struct SessionTests {
    static let good: GeneratedContent = RouterTests.good

    static func session(_ backends: [any LanguageModelBackend], routes: [String: [String]] = [:])
        -> LanguageModelSession
    {
        LanguageModelSession(
            instructions: "Suggest next steps.", configuration: GuidedConfiguration(backends: backends, routes: routes))
    }

    static let fallback = OutputPolicy<StepSuggestions>(fallback: { context in
        StepSuggestions(steps: ["Write your own first step", "Write your own second step", "Write your own third step"])
    }).ownChecksOnly

    @Test func aModelOutputShipsWithItsProvenance() async throws {
        let session = Self.session([ScriptedBackend("live", answers: [.output(Self.good)])])
        var kept = Self.fallback
        kept.history = .kept
        try session.register(StepSuggestions.self, policy: kept)
        let outcome = try await session.respond(
            to: "Goal: learn to swim", generating: StepSuggestions.self, grounding: RouterTests.grounding)
        #expect(outcome.value.steps.count == 3)
        guard case .model(let backend, let tokens, _) = outcome.source else {
            Issue.record("expected a model outcome")
            return
        }
        #expect(backend == "live" && tokens == 7)
        #expect(session.transcript.count == 2)
        session.resetTranscript()
        #expect(session.transcript.isEmpty)
        #expect(session.instructions == "Suggest next steps.")
    }

    @Test func theFallbackShipsWithTheReasonWhenNoModelCanServe() async throws {
        let session = Self.session([ScriptedBackend("dead", available: RouterTests.down, answers: [.output(Self.good)])]
        )
        try session.register(StepSuggestions.self, policy: Self.fallback)
        let outcome = try await session.respond(to: "Goal", generating: StepSuggestions.self)
        guard case .fallback(let reason) = outcome.source else {
            Issue.record("expected the fallback")
            return
        }
        #expect(reason.code == .noBackendAvailable)
        #expect(outcome.value.steps.first == "Write your own first step")
        #expect(outcome.attempts.map(\.outcomeCode) == ["unavailable:unreachable"])
    }

    @Test func theFallbackIsBuiltFromTheRequestsGrounding() async throws {
        let session = Self.session([ScriptedBackend("broken", answers: [.failure(.transport)])])
        try session.register(
            RewrittenNotification.self,
            policy: OutputPolicy(fallback: { context in
                RewrittenNotification(text: "Update: " + (context.grounding.first ?? "see the app for details"))
            }))
        let outcome = try await session.respond(
            to: "Rewrite", generating: RewrittenNotification.self, grounding: ["parcel 1Z999 arrives Friday"])
        #expect(outcome.value.text == "Update: parcel 1Z999 arrives Friday")
        #expect(!outcome.isFromModel)
    }

    @Test func aFallbackThatDoesNotFitItsSchemaIsRejectedAtRegistration() {
        let session = Self.session([])
        #expect(throws: SchemaError.self) {
            try session.register(
                StepSuggestions.self, policy: OutputPolicy(fallback: { _ in StepSuggestions(steps: ["only one"]) }))
        }
    }

    @Test func aPolicyRouteNamingAnUnknownBackendIsAConfigurationErrorAtItsEntry() throws {
        let session = Self.session([ScriptedBackend("local", answers: [])])
        var policy = SessionTests.fallback
        policy.route = ["local", "cloud"]
        let error = try #require(throws: ConfigurationError.self) {
            try session.register(StepSuggestions.self, policy: policy)
        }
        #expect(
            error
                == ConfigurationError(
                    "the route for StepSuggestions names the unknown backend \"cloud\"",
                    remedy: "name one of the configured backends (local) or add \"cloud\"",
                    at: JSONPointer(tokens: ["route", "1"])))
    }

    @Test func withoutAFallbackAFailedRequestThrowsWithEveryAttempt() async {
        let session = Self.session([ScriptedBackend("broken", answers: [.failure(.transport)])])
        await #expect(throws: GenerationError.self) {
            try await session.respond(to: "Goal", generating: StepSuggestions.self)
        }
    }

    @Test func routesPerOutputTypeComeFromConfiguration() async throws {
        let a = ScriptedBackend("a", answers: [.output(Self.good)])
        let b = ScriptedBackend("b", answers: [.output(Self.good)])
        let session = Self.session([a, b], routes: ["StepSuggestions": ["b"]])
        let outcome = try await session.respond(to: "Goal", generating: StepSuggestions.self)
        guard case .model(let backend, _, _) = outcome.source else {
            Issue.record("expected a model outcome")
            return
        }
        #expect(backend == "b")
        #expect(a.respondCalls.withLock { $0 } == 0)
    }

    @Test func streamingYieldsPartialsThenTheOutcome() async throws {
        let session = Self.session([ScriptedBackend("live", answers: [.output(Self.good)])])
        var partials = 0
        var outcome: GenerationOutcome<StepSuggestions>?
        for try await snapshot in session.streamResponse(to: GenerationRequest<StepSuggestions>("Goal")) {
            switch snapshot {
            case .partial(let partial):
                partials += 1
                #expect(partial.text == "{")
                #expect(partial.rawContent == [:])
                #expect(partial.backend == "live")
            case .restarted(let attempt): Issue.record("unexpected restart after \(attempt)")
            case .complete(let value): outcome = value
            }
        }
        #expect(partials == 1)
        #expect(outcome?.isFromModel == true)
    }
}
