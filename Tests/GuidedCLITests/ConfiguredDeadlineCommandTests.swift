import Foundation
import GuidedTestSupport
import GuidedTestTraits
import Testing

/// `guided generate` honours the configuration's `routing` deadline.
@Suite(.ownThreads) struct ConfiguredDeadlineCommandTests {
    @Test func theConfiguredDeadlineEndsAHangingGeneration() throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("GET", "/health") { _ in .json(#"{"status":"ok"}"#) }
        server.route("GET", "/props") { _ in .json(#"{"default_generation_settings":{"n_ctx":4096},"total_slots":1}"#) }
        server.route("POST", "/tokenize") { _ in .json(#"{"tokens":[1,2,3]}"#) }
        server.route("POST", "/completion") { _ in .hang }
        let config = try GuidedCommandTests.temporaryFile(
            "deadline.json",
            #"""
            {"backends":[{"name":"local","kind":"llama-server","url":"\#(server.baseURL)","idleTimeoutSeconds":600,"timeoutSeconds":600}],
             "routing":{"deadlineSeconds":1}}
            """#)
        let fallback = try GuidedCommandTests.temporaryFile("fallback.json", #"{"text":"Your parcel arrives Friday."}"#)
        let result = try GuidedCommandTests.guided(
            "generate", "--schema", "schemas/RewrittenNotification.json", "--prompt", "Rewrite",
            "--config", config, "--fallback", fallback, "--json")
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["source"] as? String == "fallback")
        #expect(object["reason"] as? String == "deadlineExceeded", "\(result.stdout)")
        let attempts = try #require(object["attempts"] as? [[String: Any]])
        #expect(attempts.map { $0["outcome"] as? String } == ["deadline"])
        #expect(server.requests.contains { $0.path == "/completion" })
    }
}
