import CanonicalSchemas
import Guided
import GuidedTestSupport
import GuidedTestTraits
import Synchronization
import Testing

@Suite(.measuresTime) struct RouterTests {
    static let good: GeneratedContent = [
        "steps": ["Find a pool near home", "Book a beginner swim lesson", "Practise floating at the pool"]
    ]
    static let grounding = [
        "Goal: learn to swim", "Entry: found a pool near home", "Entry: beginner lesson on Saturday",
    ]
    static let request = BackendRequest(
        prompt: "Goal: learn to swim", schema: StepSuggestions.generationSchema, grounding: grounding)
    static let down = BackendAvailability.unavailable(UnavailableReason(.unreachable, "connection refused"))

    @Test func skipsUnavailableBackendsAndUsesTheFirstThatServes() async {
        let dead = ScriptedBackend("dead", available: Self.down, answers: [.output(Self.good)])
        let live = ScriptedBackend("live", answers: [.output(Self.good)])
        let result = await Router().route(Self.request, through: [dead, live])
        #expect(result.content == Self.good)
        #expect(result.backend == "live")
        #expect(result.attempts.map(\.outcomeCode) == ["unavailable:unreachable", "succeeded"])
        #expect(dead.respondCalls.withLock { $0 } == 0)
    }

    @Test func movesOnWhenABackendFailsOrItsOutputFailsACheck() async {
        let broken = ScriptedBackend("broken", answers: [.failure(.timeout)])
        let invalid = ScriptedBackend("invalid", answers: [.output(["steps": ["only one"]])])
        let ungrounded = ScriptedBackend(
            "ungrounded",
            answers: [.output(["steps": ["Buy running shoes", "Run five kilometres", "Stretch your calves"]])])
        let live = ScriptedBackend("live", answers: [.output(Self.good)])
        let result = await Router().route(
            Self.request, through: [broken, invalid, ungrounded, live],
            validators: ValidatorChain([GroundingValidator()]))
        #expect(result.backend == "live")
        // Compared whole, so a missing or extra attempt fails the test instead of trapping it.
        let codes = result.attempts.map {
            $0.outcomeCode.hasPrefix("rejected:grounding/") ? "rejected:grounding" : $0.outcomeCode
        }
        #expect(codes == ["failed:timeout", "failed:invalidOutput", "rejected:grounding", "succeeded"])
    }

    @Test func noAvailableBackendGivesItsReasonForEachBackend() async {
        let first = ScriptedBackend("first", available: Self.down, answers: [.output(Self.good)])
        let second = ScriptedBackend(
            "second", available: .unavailable(UnavailableReason(.loading, "loading")), answers: [.output(Self.good)])
        let result = await Router().route(Self.request, through: [first, second])
        #expect(result.content == nil)
        #expect(result.failureReason?.code == .noBackendAvailable)
        #expect(result.attempts.map(\.outcomeCode) == ["unavailable:unreachable", "unavailable:loading"])
        #expect(
            result.failureReason?.message
                == "no backend in the route can serve (first: unreachable — connection refused; second: loading — loading)",
            "respond and chat print this message: it names each backend's cause")
    }

    @Test func everyBackendFailingIsAllBackendsFailed() async {
        let result = await Router().route(
            Self.request,
            through: [
                ScriptedBackend("a", answers: [.failure(.transport)]),
                ScriptedBackend("b", answers: [.failure(.truncated)]),
            ])
        #expect(result.failureReason?.code == .allBackendsFailed)
        #expect(result.attempts.map(\.outcomeCode) == ["failed:transport", "failed:truncated"])
    }

    /// The deadline runs on a ``ManualClock``: it passes while the first backend is still busy
    /// (for 30 s of real time), and the route ends there without trying the next backend.
    @Test func theDeadlineBoundsTheWholeChain() async throws {
        let clock = ManualClock()
        let slow = ScriptedBackend("slow", answers: [.slow(.seconds(30), Self.good)])
        let router = Router(policy: RoutePolicy(deadline: .milliseconds(300), clock: clock))
        let routing = Task {
            await router.route(Self.request, through: [slow, ScriptedBackend("never", answers: [.output(Self.good)])])
        }
        try #require(await eventually(within: .seconds(30)) { slow.respondCalls.withLock { $0 } == 1 })
        try #require(await clock.waitForSleepers(1))
        clock.advance(by: .milliseconds(300))
        let result = await routing.value
        #expect(result.failureReason?.code == .deadlineExceeded)
        #expect(result.attempts.map(\.outcomeCode) == ["deadline"])
    }

    @Test func availabilityIsCachedAcrossRequests() async {
        let dead = ScriptedBackend("dead", available: Self.down, answers: [.output(Self.good)])
        let live = ScriptedBackend("live", answers: [.output(Self.good)])
        let router = Router(policy: RoutePolicy(availabilityTTL: .seconds(60)))
        for _ in 0..<5 { _ = await router.route(Self.request, through: [dead, live]) }
        #expect(dead.availabilityCalls.withLock { $0 } == 1)
        #expect(live.availabilityCalls.withLock { $0 } == 1)
    }

    @Test func aTransportFailureMarksTheBackendDownForLaterRequests() async {
        let flaky = ScriptedBackend("flaky", answers: [.failure(.transport), .output(Self.good)])
        let live = ScriptedBackend("live", answers: [.output(Self.good)])
        let router = Router(policy: RoutePolicy(availabilityTTL: .seconds(60)))
        _ = await router.route(Self.request, through: [flaky, live])
        let second = await router.route(Self.request, through: [flaky, live])
        #expect(second.attempts.first?.outcomeCode == "unavailable:unreachable")
        #expect(flaky.respondCalls.withLock { $0 } == 1)
    }

    @Test func attemptsPerBackendAreBounded() async {
        let rejected = ScriptedBackend("repeats", answers: [.output(["steps": ["a", "a", "a"]])])
        let router = Router(policy: RoutePolicy(attemptsPerBackend: 2))
        let result = await router.route(
            Self.request, through: [rejected], validators: ValidatorChain([MinimumContentValidator()]))
        #expect(rejected.respondCalls.withLock { $0 } == 2)
        #expect(result.failureReason?.code == .allBackendsFailed)
    }

    @Test func aTokenBudgetThatCannotHoldTheSmallestOutputIsRefusedBeforeSending() async {
        let live = ScriptedBackend("live", answers: [.output(Self.good)])
        var request = Self.request
        request.options = GenerationOptions(maximumResponseTokens: 2)
        let result = await Router().route(request, through: [live])
        #expect(result.failureReason?.code == .tokenBudget)
        #expect(live.respondCalls.withLock { $0 } == 0)
    }

    @Test func concurrentRequestsAreSafe() async {
        let live = ScriptedBackend("live", answers: [.output(Self.good)])
        let router = Router()
        let successes = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<32 { group.addTask { await router.route(Self.request, through: [live]).content != nil } }
            var count = 0
            for await ok in group where ok { count += 1 }
            return count
        }
        #expect(successes == 32)
        #expect(live.respondCalls.withLock { $0 } == 32)
    }

    @Test func streamingPassesPartialOutputOn() async {
        let live = ScriptedBackend("live", answers: [.output(Self.good)])
        let partials = Mutex<[String]>([])
        let result = await Router().route(
            Self.request, through: [live],
            progress: { progress in
                if case .partial(_, let text) = progress { partials.withLock { $0.append(text) } }
            })
        #expect(result.content != nil)
        #expect(partials.withLock { $0 } == ["{"])
    }
}

extension Router.Result {
    /// The shipped content, if any (tests read it without a switch).
    var content: GeneratedContent? { if case .success(let content, _, _) = self { content } else { nil } }
    /// The backend whose output shipped, if any.
    var backend: String? { if case .success(_, let response, _) = self { response.backend } else { nil } }
}
