import Foundation
import GuidedTestSupport
import GuidedTestTraits
import Testing

/// `guided generate --json`, run as a user would.
@Suite(.ownThreads) struct GenerateCommandTests {
    @Test func aDeadBackendGivesTheValidatedFallbackAsJSON() throws {
        let dead = try ReservedPort(.refuse)
        let config = try GuidedCommandTests.temporaryFile(
            "dead.json",
            #"{"backends":[{"name":"local","kind":"llama-server","url":"\#(dead.baseURL)"}],"route":["local"]}"#)
        let fallback = try GuidedCommandTests.temporaryFile("fallback.json", #"{"text":"Your parcel arrives Friday."}"#)
        let result = try GuidedCommandTests.guided(
            "generate", "--schema", "schemas/RewrittenNotification.json", "--prompt", "Rewrite",
            "--config", config, "--fallback", fallback, "--json")
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["source"] as? String == "fallback")
        #expect(object["reason"] as? String == "noBackendAvailable")
        #expect(object["backend"] is NSNull)
        #expect((object["value"] as? [String: Any])?["text"] as? String == "Your parcel arrives Friday.")
        let attempts = try #require(object["attempts"] as? [[String: Any]])
        #expect(attempts.first?["backend"] as? String == "local")
        #expect(attempts.first?["outcome"] as? String == "unavailable:unreachable")
        #expect(result.stderr.contains("trace: local: unavailable:unreachable"))
    }

    @Test func aFallbackThatBreaksTheSchemaIsRefusedBeforeAnythingIsSent() throws {
        let fallback = try GuidedCommandTests.temporaryFile(
            "long.json", #"{"text":"\#(String(repeating: "x", count: 200))"}"#)
        let result = try GuidedCommandTests.guided(
            "generate", "--schema", "schemas/RewrittenNotification.json", "--prompt", "Rewrite",
            "--fallback", fallback, "--json")
        #expect(result.status == 2)
        #expect(result.stderr.contains("the fallback does not fit the schema: /text"))
    }

    @Test func aBrokenConfigurationIsALocatedError() throws {
        let config = try GuidedCommandTests.temporaryFile(
            "broken.json", #"{"backends":[{"name":"x","kind":"llama-server","url":"ftp://x","colour":1}]}"#)
        let result = try GuidedCommandTests.guided("backends", "--config", config)
        #expect(result.status == 2)
        #expect(
            result.stderr.contains(
                "broken.json: error: unknown key \"colour\" for a llama-server backend (at #/backends/0/colour)"))
    }

    @Test func versionPrintsTheVersion() throws {
        let result = try GuidedCommandTests.guided("--version")
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("guided ") && result.stdout.split(separator: " ").count == 2)
    }
}
