import Foundation
import GuidedTestSupport
import GuidedTestTraits
import Testing

/// `guided generate --judge-threshold T` against a stub llama-server that answers the judge's
/// one-token questions with log-probabilities: the best-scoring candidate at the threshold ships,
/// each candidate's score is in `--json`, and none at the threshold ends in `judgeRefused`.
@Suite(.ownThreads) struct GenerateJudgeCommandTests {
    static let purl = #"{"steps":["Cast on a few stitches","Knit one short row","Practise the purl stitch"]}"#
    static let needles = #"{"steps":["Buy a pair of needles","Knit one short row","Watch a knitting video"]}"#

    /// P(yes) the stub gives a question about a step containing the key; 0.8 for any other.
    static let yes = ["purl": 0.9, "needles": 0.3]

    /// The stub: a one-token `/completion` is a judge's question, answered "Yes"/"No" with
    /// the step's probability; any other `/completion` gets `purl` then `needles`.
    static func stub() throws -> (server: StubHTTPServer, config: String) {
        let (server, config) = try GenerateQualityCommandTests.stub([Self.needles, Self.purl])
        let candidates = GenerateQualityCommandTests.completions([Self.needles, Self.purl])
        server.route("POST", "/completion") { request in
            let body = (try? JSONSerialization.jsonObject(with: Data(request.body))) as? [String: Any]
            guard body?["n_predict"] as? Int == 1, let prompt = body?["prompt"] as? String else {
                return candidates(request)
            }
            let item = prompt.components(separatedBy: "One item the assistant wrote: ").last ?? ""
            let question = item.components(separatedBy: "\n").first ?? ""
            let probability = yes.first { question.contains($0.key) }?.value ?? 0.8
            return .json(
                #"{"content":"Yes","completion_probabilities":[{"top_logprobs":["#
                    + #"{"token":"Yes","logprob":\#(log(probability))},"#
                    + #"{"token":"No","logprob":\#(log(1 - probability))}]}]}"#)
        }
        return (server, config)
    }

    @Test func theBestScoringCandidateAtTheThresholdShipsWithEveryScoreInTheJSON() throws {
        let (server, config) = try Self.stub()
        defer { server.stop() }
        let result = try GenerateQualityCommandTests.generate(
            config, "--candidates", "2", "--judge-threshold", "0.6", "--json")
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(
            (object["value"] as? [String: Any])?["steps"] as? [String] == [
                "Cast on a few stitches", "Knit one short row", "Practise the purl stitch",
            ])
        let attempt = try #require((object["attempts"] as? [[String: Any]])?.first)
        let candidates = try #require(attempt["candidates"] as? [[String: Any]])
        #expect(candidates.map { $0["judge"] as? Double } == [0.3, 0.8], "each list scores as its lowest step")
        #expect(candidates.map { $0["shipped"] as? Bool } == [false, true])
    }

    @Test func noCandidateAtTheThresholdIsAJudgeRefusal() throws {
        let (server, config) = try Self.stub()
        defer { server.stop() }
        let result = try GenerateQualityCommandTests.generate(
            config, "--candidates", "2", "--judge-threshold", "0.85")
        #expect(result.status == 3, "it shipped: \(result.stdout)")
        #expect(result.stderr.contains("judgeRefused"), "\(result.stderr)")
        #expect(result.stderr.contains("the best: 0.8"), "\(result.stderr)")
    }

    @Test(arguments: ["1.5", "-0.1", "high", "nan"])
    func aThresholdOutsideZeroToOneIsAUsageError(_ value: String) throws {
        let result = try GuidedCommandTests.guided(
            "generate", "--schema", "schemas/StepSuggestions.json", "--prompt", "x", "--judge-threshold", value)
        #expect(result.status == 2)
        #expect(
            result.stderr.contains("--judge-threshold needs a number from 0 to 1, not \(value)"), "\(result.stderr)")
    }

    /// On the embedded model, a judge at 0.95 — above any score the default question got from it
    /// on the labelled steps (`guided-bench judge`) — refuses every candidate that passed the
    /// checks: the fallback ships with the reason `judgeRefused`, each candidate's real score in
    /// the attempt.
    @Test(.liveModel) func theEmbeddedJudgeRefusesWithTheFallbackAndEveryScore() throws {
        let request = DefaultPathLiveTests.requests[1]
        let fallback = try GuidedCommandTests.temporaryFile("fallback-judge.json", request.fallback)
        let result = try GuidedCommandTests.guided(
            "generate", "--schema", request.schema, "--prompt", request.prompt, "--instructions",
            request.instructions, "--grounding", request.facts, "--fallback", fallback, "--candidates", "4",
            "--judge-threshold", "0.95", "--json")
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["source"] as? String == "fallback", "\(result.stdout)")
        #expect(object["reason"] as? String == "judgeRefused", "\(result.stdout)\n\(result.stderr)")
        let candidates = (object["attempts"] as? [[String: Any]])?.flatMap {
            $0["candidates"] as? [[String: Any]] ?? []
        }
        let scores = (candidates ?? []).compactMap { $0["judge"] as? Double }
        #expect(!scores.isEmpty, "\(result.stdout)")
        #expect(scores.allSatisfy { (0..<0.95).contains($0) }, "\(scores)")
    }
}
