import Foundation
import Guided
import GuidedHTTP
import GuidedOpenAI
import GuidedServerBackends
import GuidedTestSupport
import GuidedTestTraits
import Testing

/// A secret too short to mean anything is refused where it is read, and never redacted out of a
/// response: with the API key `x`, "Mix the starter" used to ship as "Mi[redacted] the starter".
@Suite(.measuresTime) struct ShortSecretTests {
    @Test func aShortAPIKeyMakesTheBackendMisconfiguredNamingTheVariable() async throws {
        let variable = "GUIDED_TEST_SHORT_KEY_\(UInt64.random(in: 1...UInt64.max))"
        setenv(variable, "x", 1)
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("GET", "/v1/models") { _ in .json(#"{"data":[{"id":"x"}]}"#) }
        let backend = OpenAICompatibleBackend(
            name: "v1", baseURL: server.baseURL + "/v1", model: "x", apiKeyVariable: variable, timeout: .seconds(10))
        let availability = await backend.availability()
        guard case .unavailable(let reason) = availability else {
            Issue.record("a one-character key was accepted: \(availability)")
            return
        }
        #expect(reason.code == .misconfigured)
        #expect(reason.message.contains(variable) && reason.message.contains("1 characters"), "\(reason.message)")
        #expect(server.requests(to: "/v1/models").isEmpty, "nothing is sent with a key that short")
    }

    @Test func aShortURLPasswordNeverCorruptsAResponse() {
        let http = JSONOverHTTP(
            client: HTTPClient(), backend: "local", timeout: .seconds(1),
            headers: [HTTPHeader("Authorization", "Bearer e")], secrets: ["a"])
        #expect(http.redact("Mix the starter and bake a loaf") == "Mix the starter and bake a loaf")
        let long = JSONOverHTTP(
            client: HTTPClient(), backend: "local", timeout: .seconds(1), secrets: ["hunter2-secret"])
        #expect(long.redact("key hunter2-secret echoed") == "key [redacted] echoed")
    }
}
