import CanonicalSchemas
import Guided
import GuidedTestSupport
import Synchronization
import Testing

/// The router with several candidates per attempt: batches until one passes, the best passing
/// one ships, every verdict is kept, and grounded requests are checked for specifics again.
@Suite struct CandidateRoutingTests {
    static let request: BackendRequest = {
        var request = RouterTests.request
        request.options = GenerationOptions(sampling: .random(top: 40, seed: 7))
        return request
    }()

    static func steps(
        _ a: String, _ b: String = "Book a beginner swim lesson", _ c: String = "Practise floating at the pool"
    ) -> GeneratedContent {
        ["steps": [GeneratedContent(a), GeneratedContent(b), GeneratedContent(c)]]
    }

    /// Answers each `respond(to:candidates:)` call with the next scripted batch, recording the
    /// sizes asked for and the seeds sent.
    final class BatchBackend: LanguageModelBackend {
        let name = "batches"
        let kind = "scripted"
        let capabilities = BackendCapabilities(
            grammar: true, jsonSchema: true, greedy: true, topK: true, topP: true, seed: true, streaming: false,
            tokenCounting: false)
        let batches: [[CandidateResult]]
        let calls = Mutex<[(size: Int, seed: UInt64?)]>([])
        let askedForProbabilities = Mutex<[Bool]>([])
        /// Whether each candidate request came with an early check.
        let earlyChecks = Mutex<[Bool]>([])
        /// When set, each batch moves this clock on by ``batchTime``: the time it takes.
        let clock: ManualClock?
        let batchTime: Duration

        init(_ batches: [[GeneratedContent?]], clock: ManualClock? = nil, batchTime: Duration = .zero) {
            self.clock = clock
            self.batchTime = batchTime
            self.batches = batches.map { batch in
                batch.map { content in
                    guard let content else { return .failure(BackendError(.truncated, backend: "batches", "cut")) }
                    return .success(
                        BackendResponse(
                            backend: "batches", content: content, text: content.jsonText(), tokensGenerated: 10,
                            promptTokens: 50, stopReason: .endOfSequence, milliseconds: 1, tokensPerSecond: nil))
                }
            }
        }

        func availability() async -> BackendAvailability { .available }
        func respond(to request: BackendRequest) async throws(BackendError) -> BackendResponse {
            calls.withLock { $0.append((1, request.options.sampling?.seed)) }
            clock?.advance(by: batchTime)
            return try batches[0][0].get()
        }
        func respond(to request: BackendRequest, candidates count: Int) async throws(BackendError) -> [CandidateResult]
        {
            askedForProbabilities.withLock { $0.append(request.tokenLogProbabilities) }
            earlyChecks.withLock { $0.append(request.earlyCheck != nil) }
            let call = calls.withLock { calls -> Int in
                calls.append((count, request.options.sampling?.seed))
                return calls.count - 1
            }
            clock?.advance(by: batchTime)
            return Array(batches[min(call, batches.count - 1)].prefix(count))
        }
        func streamResponse(to request: BackendRequest) -> AsyncThrowingStream<BackendStreamEvent, any Error> {
            AsyncThrowingStream { $0.finish() }
        }
        func tokenCount(of text: String) async throws(BackendError) -> TokenCount { .exact(1) }
        func contextSize() async throws(BackendError) -> Int { 4096 }
    }

    static let checks = ValidatorChain([GroundingValidator(), MinimumContentValidator()])

    @Test func theFirstBatchWithAPassingCandidateEndsTheAttempt() async {
        let backend = BatchBackend([[Self.steps("Swim 9 lengths"), nil, Self.steps("Find a pool near home")]])
        let result = await Router().route(
            Self.request, through: [backend], validators: Self.checks,
            candidates: CandidatePolicy(count: 6, batchSize: 3))
        guard case .success(let content, _, let attempts) = result else {
            Issue.record("no success: \(result)")
            return
        }
        #expect(content == Self.steps("Find a pool near home"))
        #expect(attempts.count == 1)
        #expect(
            attempts.first?.candidates.map(\.outcomeCode) == [
                "rejected:grounding/ungroundedNumber", "failed:truncated", "passed",
            ])
        #expect(attempts.first?.candidates.map(\.shipped) == [false, false, true])
        #expect(backend.calls.withLock { $0.map(\.size) } == [3])
    }

    @Test func anotherBatchFollowsWhenNonePassedWithShiftedSeeds() async {
        let bad = Self.steps("Swim 9 lengths")
        let backend = BatchBackend([[bad, bad, bad], [bad, Self.steps("Find a pool near home")]])
        let result = await Router().route(
            Self.request, through: [backend], validators: Self.checks,
            candidates: CandidatePolicy(count: 5, batchSize: 3))
        #expect(result.failureReason == nil)
        #expect(backend.calls.withLock { $0.map(\.size) } == [3, 2], "the last batch only fills the count")
        #expect(backend.calls.withLock { $0.map(\.seed) } == [7, 10], "each batch starts past the seeds already used")
        #expect(result.attempts.first?.candidates.map(\.index) == [0, 1, 2, 3, 4])
    }

    @Test func whenNoCandidatePassesTheAttemptIsRejectedWithEveryVerdict() async {
        let backend = BatchBackend([[Self.steps("Swim 9 lengths"), Self.steps("Swim on Friday")]])
        let result = await Router().route(
            Self.request, through: [backend], validators: Self.checks, candidates: CandidatePolicy(count: 2))
        #expect(result.failureReason?.code == .allBackendsFailed)
        #expect(result.attempts.map(\.outcomeCode) == ["rejected:grounding/ungroundedDate"])
        #expect(result.attempts.first?.candidates.count == 2)
    }

    /// Batches of two take 4 s each on a ``ManualClock`` and none passes: after two (at 8 s of
    /// the 10 s deadline) a third could not finish, so the route stops there with the fallback's
    /// reason and every verdict so far, 2 s before the deadline, instead of running into it.
    @Test func aBatchThatCannotFinishBeforeTheDeadlineIsNotStarted() async {
        let clock = ManualClock()
        let bad = Self.steps("Swim 9 lengths")
        let backend = BatchBackend([[bad, bad]], clock: clock, batchTime: .seconds(4))
        let router = Router(policy: RoutePolicy(deadline: .seconds(10), clock: clock))
        let result = await router.route(
            Self.request, through: [backend], validators: Self.checks,
            candidates: CandidatePolicy(count: 6, batchSize: 2))
        #expect(backend.calls.withLock { $0.count } == 2)
        #expect(
            result.failureReason
                == FallbackReason(
                    .deadlineExceeded,
                    "stopped before the deadline of 10.0 seconds: a generation on batches has taken up to 4.0 s, and 2.0 s remain"
                ))
        #expect(result.attempts.map(\.outcomeCode) == ["rejected:grounding/ungroundedNumber"])
        #expect(result.attempts.first?.candidates.count == 4)
        #expect(clock.now == ManualClock().now.advanced(by: .seconds(8)))
    }

    @Test func batchesThatFitTheDeadlineAllRun() async {
        let clock = ManualClock()
        let bad = Self.steps("Swim 9 lengths")
        let backend = BatchBackend([[bad, bad]], clock: clock, batchTime: .seconds(4))
        // The third batch ends at 12 s: a deadline of exactly 12 s would race it.
        let router = Router(policy: RoutePolicy(deadline: .seconds(13), clock: clock))
        let result = await router.route(
            Self.request, through: [backend], validators: Self.checks,
            candidates: CandidatePolicy(count: 6, batchSize: 2))
        #expect(backend.calls.withLock { $0.count } == 3)
        #expect(result.failureReason?.code == .allBackendsFailed)
    }

    @Test func aRetryThatCannotFinishBeforeTheDeadlineIsNotStarted() async {
        let clock = ManualClock()
        let backend = BatchBackend([[Self.steps("Swim 9 lengths")]], clock: clock, batchTime: .seconds(4))
        let router = Router(policy: RoutePolicy(deadline: .seconds(10), attemptsPerBackend: 3, clock: clock))
        let result = await router.route(Self.request, through: [backend], validators: Self.checks)
        #expect(backend.calls.withLock { $0.count } == 2)
        #expect(result.failureReason?.code == .deadlineExceeded)
        #expect(
            result.attempts.map(\.outcomeCode) == [
                "rejected:grounding/ungroundedNumber", "rejected:grounding/ungroundedNumber",
            ])
    }

    @Test func greedyMakesOneBatch() async {
        var request = Self.request
        request.options.sampling = .greedy
        let bad = Self.steps("Swim 9 lengths")
        let backend = BatchBackend([[bad], [Self.steps("Find a pool near home")]])
        _ = await Router().route(
            request, through: [backend], validators: Self.checks, candidates: CandidatePolicy(count: 6, batchSize: 3))
        #expect(backend.calls.withLock { $0.count } == 1)
    }

    @Test func candidatesAskForTokenLogProbabilities() async {
        let backend = BatchBackend([[RouterTests.good]])
        _ = await Router().route(Self.request, through: [backend], candidates: CandidatePolicy(count: 2))
        #expect(backend.askedForProbabilities.withLock { $0 } == [true])
    }

    @Test func groundedRequestsAreCheckedForSpecificsEvenWithoutValidators() async {
        var request = Self.request
        request.groundedVocabulary = GroundedVocabulary(grounding: request.grounding)
        let backend = BatchBackend([[Self.steps("Swim 9 lengths")]])
        let result = await Router().route(request, through: [backend])
        #expect(result.attempts.map(\.outcomeCode) == ["rejected:grounding/ungroundedNumber"])
    }

    /// The session passes its output policy's candidates and grounded decoding to the router;
    /// a request's options override the type's setting.
    @Test func sessionsUseThePolicysCandidatesAndGroundedDecoding() async throws {
        let backend = BatchBackend([[Self.steps("Swim 9 lengths"), Self.steps("Find a pool near home")]])
        let session = LanguageModelSession(configuration: GuidedConfiguration(backends: [backend]))
        var policy = OutputPolicy(
            fallback: { _ in
                StepSuggestions(steps: ["Write your own step", "Write another step", "Write a third step"])
            },
            candidates: CandidatePolicy(count: 2))
        policy.options.groundedDecoding = true
        policy.defaultChecks = false // only the grounded check after decoding, which this test is about
        try session.register(StepSuggestions.self, policy: policy)
        let outcome = try await session.respond(
            to: "Suggest three next steps.", generating: StepSuggestions.self,
            grounding: RouterTests.grounding, options: GenerationOptions(sampling: .random(top: 40, seed: 1)))
        #expect(outcome.value.steps.first == "Find a pool near home")
        #expect(
            outcome.attempts.first?.candidates.map(\.outcomeCode) == ["rejected:grounding/ungroundedNumber", "passed"])
    }
}
