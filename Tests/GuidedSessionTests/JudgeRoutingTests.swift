import CanonicalSchemas
import Foundation
import Guided
import GuidedTestSupport
import Synchronization
import Testing

/// The judge in the router: of the candidates that pass every check, the highest-scoring one at
/// or above the threshold ships; none reaching it ends the request `judgeRefused`, every score in
/// the attempt; a judge that cannot score is never a silent pass.
@Suite struct JudgeRoutingTests {
    typealias BatchBackend = CandidateRoutingTests.BatchBackend

    static let good = CandidateRoutingTests.steps("Float near home for a minute")
    static let better = CandidateRoutingTests.steps("Swim on your back with the board")
    static let plain = CandidateRoutingTests.steps("Swim a width")

    /// A backend that answers the judge's questions: "yes" with the probability a step's text
    /// is given in `yes` (keyed by a word in it), 0.5 for any other, and records the questions.
    final class JudgingBackend: LanguageModelBackend {
        let name = "judge"
        let kind = "scripted"
        let capabilities = BackendCapabilities()
        let yes: [String: Double]
        let questions = Mutex<[BackendRequest]>([])

        init(_ yes: [String: Double]) { self.yes = yes }

        func respond(to request: BackendRequest) async throws(BackendError) -> BackendResponse {
            throw BackendError(.unsupportedOption, backend: name, "judges only")
        }
        func contextSize() async throws(BackendError) -> Int { 4096 }
        func nextTokenLogProbabilities(for request: BackendRequest, count: Int) async throws(BackendError)
            -> [TokenLogProbability]
        {
            questions.withLock { $0.append(request) }
            let probability = yes.first { request.prompt.contains($0.key) }?.value ?? 0.5
            return [
                TokenLogProbability(text: "Yes", logProbability: log(probability)),
                TokenLogProbability(text: " no", logProbability: log(1 - probability)),
                TokenLogProbability(text: "The", logProbability: log(0.001)),
            ]
        }
    }

    static func policy(threshold: Double, unit: Judge.Unit = .items) -> CandidatePolicy {
        var policy = CandidatePolicy(count: 4, batchSize: 2)
        policy.judge = Judge(threshold: threshold, unit: unit, backend: "judge")
        return policy
    }

    @Test func theHighestScoringPassingCandidateAtTheThresholdShips() async {
        let backend = BatchBackend([[Self.good, Self.better]])
        let judge = JudgingBackend(["minute": 0.7, "board": 0.9, "lesson": 0.95, "Practise": 0.95])
        let result = await Router().route(
            CandidateRoutingTests.request, through: [backend], validators: CandidateRoutingTests.checks,
            candidates: Self.policy(threshold: 0.6), judgeBackend: judge)
        #expect(result.content == Self.better)
        let verdicts = result.attempts.first?.candidates ?? []
        #expect(verdicts.map(\.judgeScore) == [0.7, 0.9].map { Optional($0) }, "each list scores as its lowest step")
        #expect(verdicts.map(\.shipped) == [false, true])
        #expect(judge.questions.withLock { $0.count } == 6, "three steps of each of two candidates")
    }

    @Test func noneAtTheThresholdEndsJudgeRefusedWithEveryScore() async {
        let backend = BatchBackend([[Self.good, Self.plain], [Self.plain, Self.good]])
        let judge = JudgingBackend(["minute": 0.4, "width": 0.2])
        let result = await Router().route(
            CandidateRoutingTests.request, through: [backend], validators: CandidateRoutingTests.checks,
            candidates: Self.policy(threshold: 0.6), judgeBackend: judge)
        #expect(
            result.failureReason
                == FallbackReason(
                    .judgeRefused,
                    "4 candidates passed every check, but the judge scored none at its threshold (the best: 0.4)"))
        #expect(result.attempts.map(\.outcomeCode) == ["rejected:judge/belowThreshold"])
        #expect(result.attempts.first?.candidates.compactMap(\.judgeScore) == [0.4, 0.2, 0.2, 0.4])
        #expect(backend.calls.withLock { $0.count } == 2, "a second batch was tried before refusing")
    }

    @Test func aWholeValueIsOneQuestionWithItsJSON() async throws {
        let backend = BatchBackend([[Self.good]])
        let judge = JudgingBackend([:])
        let result = await Router().route(
            CandidateRoutingTests.request, through: [backend], validators: CandidateRoutingTests.checks,
            candidates: Self.policy(threshold: 0.5, unit: .whole), judgeBackend: judge)
        #expect(result.content == Self.good)
        let question = try #require(judge.questions.withLock { $0.first })
        #expect(judge.questions.withLock { $0.count } == 1)
        #expect(question.prompt.contains("What the assistant wrote: " + Self.good.jsonText()), "\(question.prompt)")
        #expect(question.grounding == CandidateRoutingTests.request.grounding)
    }

    @Test func aJudgeThatCannotScoreIsNeverASilentPass() async {
        // The generating backend judges when the judge names none, and this one cannot.
        let backend = BatchBackend([[Self.good]])
        var policy = CandidatePolicy(count: 1)
        policy.judge = Judge(threshold: 0.5)
        let result = await Router().route(
            CandidateRoutingTests.request, through: [backend], validators: CandidateRoutingTests.checks,
            candidates: policy)
        #expect(result.content == nil)
        #expect(result.failureReason?.code == .allBackendsFailed)
        #expect(result.attempts.map(\.outcomeCode) == ["rejected:judge/unavailable"])
    }

    @Test func theQuestionCarriesTheFactsThePromptTheTextAndTheQuestion() {
        let judge = Judge(threshold: 0.5, question: "Would a careful coach show this step to this person?")
        let question = judge.question(
            about: "Float on your back", item: true, for: CandidateRoutingTests.request)
        #expect(
            question.prompt == """
                The app asked the assistant: Goal: learn to swim
                What the app wants: Next steps toward the user's goal
                One item the assistant wrote: Float on your back

                Would a careful coach show this step to this person?
                """)
        #expect(
            question.instructions
                == "You check what an assistant wrote for an app, strictly but fairly. Answer yes or no.")
        #expect(question.options.maximumResponseTokens == 1 && question.options.sampling == .greedy)
    }

    @Test func workedJudgementsComeFirstAsAnsweredTurnsWithTheirOwnFacts() {
        var judge = Judge(threshold: 0.5, question: "Keep it?")
        judge.examples = [
            Judge.Example(
                asked: "Goal: learn Spanish", facts: ["Goal: learn Spanish"],
                text: "Order a cup at the café with a small tray",
                keep: false),
            Judge.Example(asked: "Goal: run a 5k", text: "Run for ten minutes twice this week", keep: true),
        ]
        let question = judge.question(about: "Float on your back", item: true, for: CandidateRoutingTests.request)
        #expect(
            question.examples == [
                BackendRequest.Example(
                    input: """
                        The app asked the assistant: Goal: learn Spanish
                        What the app wants: Next steps toward the user's goal
                        One item the assistant wrote: Order a cup at the café with a small tray

                        Keep it?
                        """, grounding: ["Goal: learn Spanish"], output: "No"),
                BackendRequest.Example(
                    input: """
                        The app asked the assistant: Goal: run a 5k
                        What the app wants: Next steps toward the user's goal
                        One item the assistant wrote: Run for ten minutes twice this week

                        Keep it?
                        """, output: "Yes"),
            ])
        let turns = ChatPrompt.messages(question)
        #expect(turns.map(\.role) == [.system, .user, .assistant, .user, .assistant, .user])
        #expect(turns[2].content == "No" && turns[4].content == "Yes")
        #expect(turns[5].content.contains("One item the assistant wrote: Float on your back"))
    }

    @Test func theScoreIsYesAgainstNoOverTheirSpellings() {
        #expect(
            Judge.score([
                TokenLogProbability(text: "Yes", logProbability: log(0.5)),
                TokenLogProbability(text: " yes", logProbability: log(0.1)),
                TokenLogProbability(text: "No", logProbability: log(0.15)),
                TokenLogProbability(text: "Maybe", logProbability: log(0.25)),
            ]) == 0.6 / 0.75)
        #expect(Judge.score([TokenLogProbability(text: "Sure", logProbability: 0)]) == 0)
    }
}
