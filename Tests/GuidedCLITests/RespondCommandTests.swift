import Foundation
import GuidedTestSupport
import GuidedTestTraits
import Testing

/// `guided respond`: free text on the embedded model, as a user runs it.
@Suite(.ownThreads) struct RespondCommandTests {
    static func respond(_ arguments: String...) throws -> (result: GuidedCommandTests.Result, object: [String: Any]) {
        let result = try GuidedCommandTests.guided(arguments: ["respond"] + arguments + ["--json"])
        let object = (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]) ?? [:]
        return (result, object)
    }

    @Test(.liveModel) func aGreedyAnswerEndsOnItsOwnAndRepeats() throws {
        let first = try Self.respond("--prompt", "Describe a turtle in one sentence.", "--greedy")
        #expect(first.result.status == 0, "\(first.result.stderr)")
        #expect(first.object["source"] as? String == "model", "\(first.result.stdout)")
        #expect(first.object["truncated"] as? Bool == false, "it ran to the token limit: \(first.result.stdout)")
        let text = try #require(first.object["text"] as? String)
        #expect(!text.isEmpty && !text.contains("Input:") && !text.contains("Output:"), "\(text)")
        let second = try Self.respond("--prompt", "Describe a turtle in one sentence.", "--greedy")
        #expect(second.object["text"] as? String == text, "greedy from a clean session repeats")
    }

    /// The embedded default is an instruct model: the instructions steer what it writes. Each
    /// answer must be the model's own, not an echo, and follow its instruction — checked by the
    /// instruction benchmark's own checks (`InstructionCheck`).
    @Test(.liveModel) func instructionsSteerTheAnswer() throws {
        let moon = try Self.respond(
            "--instructions", "Answer in one sentence.", "--prompt", "Tell me about the moon.", "--greedy")
        #expect(moon.object["source"] as? String == "model", "\(moon.result.stdout)\n\(moon.result.stderr)")
        let sentence = try #require(moon.object["text"] as? String, "\(moon.result.stdout)")
        #expect(
            InstructionCheck.globalFailure(answer: sentence, prompt: "Tell me about the moon.") == nil, "\(sentence)")
        #expect(InstructionCheck.sentences(min: 1, max: 1).failure(in: sentence, prompt: "") == nil, "\(sentence)")
        #expect(sentence.lowercased().contains("moon"), "\(sentence)")

        let tutor = try Self.respond(
            "--instructions", "You are a math tutor. Give the final answer as a decimal, never as a fraction.",
            "--prompt", "Solve 8x - 4 = 2.", "--greedy")
        #expect(tutor.object["source"] as? String == "model", "\(tutor.result.stdout)\n\(tutor.result.stderr)")
        let solution = try #require(tutor.object["text"] as? String, "\(tutor.result.stdout)")
        let finalLine = solution.split(separator: "\n").last.map(String.init) ?? ""
        #expect(
            InstructionCheck.containsAny(["0.75"]).failure(in: finalLine, prompt: "") == nil,
            "the final answer, 3/4, written as a decimal: \(solution)")
    }

    @Test(.liveModel) func anAnswerCutByTheTokenLimitShipsMarkedTruncated() throws {
        let cut = try Self.respond("--prompt", "Tell a long story about a turtle.", "--greedy", "--max-tokens", "4")
        #expect(cut.result.status == 0, "\(cut.result.stderr)")
        #expect(cut.object["source"] as? String == "model")
        #expect(cut.object["truncated"] as? Bool == true, "\(cut.result.stdout)")
        #expect((cut.object["tokens"] as? Int).map { $0 <= 4 } == true)
    }

    @Test func aDeadBackendIsExitThreeWithSourceNone() throws {
        let dead = try ReservedPort(.refuse)
        let config = try GuidedCommandTests.temporaryFile(
            "dead.json",
            #"{"backends":[{"name":"local","kind":"llama-server","url":"\#(dead.baseURL)"}],"route":["local"]}"#)
        let run = try Self.respond("--prompt", "Hello", "--config", config)
        #expect(run.result.status == 3)
        #expect(run.object["source"] as? String == "none")
        #expect(run.object["reason"] as? String == "noBackendAvailable", "\(run.result.stdout)")
        #expect(run.result.stderr.contains("trace: local: unavailable:unreachable"), "\(run.result.stderr)")
    }

    @Test func aTemperatureOutOfRangeIsAUsageError() throws {
        let run = try GuidedCommandTests.guided("respond", "--prompt", "Hello", "--temperature", "9")
        #expect(run.status == 2)
        #expect(run.stderr.contains("--temperature needs a number from 0 to 2"), "\(run.stderr)")
    }
}
