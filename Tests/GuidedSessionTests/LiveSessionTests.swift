import CanonicalSchemas
import Foundation
import Guided
import GuidedManagedServer
import Testing

/// The real embedded model through the built-in default configuration, and the same with its
/// server killed mid-request. Need `scripts/setup-model`; fail (never skip) without it.
@Suite(.serialized) struct LiveSessionTests {
    static let grounding = ["Goal: learn to swim", "Entry: bought goggles", "Entry: the public pool opens at 7"]

    static func policy() -> OutputPolicy<StepSuggestions> {
        OutputPolicy(fallback: { _ in StepSuggestions(steps: ["Write your own first step", "Write your own second step", "Write your own third step"]) },
                     validators: ValidatorChain([MinimumContentValidator(), GroundingValidator()]),
                     cleanup: .all())
    }

    @Test func theDefaultConfigurationServesThroughTheEmbeddedModel() async throws {
        let configuration = try GuidedConfiguration.load(environment: [:])
        #expect(configuration.route == ["embedded"])
        let session = LanguageModelSession(instructions: "Suggest three short, concrete next steps toward the goal, using the facts.",
                                           configuration: configuration)
        try session.register(StepSuggestions.self, policy: Self.policy())
        let examples = [Example("Goal: read more. Entry: library card renewed",
                                output: StepSuggestions(steps: ["Visit the library this week", "Pick one short novel", "Read ten pages each night"]))]
        let outcome = try await session.respond(to: "Goal: learn to swim", generating: StepSuggestions.self, grounding: Self.grounding,
                                                examples: examples, options: GenerationOptions(sampling: .greedy, maximumResponseTokens: 300))
        // The embedded model must have been reached and its output either shipped or rejected by a
        // named check: never "unavailable".
        let embedded = try #require(outcome.attempts.first)
        #expect(embedded.backend == "embedded")
        #expect(!embedded.outcomeCode.hasPrefix("unavailable"), "\(embedded)")
        #expect(StepSuggestions.generationSchema.validates(outcome.value.generatedContent))
        if case .fallback(let reason) = outcome.source {
            #expect(reason.code == .allBackendsFailed)
            #expect(embedded.outcomeCode.hasPrefix("rejected:") || embedded.outcomeCode.hasPrefix("failed:"))
        }
    }

    @Test func aKilledServerStillGivesAValidatedFallbackWithinTheDeadline() async throws {
        let backend = ManagedLlamaServerBackend(name: "embedded")
        try #require(await backend.availability().isAvailable)
        let port = try #require(await backend.port)
        let session = LanguageModelSession(configuration: GuidedConfiguration(backends: [backend]),
                                           router: Router(policy: RoutePolicy(deadline: .seconds(20))))
        try session.register(StepSuggestions.self, policy: Self.policy())
        let killer = Task {
            try await Task.sleep(for: .milliseconds(250))
            let pkill = Process()
            pkill.executableURL = URL(fileURLWithPath: "/usr/bin/pkill")
            pkill.arguments = ["-KILL", "-f", "--", "--port \(port) "]
            try pkill.run()
            pkill.waitUntilExit()
        }
        let started = ContinuousClock.now
        let outcome = try await session.respond(to: "Goal: learn to swim", generating: StepSuggestions.self, grounding: Self.grounding,
                                                options: GenerationOptions(sampling: .random(top: 40, seed: 7), temperature: 1, maximumResponseTokens: 400))
        try await killer.value
        #expect(ContinuousClock.now - started < .seconds(20))
        #expect(!outcome.isFromModel)
        #expect(StepSuggestions.generationSchema.validates(outcome.value.generatedContent))
        #expect(outcome.attempts.first?.outcomeCode.hasPrefix("failed:") == true, "\(outcome.attempts)")
        await backend.shutdown()
    }
}
