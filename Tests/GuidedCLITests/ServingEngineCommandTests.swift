import Foundation
import GuidedTestTraits
import Testing

/// `guided generate` on the canonical step schema against a real vLLM (started by
/// `scripts/test-engines`), configured as a user would: one `openai-compatible` entry with
/// `api: completions` for the base model and the dialect left to detection. Guided's exact grammar
/// travels as `structured_outputs.grammar`, and the model's own steps ship on seeds 1 to 5 — a
/// fallback or no suggestion fails the test, with every attempt printed.
@Suite(.enabled(if: ServingEngine.url != nil, ServingEngine.notStarted), .ownThreads)
struct ServingEngineCommandTests {
    static let request = DefaultPathLiveTests.requests[1]

    @Test(arguments: 1...5) func guidedGenerateShipsTheModelsStepsOnVLLM(seed: Int) throws {
        let url = try #require(ServingEngine.url)
        let config = try GuidedCommandTests.temporaryFile(
            "vllm-\(seed).json",
            #"{"backends": [{"name": "vllm", "kind": "openai-compatible", "url": "\#(url)", "model": "\#(ServingEngine.model)", "api": "completions", "timeoutSeconds": 300, "idleTimeoutSeconds": 60}], "routing": {"deadlineSeconds": 600}}"#
        )
        let result = try GuidedCommandTests.guided(
            "generate", "--schema", Self.request.schema, "--prompt", Self.request.prompt, "--instructions",
            Self.request.instructions, "--grounding", Self.request.facts, "--config", config, "--seed", String(seed),
            "--json")
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["source"] as? String == "model", "\(result.stdout)\n\(result.stderr)")
        #expect(object["backend"] as? String == "vllm")
        let attempts = try #require(object["attempts"] as? [[String: Any]])
        #expect(attempts.last?["constraint"] as? String == "structured_outputs.grammar")
        let steps = (object["value"] as? [String: Any])?["steps"] as? [String]
        #expect(steps?.count == 3, "\(result.stdout)")
    }
}
