import Foundation
import GuidedTestSupport
import GuidedTestTraits
import Testing

/// `examples/Tuning` on the embedded model: what the README says it finds, it finds.
@Suite(.ownThreads) struct TuningExampleTests {
    @Test(.liveModel) func theTuningExperimentsRepeatAndTemperatureVaries() throws {
        let path = try #require(GuidedCommandTests.builtProduct("tuning"), "tuning is not built")
        let run = try ExecutableRun.run(path, [], directory: GuidedCommandTests.repository)
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
        let output = run.stdout
        #expect(output.contains("clean, twice: the same"), "\(output)")
        #expect(output.contains("top-k 40, seed 7: the same twice"), "\(output)")
        #expect(output.contains("top-p 0.9, seed 7: the same twice"), "\(output)")
        #expect(!output.contains("(no answer"), "\(output)")
        // The instructions steer the instruct model: one sentence when asked, and the tutor's
        // final answer as a decimal.
        let oneSentence = try #require(
            output.components(separatedBy: "\"Answer in one short sentence.\"             → ").dropFirst().first?
                .split(separator: "\n").first.map(String.init), "\(output)")
        #expect(
            InstructionCheck.sentences(min: 1, max: 1).failure(in: oneSentence, prompt: "") == nil, "\(oneSentence)")
        #expect(output.contains("different: true"), "the pirate instruction changed the answer: \(output)")
        let finalLine = try #require(
            output.components(separatedBy: "→ final line: ").dropFirst().first?.split(separator: "\n").first,
            "\(output)")
        #expect(finalLine.contains("0.75"), "\(output)")
        func trigrams(_ temperature: String) -> Int? {
            output.components(separatedBy: "temperature \(temperature): ").dropFirst().first
                .flatMap { Int($0.split(separator: " ").first ?? "") }
        }
        let low = try #require(trigrams("0.2"), "\(output)")
        let high = try #require(trigrams("1.0"), "\(output)")
        #expect(high > low, "temperature 1.0 should vary more than 0.2: \(output)")
        #expect(output.contains("tokens of 4096:"), "\(output)")
    }
}
