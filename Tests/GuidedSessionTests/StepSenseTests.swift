import CanonicalSchemas
import Foundation
import Guided
import GuidedJSON
import Testing

@testable import GuidedSession

/// The step-sense check (opt-in): a step whose words the generating adapter found unlikely on
/// average rejects its candidate, after generation and while it is generated; text written
/// without a calibrated adapter is not judged.
@Suite struct StepSenseTests {
    static let schema = StepSuggestions.generationSchema
    static let context = ValidationContext(grounding: ["Goal: learn to swim"], schema: schema)
    /// The calibration of the repository's `next-steps` adapter, as its metadata beside its
    /// weights gives it (`adapters/next-steps.json`).
    static let calibration: AdapterCalibration = {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("adapters/next-steps.json").path
        return AdapterCalibration(stepSenseFloor: try? JSONReader.read(file: file)["stepSenseFloor"]?.doubleValue)
    }()
    static let floor = calibration.stepSenseFloor ?? 0

    /// The tokens of `{"steps":[…]}`: the frame, then each step's words with one log-probability
    /// per word, `","` between steps.
    static func tokens(_ steps: [(words: [String], logProbability: Double)], finished: Bool = true)
        -> [TokenLogProbability]
    {
        var tokens = [TokenLogProbability(text: #"{"steps":[""#, logProbability: -0.01)]
        for (offset, step) in steps.enumerated() {
            if offset > 0 { tokens.append(TokenLogProbability(text: #"",""#, logProbability: -0.2)) }
            tokens += step.words.map { TokenLogProbability(text: $0, logProbability: step.logProbability) }
        }
        if finished { tokens.append(TokenLogProbability(text: #""]}"#, logProbability: -0.1)) }
        return tokens
    }

    /// A response with `steps`, written with `adapter` calibrated as `calibration` (by default
    /// `next-steps`, with its own calibration).
    static func response(
        _ steps: [(words: [String], logProbability: Double)], adapter: ModelAdapter? = "next-steps",
        calibration: AdapterCalibration? = StepSenseTests.calibration
    ) -> CandidateResult {
        let tokens = tokens(steps)
        let content: GeneratedContent = [
            "steps": GeneratedContent(elements: steps.map { GeneratedContent($0.words.joined()) })
        ]
        var response = BackendResponse(
            backend: "embedded", content: content, text: content.jsonText(), tokensGenerated: tokens.count,
            promptTokens: 60, stopReason: .endOfSequence, milliseconds: 1, tokensPerSecond: nil,
            tokenLogProbabilities: tokens)
        response.adapter = adapter
        response.adapterCalibration = adapter == nil ? nil : calibration
        return .success(response)
    }

    static let sensible: [(words: [String], logProbability: Double)] = [
        (["Float", " on", " your", " back", " again"], floor + 1),
        (["Ask", " a", " lifeguard", " to", " watch", " you"], floor + 0.5),
        (["Practise", " in", " the", " shallow", " end"], floor + 0.8),
    ]
    static let silly: [(words: [String], logProbability: Double)] = [
        (["Float", " on", " your", " back", " again"], floor + 1),
        (["Point", " the", " goggles", " at", " the", " wall"], floor - 0.6),
        (["Practise", " in", " the", " shallow", " end"], floor + 0.8),
    ]

    /// Up to `count` candidates with the step-sense check on.
    static func checking(_ count: Int) -> CandidatePolicy {
        var policy = CandidatePolicy(count: count)
        policy.checksStepSense = true
        return policy
    }

    func judge(_ candidates: [CandidateResult], policy: CandidatePolicy = checking(2)) -> [String] {
        CandidateSelection.judge(
            candidates, policy: policy, cleanup: nil, checks: ValidatorChain([SchemaValidator()]),
            context: Self.context
        ).verdicts.map(\.outcomeCode)
    }

    @Test func aStepTheAdapterFoundUnlikelyRejectsItsCandidate() {
        #expect(
            judge([Self.response(Self.silly), Self.response(Self.sensible)]) == [
                "rejected:stepSense/unlikelyStep", "passed",
            ])
    }

    @Test func theRejectionNamesTheStepAndItsMeanLogProbability() throws {
        let judged = CandidateSelection.judge(
            [Self.response(Self.silly)], policy: Self.checking(1), cleanup: nil,
            checks: ValidatorChain([]), context: Self.context)
        guard case .rejected(let rejections) = try #require(judged.verdicts.first).outcome else {
            Issue.record("the silly step passed")
            return
        }
        #expect(rejections.map(\.pointer) == [JSONPointer("/steps/1")!])
        #expect(rejections.first?.detail.contains("\(((Self.floor - 0.6) * 100).rounded() / 100)") == true)
    }

    @Test func theRepositorysAdapterMetadataHoldsItsFloor() {
        #expect(Self.calibration.stepSenseFloor == -2.0)
    }

    @Test func textWrittenWithoutACalibratedAdapterIsNotJudged() {
        #expect(judge([Self.response(Self.silly, adapter: nil)]) == ["passed"])
        #expect(judge([Self.response(Self.silly, adapter: "next-steps", calibration: nil)]) == ["passed"])
        #expect(judge([Self.response(Self.silly, adapter: "house-style", calibration: nil)]) == ["passed"])
    }

    @Test func theFloorComesFromTheCalibrationNotTheAdaptersName() {
        let houseStyle = AdapterCalibration(stepSenseFloor: Self.floor)
        #expect(
            judge([Self.response(Self.silly, adapter: "house-style", calibration: houseStyle)]) == [
                "rejected:stepSense/unlikelyStep"
            ])
        // A lower floor lets the same step through.
        let lenient = AdapterCalibration(stepSenseFloor: Self.floor - 1)
        #expect(judge([Self.response(Self.silly, adapter: "next-steps", calibration: lenient)]) == ["passed"])
    }

    @Test func theCheckIsOffUnlessAskedFor() {
        #expect(judge([Self.response(Self.silly)], policy: CandidatePolicy(count: 1)) == ["passed"])
    }

    @Test func eachStepGetsTheTokensInsideItAndNoneAcrossTheComma() {
        let tokens = [#"{"steps":[""#, "Swim", " now", #"",""#, "Rest", #""]}"#].enumerated().map {
            TokenLogProbability(text: $0.element, logProbability: -Double($0.offset))
        }
        #expect(StringValueTokens.itemLogProbabilities(of: tokens) == [[-1, -2], [-4]])
    }

    @Test func whileGeneratingAFinishedUnlikelyStepStopsTheCandidate() {
        let checks = OutputChecks(
            request: RouterTests.request, validators: ValidatorChain([]), cleanup: nil,
            candidates: Self.checkingInBatches)
        let twoSteps = Array(Self.silly.prefix(2))
        let tokens = Self.tokens(twoSteps, finished: false)
        let closing = tokens + [TokenLogProbability(text: #"",""#, logProbability: -0.1)]
        let finished = EarlyCheck.Progress(
            text: closing.map(\.text).joined(), tokens: closing, adapter: "next-steps", calibration: Self.calibration)
        #expect(
            EarlyRejection.stepSenseRejections(in: finished, checks: checks).map(\.pointer) == [
                JSONPointer("/steps/1")!
            ])
        // The same words while the step is still being written: it may yet end well.
        let writing = EarlyCheck.Progress(
            text: tokens.map(\.text).joined(), tokens: tokens, adapter: "next-steps", calibration: Self.calibration)
        #expect(EarlyRejection.stepSenseRejections(in: writing, checks: checks).isEmpty)
        let withoutAdapter = EarlyCheck.Progress(text: finished.text, tokens: finished.tokens, adapter: nil)
        #expect(EarlyRejection.check(checks).rejection(withoutAdapter) == nil)
        #expect(
            EarlyRejection.check(checks).rejection(finished)?.hasPrefix("stepSense.unlikelyStep at /steps/1") == true)
    }

    @Test func aCandidateTheStepSenseCheckStoppedIsRejectedWithItsReason() {
        let checks = OutputChecks(
            request: RouterTests.request, validators: ValidatorChain([]), cleanup: nil,
            candidates: Self.checkingInBatches)
        let tokens =
            Self.tokens(Array(Self.silly.prefix(2)), finished: false)
            + [TokenLogProbability(text: #"",""#, logProbability: -0.1)]
        var stopped = BackendError(.rejectedEarly, backend: "embedded", "stopped while generating")
        stopped.partialOutput = tokens.map(\.text).joined()
        stopped.partialTokens = tokens
        stopped.partialAdapter = "next-steps"
        stopped.partialCalibration = Self.calibration
        let judged = CandidateSelection.judge(
            [.failure(stopped)], policy: Self.checking(2), cleanup: nil, checks: checks.chain,
            context: checks.context, early: { EarlyRejection.rejections(in: $0, checks: checks) })
        #expect(judged.verdicts.map(\.outcomeCode) == ["rejected:stepSense/unlikelyStep"])
        #expect(judged.verdicts.map(\.stoppedEarly) == [true])
    }

    /// A backend that has the `next-steps` adapter and always writes `silly`, its second step
    /// below the floor.
    final class SillyAdapterBackend: LanguageModelBackend {
        let name = "embedded"
        let kind = "scripted"
        let capabilities = BackendCapabilities(
            grammar: true, jsonSchema: true, greedy: true, topK: true, topP: true, seed: true, streaming: false,
            tokenCounting: false)

        func availability() async -> BackendAvailability { .available }

        func respond(to request: BackendRequest) async throws(BackendError) -> BackendResponse {
            guard
                case .success(var response) = StepSenseTests.response(StepSenseTests.silly, adapter: request.adapter)
            else { throw BackendError(.invalidOutput, backend: name, "no response") }
            response.backend = name
            return response
        }

        func streamResponse(to request: BackendRequest) -> AsyncThrowingStream<BackendStreamEvent, any Error> {
            BackendStreaming.stream(backend: name) { _ in try await self.respond(to: request) }
        }

        func tokenCount(of text: String) async throws(BackendError) -> TokenCount { .estimate(of: text) }
        func contextSize() async throws(BackendError) -> Int { 4096 }
    }

    static let checkingInBatches: CandidatePolicy = {
        var policy = CandidatePolicy(count: 4, batchSize: 2)
        policy.checksStepSense = true
        return policy
    }()

    static let journal = [
        "Goal: learn to swim", "Journal: Bought goggles and a swim cap.",
        "Journal: Floated on my back for a few seconds in the shallow end.",
    ]

    @Test func theDefaultPathShipsWithoutTheCheckAndAConfigurationTurnsItOn() async throws {
        let plain = LanguageModelSession(configuration: GuidedConfiguration(backends: [SillyAdapterBackend()]))
        let shipped = try await plain.respond(
            to: "Suggest three next steps.", generating: StepSuggestions.self, grounding: Self.journal)
        #expect(shipped.value.steps[1] == "Point the goggles at the wall")
        let node = ConfigurationNode(
            try JSONReader.parse(#"{"candidates": {"stepSense": true}}"#),
            at: JSONPointer(tokens: ["outputs", "StepSuggestions"]), file: "guided.json")
        let checking = LanguageModelSession(
            configuration: GuidedConfiguration(
                backends: [SillyAdapterBackend()],
                outputs: ["StepSuggestions": try OutputOverrides.read(node, backends: ["embedded"])]))
        do {
            _ = try await checking.respond(
                to: "Suggest three next steps.", generating: StepSuggestions.self, grounding: Self.journal)
            Issue.record("a step below the floor shipped")
        } catch {
            let codes = Set(error.attempts.flatMap(\.candidates).map(\.outcomeCode))
            #expect(codes == ["rejected:stepSense/unlikelyStep"])
        }
    }

    /// Candidates `next-steps` wrote for the quality corpus on llama-server (Tests/GuidedSessionTests/Fixtures,
    /// from the runs step-labels.jsonl labels), with the per-step mean log-probabilities an
    /// independent script computed from the same token stream.
    static func recorded() throws -> [(text: String, tokens: [TokenLogProbability], means: [Double])] {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/next-steps-candidates.jsonl").path
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        return try lines.map { line in
            let json = try JSONReader.parse(String(line))
            let tokens = (json["tokens"]?.arrayValue ?? []).map {
                TokenLogProbability(
                    text: $0["token"]?.stringValue ?? "", logProbability: $0["logprob"]?.doubleValue ?? 0)
            }
            return (
                json["text"]?.stringValue ?? "", tokens, (json["stepMeans"]?.arrayValue ?? []).compactMap(\.doubleValue)
            )
        }
    }

    @Test func onRecordedCandidatesEachStepGetsTheMeanOfItsOwnTokens() throws {
        let recorded = try Self.recorded()
        #expect(recorded.count == 4)
        for candidate in recorded {
            let means = StringValueTokens.itemLogProbabilities(of: candidate.tokens).map {
                $0.reduce(0, +) / Double($0.count)
            }
            #expect(means.count == 3, "\(candidate.text)")
            for (mine, theirs) in zip(means, candidate.means) {
                #expect(abs(mine - theirs) < 1e-5, "\(candidate.text): \(means) against \(candidate.means)")
            }
        }
    }

    @Test func onRecordedCandidatesTheStepsBelowTheFloorAreTheOnesRejected() throws {
        let results = try Self.recorded().map { candidate -> CandidateResult in
            let content = try JSONReader.parse(candidate.text)
            var response = BackendResponse(
                backend: "embedded", content: content, text: candidate.text, tokensGenerated: candidate.tokens.count,
                promptTokens: 60, stopReason: .endOfSequence, milliseconds: 1, tokensPerSecond: nil,
                tokenLogProbabilities: candidate.tokens)
            response.adapter = "next-steps"
            response.adapterCalibration = Self.calibration
            return .success(response)
        }
        let judged = CandidateSelection.judge(
            results, policy: Self.checking(4), cleanup: nil, checks: ValidatorChain([]),
            context: Self.context)
        let rejected = judged.verdicts.map { verdict -> [String] in
            guard case .rejected(let rejections) = verdict.outcome else { return [] }
            return rejections.map(\.pointer.description)
        }
        let expected = try Self.recorded().map { candidate in
            candidate.means.enumerated().filter { $0.element < Self.floor }.map { "/steps/\($0.offset)" }
        }
        #expect(rejected == expected)
        #expect(expected.contains { !$0.isEmpty } && expected.contains { $0.isEmpty }, "the fixture shows both")
    }
}
