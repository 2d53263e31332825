import CanonicalSchemas
import Guided
import GuidedJSON
import Testing

/// A session applies the configuration's `outputs` entry for a type: options reach the
/// backend, validators are turned on, off or tuned, candidates and routes change, and the
/// configured fallback ships with its reason — with the documented precedence: registered
/// policy < configuration < the call.
@Suite struct ConfiguredOutputTests {
    static let threeSteps: GeneratedContent = [
        "steps": ["Write your first step", "Write your second step", "Write your third step"]
    ]

    /// Settings for `StepSuggestions` read from `json` as the configuration file would hold them.
    static func settings(_ json: String, backends: [String] = ["recording"]) throws -> OutputOverrides {
        let node = ConfigurationNode(
            try JSONReader.parse(json), at: JSONPointer(tokens: ["outputs", "StepSuggestions"]), file: "ops.json")
        return try OutputOverrides.read(node, backends: backends)
    }

    static func session(_ backends: [any LanguageModelBackend], _ outputs: [String: OutputOverrides])
        -> LanguageModelSession
    {
        LanguageModelSession(
            instructions: "Suggest next steps.",
            configuration: GuidedConfiguration(backends: backends, outputs: outputs))
    }

    @Test func configuredOptionsReachTheBackend() async throws {
        let recording = RecordingBackend(answers: [RouterTests.good])
        let settings = try Self.settings(
            #"{"options": {"temperature": 0.6, "sampling": {"mode": "top-p", "probabilityThreshold": 0.9, "seed": 7}, "#
                + #""maximumResponseTokens": 160, "repetitionPenalty": 0.3, "groundedDecoding": true}}"#)
        let session = Self.session([recording], ["StepSuggestions": settings])
        try session.register(StepSuggestions.self, policy: OutputPolicy.noSuggestion().ownChecksOnly)
        let outcome = try await session.respond(
            to: "Goal", generating: StepSuggestions.self, grounding: RouterTests.grounding)
        #expect(outcome.isFromModel, "\(outcome.attempts)")
        let sent = try #require(recording.sent.first)
        #expect(sent.options.temperature == 0.6)
        #expect(sent.options.sampling == .random(probabilityThreshold: 0.9, seed: 7))
        #expect(sent.options.maximumResponseTokens == 160)
        #expect(sent.options.repetitionPenalty == 0.3)
        #expect(sent.groundedVocabulary != nil, "groundedDecoding: true compiles the grounding into the request")
    }

    @Test func theCallBeatsTheConfigurationWhichBeatsTheRegisteredPolicy() async throws {
        let recording = RecordingBackend(answers: [RouterTests.good])
        let settings = try Self.settings(#"{"options": {"temperature": 0.6, "maximumResponseTokens": 160}}"#)
        let session = Self.session([recording], ["StepSuggestions": settings])
        var policy = OutputPolicy<StepSuggestions>.noSuggestion()
        policy.options = GenerationOptions(
            sampling: .greedy, temperature: 0.1, maximumResponseTokens: 50, repetitionPenalty: 0.2)
        try session.register(StepSuggestions.self, policy: policy)
        _ = try await session.respond(
            to: "Goal", generating: StepSuggestions.self, options: GenerationOptions(maximumResponseTokens: 99))
        let sent = try #require(recording.sent.first).options
        #expect(sent.sampling == .greedy, "code's, nobody else set it")
        #expect(sent.repetitionPenalty == 0.2, "code's, nobody else set it")
        #expect(sent.temperature == 0.6, "the configuration's over the code's")
        #expect(sent.maximumResponseTokens == 99, "the call's over the configuration's")
        _ = try await session.respond(
            to: "Goal", generating: StepSuggestions.self, options: GenerationOptions(temperature: 0.2))
        #expect(recording.sent.last?.options.temperature == 0.2)
        #expect(recording.sent.last?.options.maximumResponseTokens == 160)
    }

    @Test func withoutSettingsTheCallsOptionsAndTheFrameworksDefaultsAreSent() async throws {
        let recording = RecordingBackend(answers: [RouterTests.good])
        let session = Self.session([recording], ["Other": try Self.settings(#"{"options": {"temperature": 0.6}}"#)])
        _ = try await session.respond(
            to: "Goal", generating: StepSuggestions.self, options: GenerationOptions(temperature: 0.3))
        var expected = OutputDefaults.options(for: StepSuggestions.generationSchema)
        expected.temperature = 0.3
        #expect(recording.sent.first?.options == expected)
    }

    @Test func aConfiguredValidatorRejectsAndTheConfiguredFallbackShipsWithTheReason() async throws {
        let recording = RecordingBackend(answers: [RouterTests.good])
        let settings = try Self.settings(
            #"{"validators": {"blockedPhrase": {"phrases": ["pool"], "outwardVoice": false}}, "#
                + #""fallback": {"value": {"steps": ["Write your first step", "Write your second step", "Write your third step"]}}}"#
        )
        let session = Self.session([recording], ["StepSuggestions": settings])
        try session.register(StepSuggestions.self, policy: OutputPolicy.noSuggestion().ownChecksOnly)
        let outcome = try await session.respond(
            to: "Goal", generating: StepSuggestions.self, grounding: ["Goal: learn to swim"])
        guard case .fallback(let reason) = outcome.source else {
            Issue.record("expected the configured fallback, got \(outcome.source)")
            return
        }
        #expect(reason.code == .allBackendsFailed)
        #expect(outcome.value.generatedContent == Self.threeSteps)
        #expect(outcome.attempts.map(\.outcomeCode) == ["rejected:blockedPhrase/blockedPhrase"])
    }

    @Test func theConfigurationTurnsOffAValidatorTheCodeRegistered() async throws {
        let recording = RecordingBackend(answers: [RouterTests.good])
        let session = Self.session(
            [recording], ["StepSuggestions": try Self.settings(#"{"validators": {"blockedPhrase": false}}"#)])
        try session.register(
            StepSuggestions.self,
            policy: OutputPolicy.noSuggestion(validators: ValidatorChain([BlockedPhraseValidator(phrases: ["pool"])]))
                .ownChecksOnly)
        let outcome = try await session.respond(
            to: "Goal", generating: StepSuggestions.self, grounding: ["Goal: learn to swim"])
        #expect(outcome.isFromModel, "\(outcome.attempts)")
        let strict = Self.session([RecordingBackend(answers: [RouterTests.good])], [:])
        try strict.register(
            StepSuggestions.self,
            policy: OutputPolicy.noSuggestion(validators: ValidatorChain([BlockedPhraseValidator(phrases: ["pool"])]))
                .ownChecksOnly)
        await #expect(throws: GenerationError.self) {
            try await strict.respond(to: "Goal", generating: StepSuggestions.self, grounding: ["Goal: learn to swim"])
        }
    }

    @Test func theConfiguredFallbackBeatsTheRegisteredOneAndTheCallsBeatsBoth() async throws {
        let dead = ScriptedBackend("dead", available: RouterTests.down, answers: [])
        let settings = try Self.settings(
            #"{"fallback": {"value": {"steps": ["Write your first step", "Write your second step", "Write your third step"]}}}"#,
            backends: ["dead"])
        let session = Self.session([dead], ["StepSuggestions": settings])
        try session.register(StepSuggestions.self, policy: SessionTests.fallback)
        let configured = try await session.respond(to: "Goal", generating: StepSuggestions.self)
        #expect(configured.value.generatedContent == Self.threeSteps)
        guard case .fallback(let reason) = configured.source else {
            Issue.record("expected a fallback")
            return
        }
        #expect(reason.code == .noBackendAvailable)
        let call = StepSuggestions(steps: ["Call one step here", "Call two step here", "Call three step here"])
        let given = try await session.respond(to: GenerationRequest<StepSuggestions>("Goal", fallback: call))
        #expect(given.value == call)
    }

    @Test func aTemplateFallbackIsFilledFromTheRequestsFacts() async throws {
        let dead = ScriptedBackend("dead", available: RouterTests.down, answers: [])
        var settings = OutputOverrides(
            pointer: JSONPointer(tokens: ["outputs", "RewrittenNotification"]), file: "ops.json")
        settings.fallback = .template(path: "note.json", content: ["text": "Back in {month} you wrote: \"{entry}\""])
        let session = LanguageModelSession(
            configuration: GuidedConfiguration(backends: [dead], outputs: ["RewrittenNotification": settings]))
        try session.register(RewrittenNotification.self, policy: .noSuggestion())
        let scope = FactScope.goal("sourdough")
        let facts = [
            Fact(
                "1 March 2026: Fed the starter twice.", slots: ["entry": "Fed the starter twice.", "month": "March"],
                scopes: [scope])
        ]
        let outcome = try await session.respond(
            to: GenerationRequest<RewrittenNotification>("Rewrite", facts: facts, scope: scope))
        #expect(outcome.value.text == "Back in March you wrote: \"Fed the starter twice.\"")
        guard case .fallback(let reason) = outcome.source else {
            Issue.record("expected the template fallback")
            return
        }
        #expect(reason.code == .noBackendAvailable)
        do {
            _ = try await session.respond(
                to: GenerationRequest<RewrittenNotification>("Rewrite", facts: [], scope: scope))
            Issue.record("a template with unfilled slots shipped")
        } catch {
            #expect(error.reason.code == .fallbackDoesNotFit)
            #expect(
                error.reason.message.contains("ops.json at #/outputs/RewrittenNotification/fallback"), "\(error.reason)"
            )
            #expect(error.reason.message.contains("{month}"), "\(error.reason)")
        }
    }

    @Test func aConfiguredFallbackThatDoesNotFitIsAnErrorAtRegistration() throws {
        let settings = try Self.settings(#"{"fallback": {"value": {"steps": ["only one"]}}}"#)
        let session = Self.session([], ["StepSuggestions": settings])
        do {
            try session.register(StepSuggestions.self, policy: .noSuggestion())
            Issue.record("registered a fallback that does not fit")
        } catch let error as SchemaError {
            #expect(error.file == "ops.json")
            #expect(error.pointer.description == "/outputs/StepSuggestions/fallback")
            #expect(error.description.hasPrefix("ops.json"), "\(error)")
        } catch {
            Issue.record("expected a SchemaError, got \(error)")
        }
    }

    @Test func configuredCandidatesAreGenerated() async throws {
        let recording = RecordingBackend(answers: [RouterTests.good])
        let settings = try Self.settings(
            #"{"candidates": {"count": 3}, "options": {"sampling": {"mode": "top-k", "top": 40, "seed": 5}}, "#
                + #""validators": {"blockedPhrase": {"phrases": ["pool"]}}}"#)
        let session = Self.session([recording], ["StepSuggestions": settings])
        await #expect(throws: GenerationError.self) {
            try await session.respond(to: "Goal", generating: StepSuggestions.self, grounding: ["Goal: learn to swim"])
        }
        #expect(recording.sent.map(\.options.sampling?.seed) == [5, 6, 7], "three candidates, seeds 5, 6, 7")
    }

    @Test func theConfiguredRouteBeatsTheRegisteredOne() async throws {
        let a = RecordingBackend("a", answers: [RouterTests.good])
        let b = RecordingBackend("b", answers: [RouterTests.good])
        let settings = try Self.settings(#"{"route": ["b"]}"#, backends: ["a", "b"])
        let session = Self.session([a, b], ["StepSuggestions": settings])
        try session.register(StepSuggestions.self, policy: .noSuggestion(route: ["a"]))
        let outcome = try await session.respond(to: "Goal", generating: StepSuggestions.self)
        guard case .model(let backend, _, _) = outcome.source else {
            Issue.record("expected a model output")
            return
        }
        #expect(backend == "b")
        #expect(a.sent.isEmpty)
    }
}
