import CanonicalSchemas
import Guided
import Synchronization
import Testing

/// A session built from a configuration routes with the configuration's `routing` settings.
@Suite struct ConfiguredRoutingTests {
    static let fallback = OutputPolicy<StepSuggestions>(fallback: { _ in
        StepSuggestions(steps: ["Write your own first step", "Write your own second step", "Write your own third step"])
    }).ownChecksOnly

    @Test func theSessionsRouterTakesTheConfiguredDeadlineAndAttempts() {
        let configuration = GuidedConfiguration(
            backends: [], routing: RoutePolicy(deadline: .seconds(7), attemptsPerBackend: 4))
        let session = LanguageModelSession(configuration: configuration)
        #expect(session.router.policy.deadline == .seconds(7))
        #expect(session.router.policy.attemptsPerBackend == 4)
        let given = Router(policy: RoutePolicy(deadline: .seconds(1)))
        #expect(LanguageModelSession(configuration: configuration, router: given).router === given)
    }

    @Test func theConfiguredDeadlineEndsAHangingRequestWithTheFallback() async throws {
        let hanging = CancellationProbe("hanging")
        let configuration = GuidedConfiguration(
            backends: [hanging], routing: RoutePolicy(deadline: .milliseconds(300)))
        let session = LanguageModelSession(configuration: configuration)
        try session.register(StepSuggestions.self, policy: Self.fallback)
        let outcome = try await session.respond(to: "Goal: learn to swim", generating: StepSuggestions.self)
        guard case .fallback(let reason) = outcome.source else {
            Issue.record("expected the fallback, got \(outcome.source)")
            return
        }
        #expect(reason.code == .deadlineExceeded)
        #expect(reason.message.contains("0.3 seconds"), "\(reason.message)")
        #expect(outcome.attempts.map(\.outcomeCode) == ["deadline"])
    }

    @Test func theConfiguredAttemptsRetryOneBackend() async throws {
        let flaky = ScriptedBackend(
            "flaky", answers: [.failure(.malformedResponse), .failure(.malformedResponse), .output(RouterTests.good)])
        let session = LanguageModelSession(
            configuration: GuidedConfiguration(backends: [flaky], routing: RoutePolicy(attemptsPerBackend: 3)))
        try session.register(StepSuggestions.self, policy: Self.fallback)
        let outcome = try await session.respond(
            to: "Goal: learn to swim", generating: StepSuggestions.self, grounding: RouterTests.grounding)
        #expect(outcome.isFromModel, "\(outcome.attempts)")
        #expect(flaky.respondCalls.withLock { $0 } == 3)
    }
}
