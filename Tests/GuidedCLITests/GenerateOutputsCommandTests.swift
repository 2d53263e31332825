import Foundation
import GuidedTestSupport
import GuidedTestTraits
import Testing

/// `guided generate` applies the configuration's `outputs` entry for the schema's name — its
/// options reach the server, its validators decide, its fallback ships — and flags on the
/// command line beat it.
@Suite(.ownThreads) struct GenerateOutputsCommandTests {
    static let configuredSteps =
        #"{"steps":["Write your first step","Write your second step","Write your third step"]}"#

    /// A configuration file with `backends` and `outputs` for `StepSuggestions`.
    static func configuration(_ name: String, backends: String, outputs: String) throws -> String {
        try GuidedCommandTests.temporaryFile(
            "outputs-\(name)-\(getpid()).json",
            #"{"backends": \#(backends), "outputs": {"StepSuggestions": \#(outputs)}}"#)
    }

    static func generate(_ config: String, _ extra: String...) throws -> GuidedCommandTests.Result {
        try GuidedCommandTests.guided(
            arguments: [
                "generate", "--schema", "schemas/StepSuggestions.json", "--prompt", "Goal: learn to knit", "--config",
                config,
            ]
                + extra)
    }

    /// The body of the one `/completion` request `server` received.
    static func completionBody(_ server: StubHTTPServer) throws -> [String: Any] {
        let request = try #require(server.requests.first { $0.path == "/completion" })
        return try #require(try JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any])
    }

    @Test func configuredOptionsReachTheServerAndFlagsBeatThem() throws {
        let (server, _) = try GenerateQualityCommandTests.stub([GenerateQualityCommandTests.good])
        defer { server.stop() }
        let config = try Self.configuration(
            "options", backends: #"[{"name": "local", "kind": "llama-server", "url": "\#(server.baseURL)"}]"#,
            outputs:
                #"{"options": {"temperature": 0.4, "sampling": {"mode": "top-k", "top": 7, "seed": 11}, "maximumResponseTokens": 77}}"#
        )
        let result = try Self.generate(config)
        #expect(result.status == 0, "\(result.stderr)")
        let body = try Self.completionBody(server)
        #expect(body["temperature"] as? Double == 0.4)
        #expect(body["top_k"] as? Int == 7)
        #expect(body["seed"] as? Int == 11)
        #expect(body["n_predict"] as? Int == 77)

        let (flagged, _) = try GenerateQualityCommandTests.stub([GenerateQualityCommandTests.good])
        defer { flagged.stop() }
        let flaggedConfig = try Self.configuration(
            "flags", backends: #"[{"name": "local", "kind": "llama-server", "url": "\#(flagged.baseURL)"}]"#,
            outputs:
                #"{"options": {"temperature": 0.4, "sampling": {"mode": "top-k", "top": 7, "seed": 11}, "maximumResponseTokens": 77}}"#
        )
        let explicit = try Self.generate(flaggedConfig, "--temperature", "0.9", "--max-tokens", "50")
        #expect(explicit.status == 0, "\(explicit.stderr)")
        let flaggedBody = try Self.completionBody(flagged)
        #expect(flaggedBody["temperature"] as? Double == 0.9, "the flag over the file")
        #expect(flaggedBody["n_predict"] as? Int == 50, "the flag over the file")
        #expect(flaggedBody["top_k"] as? Int == 7, "the file where no flag was given")
    }

    @Test func theConfiguredFallbackShipsWithItsReason() throws {
        let dead = try ReservedPort(.refuse)
        let config = try Self.configuration(
            "fallback", backends: #"[{"name": "a", "kind": "llama-server", "url": "\#(dead.baseURL)"}]"#,
            outputs: #"{"fallback": {"value": \#(Self.configuredSteps)}}"#)
        let result = try Self.generate(config, "--json")
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["source"] as? String == "fallback")
        #expect(object["reason"] as? String == "noBackendAvailable")
        #expect(
            (object["value"] as? [String: Any])?["steps"] as? [String] == [
                "Write your first step", "Write your second step", "Write your third step",
            ])

        let own = try GuidedCommandTests.temporaryFile(
            "own-fallback-\(getpid()).json",
            #"{"steps":["Flag one step here","Flag two step here","Flag three step here"]}"#)
        let flagged = try Self.generate(config, "--fallback", own)
        #expect(flagged.status == 0, "\(flagged.stderr)")
        #expect(flagged.stdout.contains("Flag one step here"), "--fallback beats the file: \(flagged.stdout)")
        withExtendedLifetime(dead) {}
    }

    @Test func aConfiguredFallbackThatDoesNotFitStopsBeforeAnythingIsSent() throws {
        let (server, _) = try GenerateQualityCommandTests.stub([GenerateQualityCommandTests.good])
        defer { server.stop() }
        let config = try Self.configuration(
            "badfallback", backends: #"[{"name": "local", "kind": "llama-server", "url": "\#(server.baseURL)"}]"#,
            outputs: #"{"fallback": {"value": {"steps": ["only one"]}}}"#)
        let result = try Self.generate(config)
        #expect(result.status == 2)
        #expect(result.stderr.contains(config + ": error:"), "\(result.stderr)")
        #expect(result.stderr.contains("(at #/outputs/StepSuggestions/fallback)"), "\(result.stderr)")
        #expect(server.requests.filter { $0.path == "/completion" }.isEmpty)
    }

    @Test func aBadOutputsValueIsALocatedUsageError() throws {
        let config = try Self.configuration(
            "badvalue", backends: #"[{"name": "local", "kind": "llama-server", "url": "http://127.0.0.1:9"}]"#,
            outputs: #"{"options": {"temperature": 3}}"#)
        let result = try Self.generate(config)
        #expect(result.status == 2)
        #expect(
            result.stderr.contains(config + ": error: temperature must be a number from 0 to 2"), "\(result.stderr)")
        #expect(result.stderr.contains("(at #/outputs/StepSuggestions/options/temperature)"), "\(result.stderr)")
    }

    @Test func configuredValidatorsDecideWhatShips() throws {
        let (server, _) = try GenerateQualityCommandTests.stub([GenerateQualityCommandTests.knit])
        defer { server.stop() }
        let backends = #"[{"name": "local", "kind": "llama-server", "url": "\#(server.baseURL)"}]"#
        let lenient = try Self.configuration(
            "lenient", backends: backends, outputs: #"{"validators": {"personLevel": false}}"#)
        let shipped = try Self.generate(lenient)
        #expect(shipped.status == 0, "personLevel: false lets the knit output through: \(shipped.stderr)")
        #expect(shipped.stdout.contains("step 0: start to knit"))

        let (good, _) = try GenerateQualityCommandTests.stub([GenerateQualityCommandTests.good])
        defer { good.stop() }
        let strict = try Self.configuration(
            "strict", backends: #"[{"name": "local", "kind": "llama-server", "url": "\#(good.baseURL)"}]"#,
            outputs: #"{"validators": {"blockedPhrase": {"phrases": ["stitches"]}}}"#)
        let rejected = try Self.generate(strict)
        #expect(rejected.status == 3, "\(rejected.stdout)")
        #expect(rejected.stderr.contains("blockedPhrase"), "\(rejected.stderr)")
    }
}
