import CanonicalSchemas
import Foundation
import Guided
import GuidedManagedServer
import GuidedTestTraits
import Testing

/// The real embedded model through the built-in default configuration, and the same with its
/// server killed mid-request. Need `scripts/setup-model`; fail (never skip) without it.
@Suite(.serialized, .liveModel) struct LiveSessionTests {
    static let grounding = ["Goal: learn to swim", "Entry: bought goggles", "Entry: the public pool opens at 7"]

    static func policy() -> OutputPolicy<StepSuggestions> {
        OutputPolicy(
            fallback: { _ in
                StepSuggestions(steps: [
                    "Write your own first step", "Write your own second step", "Write your own third step",
                ])
            },
            validators: ValidatorChain([MinimumContentValidator(), GroundingValidator()]),
            cleanup: .all())
    }

    @Test func theDefaultConfigurationServesThroughTheEmbeddedModel() async throws {
        let configuration = try GuidedConfiguration.load(environment: [:])
        #expect(configuration.route == ["embedded"])
        let session = LanguageModelSession(
            instructions: "Suggest three short, concrete next steps toward the goal, using the facts.",
            configuration: configuration)
        try session.register(StepSuggestions.self, policy: Self.policy())
        // The framework's defaults (the type's examples, up to twelve seeded candidates, grounded decoding).
        let outcome = try await session.respond(
            to: "Goal: learn to swim", generating: StepSuggestions.self, grounding: Self.grounding)
        // The embedded model was reached and its own words shipped (seeded, so the same every run);
        // a fallback fails the test with every attempt's verdict.
        let embedded = try #require(outcome.attempts.first)
        #expect(embedded.backend == "embedded")
        #expect(outcome.isFromModel, "the fallback shipped: \(outcome.source) \(outcome.attempts)")
        #expect(StepSuggestions.generationSchema.validates(outcome.value.generatedContent))
    }

    /// A type registered with nothing but its fallback, as an app first writes it, ships the
    /// model's words for the demo's notification: the examples, candidates, grounded decoding,
    /// sampling and checks are the framework's defaults (seeded).
    @Test func aRegisteredTypeWithNoOptionsShipsTheModelsWords() async throws {
        let session = LanguageModelSession(configuration: try GuidedConfiguration.load(environment: [:]))
        try session.register(RewrittenNotification.self, policy: .template({ RewrittenNotification(text: $0) }))
        let scope = FactScope.goal("bake sourdough at home")
        let facts = [
            Fact("Goal: bake sourdough at home", slots: ["goal": "bake sourdough at home"], scopes: [scope]),
            Fact(
                "1 March 2026: Fed the starter twice.", slots: ["entry": "Fed the starter twice.", "month": "March"],
                scopes: [scope]),
        ]
        let copy = try AuthoredTemplate("Back in {month} you wrote: \"{entry}\"").filled(from: facts)
        let outcome = try await session.respond(
            to: GenerationRequest<RewrittenNotification>(polishing: copy, facts: facts, scope: scope))
        #expect(outcome.isFromModel, "the fallback shipped: \(outcome.value.text) \(outcome.attempts)")
        #expect(outcome.value.text != copy.text)
        #expect(outcome.value.text.contains("ou fed the starter twice"), "the entry restated: \(outcome.value.text)")
    }

    /// The plain call, a prompt that quotes one of its facts and nothing else set: the model's
    /// words ship, and they restate the quoted entry word for word in the reader's voice (the
    /// grammar leaves the model the lead-in and the spelling, not the facts).
    @Test(arguments: [
        (
            "Back in March you wrote: \"Swam two lengths without stopping.\"",
            "14 March 2026: Swam two lengths without stopping.",
            "ou swam two lengths without stopping"
        ),
        (
            "Back in March you wrote: \"The starter doubled overnight for the first time.\"",
            "4 March 2026: The starter doubled overnight for the first time.",
            "he starter doubled overnight for the first time"
        ),
        (
            "On 3 October you wrote: \"Cast on 30 stitches with thick yarn.\"",
            "3 October 2026: Cast on 30 stitches with thick yarn.",
            "ou cast on 30 stitches with thick yarn"
        ),
    ])
    func aPromptThatQuotesAFactShipsTheModelsWordsRestatingIt(prompt: String, entry: String, restated: String)
        async throws
    {
        let session = LanguageModelSession(
            instructions: "Rewrite the reminder as one short, friendly notification.",
            configuration: try GuidedConfiguration.load(environment: [:]))
        let outcome = try await session.respond(
            to: prompt, generating: RewrittenNotification.self, grounding: ["Goal: keep a journal", entry])
        #expect(outcome.isFromModel, "no model output shipped: \(outcome.source) \(outcome.attempts)")
        #expect(outcome.value.text.contains(restated), "\(outcome.value.text)")
        #expect(outcome.value.text != prompt)
    }

    @Test func aKilledServerStillGivesAValidatedFallbackWithinTheDeadline() async throws {
        let backend = ManagedLlamaServerBackend(name: "embedded")
        try #require(await backend.availability().isAvailable)
        let port = try #require(await backend.port)
        let session = LanguageModelSession(
            configuration: GuidedConfiguration(backends: [backend]),
            router: Router(policy: RoutePolicy(deadline: .seconds(20))))
        try session.register(StepSuggestions.self, policy: Self.policy())
        let killer = Task {
            // Killed mid-generation: once a slot is processing the request, not after a guess.
            _ = try await LiveCancellationTests.waitForSlots(
                processing: true, port: port, every: .milliseconds(50), limit: .seconds(60))
            let pkill = Process()
            pkill.executableURL = URL(fileURLWithPath: "/usr/bin/pkill")
            pkill.arguments = ["-KILL", "-f", "--", "--port \(port) "]
            try pkill.run()
            pkill.waitUntilExit()
        }
        let started = ContinuousClock.now
        let outcome = try await session.respond(
            to: "Goal: learn to swim", generating: StepSuggestions.self, grounding: Self.grounding,
            options: GenerationOptions(sampling: .random(top: 40, seed: 7), temperature: 1, maximumResponseTokens: 400))
        try await killer.value
        // The kill ended the attempt ("failed:", below), so the route returned before its 20 s
        // deadline; the bound adds room for a loaded machine (a hang would run far past it).
        #expect(ContinuousClock.now - started < .seconds(30))
        #expect(!outcome.isFromModel)
        #expect(StepSuggestions.generationSchema.validates(outcome.value.generatedContent))
        #expect(outcome.attempts.first?.outcomeCode.hasPrefix("failed:") == true, "\(outcome.attempts)")
        await backend.shutdown()
    }

    @Test func theStepSenseCheckRejectsStepsTheAdapterFoundUnlikelyOnTheLiveModel() async throws {
        // At temperature 1.6 the adapter samples words it finds unlikely itself: the step-sense
        // check, turned on, must reject such a candidate, while it is generated or after. The
        // adapter is Gemma 3 270M's (next-steps), so the session runs on that model.
        let facts = [
            "Goal: learn to swim", "Journal: Bought goggles and a swim cap.",
            "Journal: Floated on my back for a few seconds in the shallow end.",
        ]
        let gemma = try GuidedConfiguration.from(
            ["backends": [["name": "embedded", "kind": "managed-llama-server", "model": "gemma-3-270m"]]],
            registry: .standard())
        let session = LanguageModelSession(configuration: gemma)
        var candidates = CandidatePolicy(count: 12, batchSize: 2)
        candidates.checksStepSense = true
        try session.register(StepSuggestions.self, policy: OutputPolicy.noSuggestion(candidates: candidates))
        var attempts: [Attempt]
        do {
            attempts =
                try await session.respond(
                    to: "Suggest three next steps toward this goal: learn to swim.", generating: StepSuggestions.self,
                    grounding: facts,
                    options: GenerationOptions(sampling: .random(probabilityThreshold: 0.95, seed: 1), temperature: 1.6)
                ).attempts
        } catch {
            attempts = error.attempts
        }
        let embedded = try #require(attempts.first)
        #expect(!embedded.outcomeCode.hasPrefix("unavailable"), "the embedded model is not set up: \(embedded)")
        let codes = embedded.candidates.map(\.outcomeCode)
        #expect(codes.contains("rejected:stepSense/unlikelyStep"), "no candidate was judged unlikely: \(codes)")
    }

    @Test func candidatesUnderGroundedDecodingRecordEveryVerdictAndShipTheBestPassingOne() async throws {
        let facts = [
            "Goal: learn to swim", "Journal: Bought goggles on Monday.", "Journal: Floated on my back for 20 seconds.",
        ]
        let session = LanguageModelSession(
            instructions: "Suggest three next steps toward the goal.",
            configuration: try GuidedConfiguration.load(environment: [:]))
        try session.register(
            StepSuggestions.self,
            policy: OutputPolicy(
                fallback: { _ in
                    StepSuggestions(steps: [
                        "Write your own first step", "Write your own second step", "Write your own third step",
                    ])
                },
                validators: ValidatorChain([MinimumContentValidator(), GroundingValidator()]), cleanup: .all(),
                candidates: CandidatePolicy(count: 12, batchSize: 2)))
        let outcome = try await session.respond(
            to: "Suggest three next steps.", generating: StepSuggestions.self, grounding: facts,
            options: GenerationOptions(
                sampling: .random(probabilityThreshold: 0.95, seed: 3),
                temperature: 0.8, maximumResponseTokens: 60))
        let embedded = try #require(outcome.attempts.first)
        #expect(!embedded.outcomeCode.hasPrefix("unavailable"), "the embedded model is not set up: \(embedded)")
        // Candidates come in batches of two until one passes: an even number up to 12, indexed in order.
        #expect(
            embedded.candidates.count.isMultiple(of: 2) && (2...12).contains(embedded.candidates.count),
            "\(embedded.candidates)")
        #expect(embedded.candidates.map(\.index) == Array(0..<embedded.candidates.count))
        let shipped = embedded.candidates.filter(\.shipped)
        // Seeded, so the same candidates every run: one of them passes and ships.
        #expect(outcome.isFromModel, "the fallback shipped: \(outcome.source) \(embedded.candidates)")
        let winner = try #require(
            shipped.first, "no candidate shipped: \(embedded.candidates)")
        #expect(shipped.count == 1)
        guard case .passed = winner.outcome else {
            Issue.record("shipped a candidate that did not pass: \(winner)")
            return
        }
        // The documented score: the best mean log-probability among the passing candidates of its batch.
        let batch = embedded.candidates.filter { $0.index / 2 == winner.index / 2 }
        let passing = batch.filter { if case .passed = $0.outcome { true } else { false } }
        #expect(
            passing.allSatisfy { ($0.score ?? -.infinity) <= (winner.score ?? -.infinity) },
            "\(embedded.candidates)")
        let numbers = outcome.value.steps.joined(separator: " ").split { !$0.isNumber }.map(String.init)
        #expect(numbers.allSatisfy { $0 == "20" }, "a number the facts do not hold: \(outcome.value.steps)")
    }
}
