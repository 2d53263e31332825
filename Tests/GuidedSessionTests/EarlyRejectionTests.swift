import CanonicalSchemas
import Guided
import Synchronization
import Testing

@testable import GuidedSession

/// A candidate is judged while it is generated: its finished strings are checked as the
/// finished output would be, and nothing still being written stops it.
@Suite struct EarlyRejectionTests {
    static let checks = OutputChecks(
        request: RouterTests.request,
        validators: ValidatorChain([NearDuplicateValidator(), GroundingValidator()]), cleanup: .all(),
        candidates: CandidatePolicy(count: 6, batchSize: 2))

    func reasons(_ text: String) -> [String] {
        EarlyRejection.rejections(in: text, checks: Self.checks).map { "\($0.validator)/\($0.reason) \($0.pointer)" }
    }

    @Test func aFinishedItemThatRepeatsAnotherStopsTheCandidate() {
        #expect(
            reasons(#"{"steps":["Find a pool near home","Find a pool near your home","Bo"#)
                == ["nearDuplicate/nearDuplicateItem /steps/1"])
    }

    @Test func theStringStillBeingWrittenIsNotJudged() {
        // "Find a pool near" would repeat item 0 if it ended here; it may not end here.
        #expect(reasons(#"{"steps":["Find a pool near home","Find a pool near"#) == [])
    }

    @Test func aStringIsFinishedOnceItsClosingQuoteIsWritten() {
        #expect(
            reasons(#"{"steps":["Find a pool near home","Find a pool near your home""#)
                == ["nearDuplicate/nearDuplicateItem /steps/1"])
        #expect(EarlyRejection.endsInsideString(#"{"steps":["say \"hi"#))
        #expect(!EarlyRejection.endsInsideString(#"{"steps":["say \"hi\"""#))
    }

    @Test func tooFewItemsSoFarIsNoRejection() {
        #expect(reasons(#"{"steps":["Find a pool near home","#) == [])
    }

    @Test func aWholeOutputIsLeftToTheJudgingAfter() {
        #expect(reasons(#"{"steps":["Find a pool near home","Find a pool near your home","Book a lesson"]}"#) == [])
    }

    @Test func aCandidateStoppedEarlyIsRejectedWithWhatItsTextSoFarFails() {
        let text = #"{"steps":["Find a pool near home","Find a pool near your home","#
        var stopped = BackendError(.rejectedEarly, backend: "local", "stopped while generating")
        stopped.partialOutput = text
        let judged = CandidateSelection.judge(
            [.failure(stopped)], policy: CandidatePolicy(count: 2), cleanup: nil, checks: Self.checks.chain,
            context: Self.checks.context, early: { EarlyRejection.rejections(in: $0, checks: Self.checks) })
        #expect(judged.verdicts.map(\.outcomeCode) == ["rejected:nearDuplicate/nearDuplicateItem"])
        #expect(judged.verdicts.map(\.stoppedEarly) == [true])
        #expect(judged.verdicts.map(\.text) == [text])
        #expect(judged.shipped == nil)
    }

    @Test func theRouterGivesACandidateRequestItsEarlyCheck() async {
        let backend = CandidateRoutingTests.BatchBackend([[RouterTests.good]])
        _ = await Router().route(
            CandidateRoutingTests.request, through: [backend], candidates: CandidatePolicy(count: 2))
        #expect(backend.earlyChecks.withLock { $0 } == [true])
        _ = await Router().route(CandidateRoutingTests.request, through: [backend])
        #expect(backend.earlyChecks.withLock { $0 } == [true], "a single generation is judged whole")
        var runToTheEnd = CandidatePolicy(count: 2)
        runToTheEnd.stopsEarly = false
        _ = await Router().route(CandidateRoutingTests.request, through: [backend], candidates: runToTheEnd)
        #expect(backend.earlyChecks.withLock { $0 } == [true, false])
    }
}
