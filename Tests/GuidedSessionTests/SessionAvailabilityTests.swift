import CanonicalSchemas
import Guided
import GuidedTestSupport
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

    @Test func prewarmAlsoWarmsTheRoutesOfRegisteredPolicies() async throws {
        let first = ScriptedBackend("first", answers: [.output(RouterTests.good)])
        let own = ScriptedBackend("own", answers: [.output(RouterTests.good)])
        let session = LanguageModelSession(
            configuration: GuidedConfiguration(backends: [first, own], route: ["first"]))
        var policy = SessionTests.fallback
        policy.route = ["own"]
        try session.register(StepSuggestions.self, policy: policy)
        await session.prewarm()
        #expect(own.availabilityCalls.withLock { $0 } == 1, "a policy's own route was not warmed")
        #expect(first.availabilityCalls.withLock { $0 } == 1)
    }

    @Test func prewarmLeavesAPolicysRouteAloneWhenTheConfigurationRoutesTheTypeElsewhere() async throws {
        let configured = ScriptedBackend("configured", answers: [.output(RouterTests.good)])
        let own = ScriptedBackend("own", answers: [.output(RouterTests.good)])
        let session = LanguageModelSession(
            configuration: GuidedConfiguration(
                backends: [configured, own], route: ["configured"], routes: ["StepSuggestions": ["configured"]]))
        var policy = SessionTests.fallback
        policy.route = ["own"]
        try session.register(StepSuggestions.self, policy: policy)
        await session.prewarm()
        #expect(configured.availabilityCalls.withLock { $0 } == 1)
        #expect(own.availabilityCalls.withLock { $0 } == 0, "a backend no request will use was started")
    }

    @Test func prewarmAsksTheBackendsAtOnceNotOneAfterAnother() async {
        // Each backend answers only once both are being asked: asked one after another, the
        // first would wait out its patience alone.
        let rendezvous = Rendezvous(together: 2)
        let backends = ["a", "b"].map { RendezvousBackend(name: $0, rendezvous: rendezvous) }
        let session = LanguageModelSession(configuration: GuidedConfiguration(backends: backends, route: ["a", "b"]))
        await session.prewarm()
        #expect(backends.map { $0.metTheOthers.withLock { $0 } } == [true, true])
    }
}

/// Counts availability checks in progress, for backends that should be asked at the same time.
final class Rendezvous: Sendable {
    let together: Int
    let asking = Mutex(0)

    init(together: Int) { self.together = together }

    /// Joins, waits (up to 30 s: a parallel run can delay a task's start by seconds) until `together` checks are in progress, and says whether they were.
    func meet() async -> Bool {
        asking.withLock { $0 += 1 }
        return await eventually(within: .seconds(30)) { self.asking.withLock { $0 } >= self.together }
    }
}

/// A backend whose availability check meets the others of its ``Rendezvous`` first.
final class RendezvousBackend: LanguageModelBackend {
    let name: String
    let kind = "rendezvous"
    let capabilities = BackendCapabilities(jsonSchema: true, greedy: true)
    let rendezvous: Rendezvous
    /// Whether the check found the others being asked at the same time.
    let metTheOthers = Mutex(false)

    init(name: String, rendezvous: Rendezvous) {
        self.name = name
        self.rendezvous = rendezvous
    }

    func availability() async -> BackendAvailability {
        let met = await rendezvous.meet()
        metTheOthers.withLock { $0 = met }
        return .available
    }

    func respond(to request: BackendRequest) async throws(BackendError) -> BackendResponse {
        throw BackendError(.unavailable, backend: name, "this backend only answers availability")
    }

    func contextSize() async throws(BackendError) -> Int { 4096 }
}
