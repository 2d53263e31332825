import Foundation
import Guided
import GuidedManagedServer
import GuidedTestTraits
import Testing

/// Each example on the embedded model (Gemma 3 270M through a llama-server the example starts
/// itself). The model must be reached — an `unavailable` attempt fails the test, so a missing
/// `scripts/setup-model` fails loudly — and whatever ships must say where it came from: the
/// model's checked output, or the fallback / no suggestion because a named check rejected it.
@Suite(.serialized, .liveModel) struct ExamplesLiveTests {
    /// The JSON report of `example` on the default configuration (the embedded model).
    static func report(_ example: String, _ arguments: [String]) throws -> [String: Any] {
        let result = try ExampleProcess.run(example, arguments + ["--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try result.json()
        let attempts = try #require(json["attempts"] as? [[String: Any]])
        let first = try #require(attempts.first, "no backend was tried: \(result.stdout)")
        #expect(first["backend"] as? String == "embedded")
        let outcome = first["outcome"] as? String ?? ""
        #expect(
            !outcome.hasPrefix("unavailable"), "the embedded model is not set up (run scripts/setup-model): \(first)")
        switch json["source"] as? String {
        case "model": #expect(outcome == "succeeded")
        case "fallback", "none":
            // Reached, and rejected by a named check, or failed, or too slow on a busy machine.
            let reason = json["reason"] as? String ?? ""
            if outcome == "deadline" {
                #expect(reason.hasPrefix("deadlineExceeded: "), "\(reason)")
            } else {
                #expect(outcome.hasPrefix("rejected:") || outcome.hasPrefix("failed:"), "\(first)")
                #expect(reason.hasPrefix("allBackendsFailed: "), "\(reason)")
            }
        default: Issue.record("unexpected source in \(json)")
        }
        return json
    }

    @Test func copywriterOnTheEmbeddedModel() throws {
        let json = try Self.report("copywriter", [ExampleProcess.senba + "/requests/copy-sourdough.json"])
        let text = try #require((json["value"] as? [String: Any])?["text"] as? String)
        #expect(!text.isEmpty && text.unicodeScalars.count <= 180)
        // The README shows this request shipping the model's own words (seeded): a fallback fails.
        #expect(json["source"] as? String == "model", "the copywriter fell back: \(json)")
        #expect(text != "Back in March you wrote: \"Fed the starter twice.\"")
    }

    @Test func stepSuggesterOnTheEmbeddedModel() throws {
        let json = try Self.report("step-suggester", [ExampleProcess.senba + "/requests/steps-sourdough.json"])
        if json["source"] as? String == "model" {
            let steps = try #require((json["value"] as? [String: Any])?["steps"] as? [String])
            #expect(steps.count == 3 && steps.allSatisfy { !$0.isEmpty && $0.unicodeScalars.count <= 100 })
            #expect(!steps.contains { $0.lowercased().contains("kitchen scale") }, "a done step came back: \(steps)")
        } else {
            #expect(json["value"] is NSNull)
        }
    }

    @Test func librarianOnTheEmbeddedModel() throws {
        let archive = try ExampleProcess.temporaryFile(
            "archive.json", try String(contentsOfFile: ExampleProcess.senba + "/archive.json", encoding: .utf8))
        let json = try Self.report("librarian", [archive])
        #expect(json["picked"] as? String == "e1")
    }

    @Test func configSwapThroughCompletionAndV1OfTheSameServer() async throws {
        let server = ManagedLlamaServerBackend(name: "embedded")
        let available = await server.availability()
        try #require(available.isAvailable, "the embedded model is not set up (run scripts/setup-model): \(available)")
        let port = try #require(await server.port)
        let completion = try ExampleProcess.temporaryFile(
            "completion.json",
            #"{"backends": [{"name": "local", "kind": "llama-server", "url": "http://127.0.0.1:\#(port)"}]}"#)
        let v1 = try ExampleProcess.temporaryFile(
            "v1.json",
            #"{"backends": [{"name": "local-v1", "kind": "openai-compatible", "url": "http://127.0.0.1:\#(port)/v1", "model": "gemma"}]}"#
        )
        for (configuration, kind) in [(completion, "llama-server"), (v1, "openai-compatible")] {
            let result = try ExampleProcess.run("config-swap", ["--config", configuration, "--json"])
            #expect(result.status == 0, "\(result.stderr)")
            let json = try result.json()
            #expect(json["kinds"] as? [String] == [kind])
            let attempt = try #require((json["attempts"] as? [[String: Any]])?.first)
            let outcome = attempt["outcome"] as? String ?? ""
            // Reached through that kind's API: shipped, rejected by a named check, an output the
            // schema refused, or (on a busy machine) still generating at the deadline. Never
            // unavailable, and never an HTTP error, which would mean a wrong request.
            #expect(
                ["succeeded", "failed:invalidOutput", "failed:truncated", "deadline"].contains(outcome)
                    || outcome.hasPrefix("rejected:"),
                "\(kind): \(attempt)")
        }
        await server.shutdown()
    }
}
