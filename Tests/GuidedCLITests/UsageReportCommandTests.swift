import Foundation
import GuidedTestSupport
import GuidedTestTraits
import Testing

/// `--json` reports the tokens an outcome used, as llama-server counted them: the prompt's,
/// the part of it reused from the server's prompt cache, and the generated ones.
@Suite(.ownThreads) struct UsageReportCommandTests {
    /// A stub llama-server whose every completion is `content`, with llama-server's counts.
    static func stub(_ content: String) throws -> (server: StubHTTPServer, config: String) {
        let (server, config) = try GenerateQualityCommandTests.stub([content])
        let text = String(
            data: try JSONSerialization.data(withJSONObject: [content]), encoding: .utf8)!.dropFirst().dropLast()
        server.route("POST", "/completion") { _ in
            .json(
                #"{"index":0,"content":\#(text),"stop":true,"stop_type":"eos","truncated":false,"#
                    + #""tokens_predicted":26,"tokens_evaluated":93,"timings":{"cache_n":88,"prompt_n":5}}"#)
        }
        return (server, config)
    }

    static func usage(_ stdout: String) throws -> [String: Int] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any])
        return try #require(object["usage"] as? [String: Int], "\(stdout)")
    }

    @Test func generateReportsTheOutcomesTokens() throws {
        let (server, config) = try Self.stub(#"{"text":"Your parcel arrives Friday."}"#)
        defer { server.stop() }
        let result = try GuidedCommandTests.guided(
            "generate", "--schema", "schemas/RewrittenNotification.json", "--prompt", "Your parcel arrives Friday.",
            "--config", config, "--no-quality-checks", "--candidates", "1", "--json")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Self.usage(result.stdout) == ["input": 93, "cached": 88, "output": 26])
    }

    @Test func respondReportsTheOutcomesTokens() throws {
        let (server, config) = try Self.stub("Hello, Ada.")
        defer { server.stop() }
        let result = try GuidedCommandTests.guided(
            "respond", "--prompt", "Say hello to Ada.", "--config", config, "--json")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Self.usage(result.stdout) == ["input": 93, "cached": 88, "output": 26])
    }
}
