import CanonicalSchemas
import Guided
import Synchronization
import Testing

/// "Can any routed backend serve?" asked of the session, and prewarming the routes.
@Suite struct SessionAvailabilityTests {
    @Test func theFirstServingBackendOfTheRouteAnswers() async {
        let dead = ScriptedBackend("dead", available: RouterTests.down, answers: [.output(RouterTests.good)])
        let live = ScriptedBackend("live", answers: [.output(RouterTests.good)])
        let session = LanguageModelSession(configuration: GuidedConfiguration(backends: [dead, live]))
        guard case .available(let backend) = await session.availability() else {
            Issue.record("expected a serving backend")
            return
        }
        #expect(backend == "live")
    }

    @Test func withNoServingBackendEveryReasonIsGivenInRouteOrder() async {
        let down = ScriptedBackend("down", available: RouterTests.down, answers: [.output(RouterTests.good)])
        let missing = ScriptedBackend(
            "missing", available: .unavailable(UnavailableReason(.binaryMissing, "no llama-server")),
            answers: [.output(RouterTests.good)])
        let session = LanguageModelSession(configuration: GuidedConfiguration(backends: [down, missing]))
        let availability = await session.availability()
        #expect(!availability.isAvailable)
        guard case .unavailable(let reasons) = availability else { return }
        #expect(reasons.map(\.backend) == ["down", "missing"])
        #expect(reasons.map(\.reason.code) == [.unreachable, .binaryMissing])
    }

    @Test func aTypesOwnRouteIsTheOneAsked() async {
        let dead = ScriptedBackend("dead", available: RouterTests.down, answers: [.output(RouterTests.good)])
        let live = ScriptedBackend("live", answers: [.output(RouterTests.good)])
        let session = LanguageModelSession(
            configuration: GuidedConfiguration(backends: [live, dead], routes: ["StepSuggestions": ["dead"]]))
        #expect(await session.availability().isAvailable)
        #expect(!(await session.availability(for: StepSuggestions.self).isAvailable))
        #expect(live.availabilityCalls.withLock { $0 } == 1)
    }

    @Test func prewarmAsksEveryRoutedBackendOnceAndTheFirstRequestUsesTheAnswer() async throws {
        let first = ScriptedBackend("first", answers: [.output(RouterTests.good)])
        let typed = ScriptedBackend("typed", answers: [.output(RouterTests.good)])
        let unrouted = ScriptedBackend("unrouted", answers: [.output(RouterTests.good)])
        let configuration = GuidedConfiguration(
            backends: [first, typed, unrouted], route: ["first"],
            routes: ["StepSuggestions": ["typed", "first"]])
        let session = LanguageModelSession(configuration: configuration)
        await session.prewarm()
        #expect(first.availabilityCalls.withLock { $0 } == 1)
        #expect(typed.availabilityCalls.withLock { $0 } == 1)
        #expect(unrouted.availabilityCalls.withLock { $0 } == 0)
        _ = try await session.respond(to: "Goal", generating: StepSuggestions.self)
        #expect(typed.availabilityCalls.withLock { $0 } == 1, "the request used the cached answer")
    }
}
