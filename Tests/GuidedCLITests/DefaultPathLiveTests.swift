import Foundation
import GuidedTestSupport
import GuidedTestTraits
import Testing

/// The calls a new user writes first, on the embedded model: the README's quick start as written,
/// and `guided generate` on the canonical schemas with nothing but `--schema --prompt
/// --instructions --grounding --fallback`. Each must ship the model's own words — a fallback
/// fails the test, with every attempt printed. The sampling is the framework's default, seeded.
@Suite(.ownThreads) struct DefaultPathLiveTests {
    static let quickStart = GuidedCommandTests.repository + "/examples/QuickStart/main.swift"

    @Test func theReadmeShowsTheQuickStartExactlyAsItIsCompiled() throws {
        let readme = try String(contentsOfFile: GuidedCommandTests.repository + "/README.md", encoding: .utf8)
        let code = try String(contentsOfFile: Self.quickStart, encoding: .utf8)
        #expect(readme.contains("```swift\n" + code + "```"), "README's quick start differs from \(Self.quickStart)")
    }

    /// The quick start as built.
    static func quickStartBinary() throws -> String {
        try #require(GuidedCommandTests.builtProduct("quick-start"), "quick-start is not built")
    }

    @Test func theQuickStartSaysWhyNothingShippedInsteadOfTrapping() throws {
        // Its calls bring no fallback: with the only backend down, the error is printed, with
        // the backend's outcome, and the program ends normally (an uncaught top-level error is a trap).
        let down = #"{"backends": [{"name": "remote", "kind": "llama-server", "url": "http://127.0.0.1:9"}]}"#
        let configuration = try GuidedCommandTests.temporaryFile("quick-start-down.json", down)
        let run = try ExecutableRun.run(
            try Self.quickStartBinary(), [], directory: GuidedCommandTests.repository,
            environment: ["GUIDED_CONFIG": configuration])
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
        let expected = "no suggestion: noBackendAvailable | remote: unavailable:unreachable"
        #expect(run.stdout.hasPrefix(expected), "\(run.stdout)")
    }

    @Test(.liveModel) func theQuickStartShipsTheModelsWordsForBothTypes() throws {
        let run = try ExecutableRun.run(try Self.quickStartBinary(), [], directory: GuidedCommandTests.repository)
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(run.stdout)\n\(run.stderr)")
        for line in lines {
            #expect(line.contains("| model(backend: \"embedded\""), "not the model's words: \(line)\n\(run.stderr)")
        }
    }

    /// Two requests as a user types them, one per canonical schema: the demo's notification
    /// (examples/Senba/requests/copy-sourdough.json) and the quality corpus's `steps-09` (dev
    /// split). Both ship at the default seed; how often the plain call ships over the whole
    /// corpus is `guided-bench quality --path default`'s number (README), not this test's.
    static let requests: [(schema: String, prompt: String, instructions: String, facts: String, fallback: String)] = [
        (
            "schemas/RewrittenNotification.json", "Back in March you wrote: \"Fed the starter twice.\"",
            "Rewrite the reminder as one short, friendly notification.",
            "Goal: bake sourdough at home\n1 March 2026: Fed the starter twice.",
            #"{"text": "Back in March you wrote: \"Fed the starter twice.\""}"#
        ),
        (
            "schemas/StepSuggestions.json", "Suggest three next steps toward this goal: meditate every day.",
            "Suggest three next steps toward the goal.",
            "Goal: meditate every day\nJournal: Sat quietly for five minutes after breakfast.\n"
                + "Journal: Missed two days because of early meetings.\nDone: Choose a quiet corner",
            #"{"steps": ["Write your own first step", "Write your own second step", "Write your own third step"]}"#
        ),
    ]

    @Test(.liveModel, arguments: 0..<2) func guidedGenerateShipsTheModelsWordsWithNoTuningFlags(_ index: Int) throws {
        let request = Self.requests[index]
        let fallback = try GuidedCommandTests.temporaryFile("fallback-\(index).json", request.fallback)
        let result = try GuidedCommandTests.guided(
            "generate", "--schema", request.schema, "--prompt", request.prompt, "--instructions",
            request.instructions, "--grounding", request.facts, "--fallback", fallback, "--json")
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["source"] as? String == "model", "\(result.stdout)\n\(result.stderr)")
        #expect(object["backend"] as? String == "embedded")
    }

    /// `schemas/StepSuggestions.json` names the `next-steps` adapter (`x-guided-adapter`), trained
    /// for Gemma 3 270M, and `scripts/setup-model` installs it: a managed server on that model,
    /// named by the catalogue, must apply it to the steps it ships. (The default model has no
    /// adapter and is shown the schema's examples instead.)
    @Test(.liveModel) func aServerOnGemmaShipsStepsWithTheSchemasAdapter() throws {
        let request = Self.requests[1]
        let fallback = try GuidedCommandTests.temporaryFile("fallback-adapter.json", request.fallback)
        let gemma = try GuidedCommandTests.temporaryFile(
            "gemma.json",
            #"{"backends": [{"name": "embedded", "kind": "managed-llama-server", "model": "gemma-3-270m"}]}"#)
        let result = try GuidedCommandTests.guided(
            "generate", "--schema", request.schema, "--prompt", request.prompt, "--instructions",
            request.instructions, "--grounding", request.facts, "--fallback", fallback, "--config", gemma, "--json")
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let attempts = try #require(object["attempts"] as? [[String: Any]], "\(result.stdout)")
        let shipped = try #require(attempts.last, "\(result.stdout)")
        #expect(object["source"] as? String == "model", "\(result.stdout)\n\(result.stderr)")
        #expect(shipped["adapter"] as? String == "next-steps", "\(result.stdout)")
    }
}
