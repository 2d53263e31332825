import Guided
import GuidedSession
import Testing

/// Which candidate ships: only passing ones, the highest mean log-probability of the words,
/// ties to the earlier; forced tokens reject a candidate; every verdict is kept.
@Suite struct CandidateSelectionTests {
    static let schema = GenerationSchema(
        root: .object(ObjectConstraints([.init("text", .string(StringConstraints(maxLength: 60)))])))
    static let context = ValidationContext(grounding: ["Goal: learn to swim"], schema: schema)
    static let checks = ValidatorChain([SchemaValidator(), GroundingValidator()])

    /// A response whose text is `{"text":"…"}` and whose tokens are the JSON frame plus one
    /// token per word of `words`, each with its log-probability.
    static func response(_ words: [(String, Double)]) -> CandidateResult {
        let value = words.map(\.0).joined()
        var tokens = [
            TokenLogProbability(text: #"{""#, logProbability: -14),
            TokenLogProbability(text: "text", logProbability: -0.1),
            TokenLogProbability(text: #"":""#, logProbability: -0.2),
        ]
        tokens += words.map { TokenLogProbability(text: $0.0, logProbability: $0.1) }
        tokens.append(TokenLogProbability(text: #""}"#, logProbability: -9))
        let content: GeneratedContent = ["text": GeneratedContent(value)]
        return .success(
            BackendResponse(
                backend: "b", content: content, text: content.jsonText(), tokensGenerated: tokens.count,
                promptTokens: 10, stopReason: .endOfSequence, milliseconds: 1, tokensPerSecond: nil,
                tokenLogProbabilities: tokens))
    }

    static func judge(_ candidates: [CandidateResult], policy: CandidatePolicy = CandidatePolicy(count: 4)) -> (
        [CandidateVerdict], GeneratedContent?
    ) {
        let judged = CandidateSelection.judge(
            candidates, policy: policy, cleanup: nil, checks: checks, context: context)
        return (judged.verdicts, judged.shipped?.content)
    }

    @Test func theMostConfidentPassingCandidateShips() {
        let (verdicts, shipped) = Self.judge([
            Self.response([("Swim", -2), (" today", -2)]),
            Self.response([("Swim", -0.5), (" a", -0.5), (" lap", -1)]),
            Self.response([("Swim", -0.1), (" 9", -0.1), (" laps", -0.1)]), // invents a number
        ])
        #expect(shipped?["text"]?.stringValue == "Swim a lap")
        #expect(verdicts.map(\.outcomeCode) == ["passed", "passed", "rejected:grounding/ungroundedNumber"])
        #expect(verdicts.map(\.shipped) == [false, true, false])
        #expect(verdicts[1].score == (-0.5 - 0.5 - 1) / 3, "only the words count, not the forced frame")
    }

    @Test func aForcedTokenRejectsTheCandidate() {
        let (verdicts, shipped) = Self.judge([
            Self.response([("Swim", -0.2), (" for", -0.5), (" ird", -18.7), (" time", -1)]),
            Self.response([("Swim", -1), (" more", -2)]),
        ])
        #expect(verdicts[0].outcomeCode == "rejected:decoding/forcedToken")
        #expect(shipped?["text"]?.stringValue == "Swim more")
    }

    @Test func theDecodingCheckCanBeTurnedOff() {
        let (_, shipped) = Self.judge(
            [Self.response([("Swim", -0.2), (" ird", -18.7)])],
            policy: CandidatePolicy(count: 1, minimumTokenLogProbability: nil))
        #expect(shipped?["text"]?.stringValue == "Swim ird")
    }

    @Test func failedGenerationsAreKeptAsVerdicts() {
        let (verdicts, shipped) = Self.judge([
            .failure(BackendError(.truncated, backend: "b", "cut", excerpt: #"{"text":"Swim"#)),
            Self.response([("Swim", -1)]),
        ])
        #expect(verdicts.map(\.outcomeCode) == ["failed:truncated", "passed"])
        #expect(shipped != nil)
    }

    @Test func withoutLogProbabilitiesTheFirstPassingShips() {
        let plain: (String) -> CandidateResult = { text in
            let content: GeneratedContent = ["text": GeneratedContent(text)]
            return .success(
                BackendResponse(
                    backend: "b", content: content, text: content.jsonText(), tokensGenerated: nil, promptTokens: nil,
                    stopReason: .endOfSequence, milliseconds: 1, tokensPerSecond: nil))
        }
        let (verdicts, shipped) = Self.judge([plain("Swim in Paris"), plain("Swim today"), plain("Swim again")])
        #expect(verdicts.map(\.outcomeCode) == ["rejected:grounding/ungroundedName", "passed", "passed"])
        #expect(shipped?["text"]?.stringValue == "Swim today")
    }

    @Test func keysAndQuotesAreNotWords() {
        let tokens = [#"{""#, "steps", #"":[""#, "Swim", " now", #"",""#, "Rest", #""]}"#].enumerated().map {
            TokenLogProbability(text: $0.element, logProbability: -Double($0.offset))
        }
        #expect(StringValueTokens.logProbabilities(of: tokens) == [-3, -4, -6])
    }

    @Test func aTokenInsideARestatedFactIsNotCountedAsForced() {
        // The grammar writes a quoted fact word for word; a token of it the model would have
        // split differently says nothing about the model's choice.
        let grounding = ["Goal: learn to swim", "14 March 2026: Swam two lengths without stopping."]
        let context = ValidationContext(
            grounding: grounding, input: #"Back in March you wrote: "Swam two lengths without stopping.""#,
            schema: Self.schema)
        let restating = Self.response([
            ("Back", -0.5), (" in", -0.2), (" March", -0.3), (" you swam two len", -0.4), ("gths", -15.2),
            (" without stopping", -0.3), (".", -0.1),
        ])
        let forcedLeadIn = Self.response([
            ("On", -0.5), (" In", -16), (" March", -0.3), (" you swam two lengths without stopping", -0.4), (".", -0.1),
        ])
        let judged = CandidateSelection.judge(
            [restating, forcedLeadIn], policy: CandidatePolicy(count: 2), cleanup: nil,
            checks: ValidatorChain([SchemaValidator()]), context: context)
        #expect(judged.verdicts.map(\.outcomeCode) == ["passed", "rejected:decoding/forcedToken"])
        #expect(
            judged.verdicts[0].score == (-0.5 - 0.2 - 0.3 - 0.4 - 15.2 - 0.3 - 0.1) / 7, "the score still counts it")
    }

    @Test func anExemptTextLeavesItsTokensOut() {
        let tokens = [#"{"text":""#, "Back", " in", " you swam", " two", #""}"#].enumerated().map {
            TokenLogProbability(text: $0.element, logProbability: -Double($0.offset))
        }
        #expect(StringValueTokens.logProbabilities(of: tokens, exempting: ["you swam two"]) == [-1, -2])
    }
}
