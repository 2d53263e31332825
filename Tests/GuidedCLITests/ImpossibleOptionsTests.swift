import Foundation
import GuidedTestSupport
import GuidedTestTraits
import Testing

/// Options that cannot do what they say are refused before anything is sent, with a message
/// naming the option: a seed llama-server would read as "random", an empty stop text.
@Suite(.ownThreads) struct ImpossibleOptionsTests {
    static let down = #"{"backends": [{"name": "down", "kind": "llama-server", "url": "http://127.0.0.1:9"}]}"#

    @Test(arguments: [
        ["respond", "--prompt", "Hi"], ["generate", "--schema", "schemas/StepSuggestions.json", "--prompt", "Hi"],
    ])
    func aSeedLlamaServerWouldTakeAsRandomIsAUsageError(_ command: [String]) throws {
        let config = try GuidedCommandTests.temporaryFile("down.json", Self.down)
        for seed in ["4294967295", "18446744073709551615"] {
            let result = try GuidedCommandTests.guided(arguments: command + ["--config", config, "--seed", seed])
            #expect(result.status == 2, "\(seed): \(result.stderr)")
            #expect(
                result.stderr.contains("--seed needs a whole number from 0 to 4294967294, not \(seed)"),
                "\(result.stderr)")
        }
        let largest = try GuidedCommandTests.guided(arguments: command + ["--config", config, "--seed", "4294967294"])
        #expect(largest.status == 3, "accepted, and ends without a backend: \(largest.stderr)")
    }

    @Test func anEmptyStopIsAUsageError() throws {
        let result = try GuidedCommandTests.guided("respond", "--prompt", "Hi", "--stop", "")
        #expect(result.status == 2)
        #expect(result.stderr.contains("--stop needs text"), "\(result.stderr)")
    }

    @Test func aConfiguredSeedOutOfRangeIsALocatedError() throws {
        let config = try GuidedCommandTests.temporaryFile(
            "seed.json",
            #"{"backends": [{"name": "down", "kind": "llama-server", "url": "http://127.0.0.1:9"}], "#
                + #""outputs": {"StepSuggestions": {"options": {"sampling": {"mode": "top-k", "top": 40, "seed": 4294967295}}}}}"#
        )
        let result = try GuidedCommandTests.guided("backends", "--config", config)
        #expect(result.status == 2)
        #expect(
            result.stderr.contains("seed must be a whole number from 0 to 4294967294, not 4294967295")
                && result.stderr.contains("(at #/outputs/StepSuggestions/options/sampling/seed)"),
            "\(result.stderr)")
    }
}
