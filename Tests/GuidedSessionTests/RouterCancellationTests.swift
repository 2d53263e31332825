import CanonicalSchemas
import Guided
import GuidedTestSupport
import Synchronization
import Testing

/// Cancellation and the deadline reach the backend, and nothing a route starts outlives it.
/// Deadlines run on a ``ManualClock``: no test here waits for wall-clock time.
@Suite(.timeLimit(.minutes(1))) struct RouterCancellationTests {
    static let request = RouterTests.request

    @Test func theDeadlineCancelsTheAttemptAndLeavesNoTimerBehind() async throws {
        let clock = ManualClock()
        let probe = CancellationProbe()
        let router = Router(policy: RoutePolicy(deadline: .seconds(30), clock: clock))
        let routing = Task {
            await router.route(
                Self.request, through: [probe, ScriptedBackend("never", answers: [.output(RouterTests.good)])])
        }
        try #require(await probe.waitUntilStarted())
        try #require(await clock.waitForSleepers(1))
        clock.advance(by: .seconds(30))
        let result = await routing.value
        #expect(result.failureReason?.code == .deadlineExceeded)
        #expect(result.attempts.map(\.outcomeCode) == ["deadline"])
        // Cancelled before the route returned, and the deadline's timer already ended.
        #expect(probe.cancelled == 1)
        #expect(clock.sleepers == 0)
        #expect(await probe.waitUntilIdle())
    }

    @Test func aBackendThatIgnoresCancellationCannotHoldTheRoutePastItsDeadline() async throws {
        let clock = ManualClock()
        let stuck = CancellationProbe("stuck", honoursCancellation: false)
        let router = Router(policy: RoutePolicy(deadline: .seconds(5), clock: clock))
        let routing = Task { await router.route(Self.request, through: [stuck]) }
        try #require(await stuck.waitUntilStarted())
        try #require(await clock.waitForSleepers(1))
        clock.advance(by: .seconds(5))
        let result = await routing.value
        #expect(result.failureReason?.code == .deadlineExceeded)
        #expect(stuck.cancelled == 1)
        #expect(stuck.running == 1) // still stuck: the route returned anyway
        stuck.release()
        #expect(await stuck.waitUntilIdle())
    }

    @Test func cancellingTheCallerCancelsTheAttempt() async throws {
        let clock = ManualClock()
        let probe = CancellationProbe()
        let router = Router(policy: RoutePolicy(clock: clock))
        let routing = Task { await router.route(Self.request, through: [probe]) }
        try #require(await probe.waitUntilStarted())
        routing.cancel()
        let result = await routing.value
        #expect(result.failureReason?.code == .cancelled)
        #expect(result.attempts.map(\.outcomeCode) == ["cancelled"])
        #expect(probe.cancelled == 1)
        #expect(clock.sleepers == 0)
        #expect(await probe.waitUntilIdle())
    }

    @Test func cancellingAStreamingRouteCancelsTheBackendsStream() async throws {
        let probe = CancellationProbe()
        let partials = Mutex(0)
        let routing = Task {
            await Router().route(Self.request, through: [probe]) { progress in
                if case .partial = progress { partials.withLock { $0 += 1 } }
            }
        }
        try #require(await probe.waitUntilStarted())
        routing.cancel()
        let result = await routing.value
        #expect(result.failureReason?.code == .cancelled)
        #expect(await probe.waitUntilIdle())
        #expect(probe.cancelled == 1)
    }

    @Test func aSuccessfulRouteLeavesNoTimerBehind() async throws {
        let clock = ManualClock()
        let router = Router(policy: RoutePolicy(clock: clock))
        let result = await router.route(
            Self.request, through: [ScriptedBackend("live", answers: [.output(RouterTests.good)])])
        #expect(result.content == RouterTests.good)
        #expect(clock.sleepers == 0)
    }

    @Test func anExpiredDeadlineSendsNothing() async throws {
        let live = ScriptedBackend("live", answers: [.output(RouterTests.good)])
        let result = await Router(policy: RoutePolicy(deadline: .zero)).route(Self.request, through: [live])
        #expect(result.failureReason?.code == .deadlineExceeded)
        #expect(live.respondCalls.withLock { $0 } == 0)
    }

    @Test func cancellingARespondingSessionThrowsCancelledAndShipsNoFallback() async throws {
        let probe = CancellationProbe()
        let session = LanguageModelSession(configuration: GuidedConfiguration(backends: [probe]))
        try session.register(StepSuggestions.self, policy: SessionTests.fallback)
        let responding = Task { try await session.respond(to: "Goal: learn to swim", generating: StepSuggestions.self) }
        try #require(await probe.waitUntilStarted())
        responding.cancel()
        do {
            _ = try await responding.value
            Issue.record("a cancelled request returned a value")
        } catch let error as GenerationError {
            #expect(error.reason.code == .cancelled)
        }
        #expect(probe.cancelled == 1)
        #expect(await probe.waitUntilIdle())
    }
}
