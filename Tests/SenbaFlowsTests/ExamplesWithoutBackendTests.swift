import Foundation
import GuidedTestTraits
import Testing

/// Each example with no backend able to serve: the copywriter and the librarian ship the filled
/// template, the step suggester has no suggestion, and each says why.
@Suite(.ownThreads) struct ExamplesWithoutBackendTests {
    @Test func copywriterShipsTheFilledTemplateAndSaysWhy() throws {
        let result = try ExampleProcess.run(
            "copywriter",
            [
                ExampleProcess.senba + "/requests/copy-sourdough.json", "--config",
                try ExampleProcess.deadConfiguration(), "--json",
            ])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try result.json()
        #expect(
            (json["value"] as? [String: Any])?["text"] as? String
                == "Back in March you wrote: \"Fed the starter twice.\"")
        #expect(json["source"] as? String == "fallback")
        #expect((json["reason"] as? String)?.hasPrefix("noBackendAvailable: ") == true)
        let attempts = try #require(json["attempts"] as? [[String: Any]])
        #expect(attempts.first?["outcome"] as? String == "unavailable:unreachable")
    }

    @Test func copywriterReadsStandardInputAndPrintsReadably() throws {
        let request = try String(
            contentsOfFile: ExampleProcess.senba + "/requests/copy-sourdough.json", encoding: .utf8)
        let result = try ExampleProcess.run(
            "copywriter", ["-", "--config", try ExampleProcess.deadConfiguration()], stdin: request)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "Back in March you wrote: \"Fed the starter twice.\"")
        #expect(lines.dropFirst().first?.hasPrefix("  [authored fallback — noBackendAvailable: ") == true)
        #expect(lines.contains { $0.hasPrefix("    local: unavailable:unreachable") })
    }

    @Test func stepSuggesterHasNoSuggestionAndSaysWhy() throws {
        let result = try ExampleProcess.run(
            "step-suggester",
            [
                ExampleProcess.senba + "/requests/steps-sourdough.json", "--config",
                try ExampleProcess.deadConfiguration(), "--json",
            ])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try result.json()
        #expect(json["value"] is NSNull)
        #expect(json["source"] as? String == "none")
        #expect((json["reason"] as? String)?.hasPrefix("noBackendAvailable: ") == true)
        let readable = try ExampleProcess.run(
            "step-suggester",
            [
                ExampleProcess.senba + "/requests/steps-sourdough.json", "--config",
                try ExampleProcess.deadConfiguration(),
            ])
        #expect(
            readable.stdout.hasPrefix(
                "(no suggestion: the person writes their own)\n  [no suggestion — noBackendAvailable: "))
    }

    @Test func librarianPicksByPlainRulesAndShipsTheTemplate() throws {
        let archive = try ExampleProcess.temporaryFile(
            "archive.json", try String(contentsOfFile: ExampleProcess.senba + "/archive.json", encoding: .utf8))
        let configuration = try ExampleProcess.deadConfiguration()
        let first = try ExampleProcess.run("librarian", [archive, "--config", configuration, "--json", "--record"])
        #expect(first.status == 0, "\(first.stderr)")
        let json = try first.json()
        #expect(json["picked"] as? String == "e1")
        #expect(
            (json["value"] as? [String: Any])?["text"] as? String
                == "Back in March you wrote: \"Fed the starter twice.\"")
        #expect(json["source"] as? String == "fallback")
        // e1 and its thread are now cooling down: the next pick is another thread's entry.
        let second = try ExampleProcess.run("librarian", [archive, "--config", configuration])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.contains("skipped e1: came back 0 days ago (cooldown 90)"))
        #expect(second.stdout.contains("picked e5 (2026-05-20, thread reading, goal novels)"))
        #expect(second.stdout.contains("Back in May you wrote: \"Finished the first novel of the year.\""))
    }

    @Test func aCompletedStepBecomesANewEntry() throws {
        let archive = try ExampleProcess.temporaryFile(
            "archive.json", try String(contentsOfFile: ExampleProcess.senba + "/archive.json", encoding: .utf8))
        let result = try ExampleProcess.run(
            "librarian", [archive, "--complete", "Buy a kitchen scale", "--goal", "sourdough"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.hasPrefix("added e9 (2026-11-30, thread baking, goal sourdough): Done: Buy a kitchen scale"))
        let saved = try String(contentsOfFile: archive, encoding: .utf8)
        #expect(saved.contains("\"Done: Buy a kitchen scale\""))
        let unknown = try ExampleProcess.run("librarian", [archive, "--complete", "x", "--goal", "piano"])
        #expect(unknown.status == 2 && unknown.stderr.contains("no goal \"piano\""))
    }

    @Test func configSwapRunsTheSameFlowThroughEitherConfiguration() throws {
        for kind in ["llama-server", "openai-compatible"] {
            let result = try ExampleProcess.run(
                "config-swap", ["--config", try ExampleProcess.deadConfiguration(kind: kind), "--json"])
            #expect(result.status == 0, "\(result.stderr)")
            let json = try result.json()
            #expect(json["kinds"] as? [String] == [kind])
            #expect(json["source"] as? String == "fallback")
            #expect(
                (json["value"] as? [String: Any])?["text"] as? String
                    == "Back in March you wrote: \"Fed the starter twice.\"")
        }
    }

    @Test func configurationComesFromTheEnvironmentThenTheWorkingDirectory() throws {
        let request = ExampleProcess.senba + "/requests/copy-sourdough.json"
        let fromEnvironment = try ExampleProcess.run(
            "copywriter", [request, "--json"],
            environment: ["GUIDED_CONFIG": try ExampleProcess.deadConfiguration(kind: "openai-compatible")])
        #expect(
            (try fromEnvironment.json()["attempts"] as? [[String: Any]])?.first?["backend"] as? String == "v1",
            "\(fromEnvironment.stderr)")
        let directory = (try ExampleProcess.deadConfiguration() as NSString).deletingLastPathComponent
        try FileManager.default.moveItem(atPath: directory + "/dead.json", toPath: directory + "/guided.json")
        let fromDirectory = try ExampleProcess.run("copywriter", [request, "--json"], directory: directory)
        #expect(
            (try fromDirectory.json()["attempts"] as? [[String: Any]])?.first?["backend"] as? String == "local",
            "\(fromDirectory.stderr)")
    }

    @Test func aBadRequestNamesTheFileAndThePlace() throws {
        let request = try ExampleProcess.temporaryFile(
            "bad.json", #"{"goal": "swim", "entries": [{"date": "March 1", "text": "x"}]}"#)
        let result = try ExampleProcess.run(
            "step-suggester", [request, "--config", try ExampleProcess.deadConfiguration()])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("\(request): error: /entries/0/date: "), "\(result.stderr)")
        let extra = try ExampleProcess.temporaryFile("extra.json", #"{"goal": "swim", "entries": [], "mood": "good"}"#)
        let unknownKey = try ExampleProcess.run(
            "step-suggester", [extra, "--config", try ExampleProcess.deadConfiguration()])
        #expect(
            unknownKey.status == 2 && unknownKey.stderr.hasPrefix("\(extra): error: /mood: "), "\(unknownKey.stderr)")
        let template = try ExampleProcess.temporaryFile(
            "copy.json",
            #"{"goal": "g", "entries": [{"date": "2026-03-01", "text": "x"}], "template": "On {weather}: {entry}"}"#)
        let unfilled = try ExampleProcess.run(
            "copywriter", [template, "--config", try ExampleProcess.deadConfiguration()])
        #expect(
            unfilled.status == 2 && unfilled.stderr.contains("no value for the slot {weather}"), "\(unfilled.stderr)")
    }
}
