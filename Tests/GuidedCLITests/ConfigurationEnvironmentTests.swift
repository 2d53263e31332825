import Foundation
import GuidedTestTraits
import Testing

/// `GuidedConfiguration.load()` reads `GUIDED_CONFIG` from the process environment by default,
/// as the README says, so an app (and `guided`) needs no code to honour it.
@Suite(.ownThreads) struct ConfigurationEnvironmentTests {
    @Test func guidedConfigNamesTheFileWhenNoConfigIsGiven() throws {
        let path = try GuidedCommandTests.temporaryFile(
            "from-environment.json",
            #"{"backends": [{"name": "from-environment", "kind": "llama-server", "url": "http://127.0.0.1:1"}]}"#)
        let result = try GuidedCommandTests.guided(arguments: ["backends"], environment: ["GUIDED_CONFIG": path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("from-environment [llama-server]: unavailable"), "\(result.stdout)")
    }

    /// The third probe: an empty `GUIDED_CONFIG` ended in an error naming no file at all.
    @Test func anEmptyGuidedConfigIsNamed() throws {
        let result = try GuidedCommandTests.guided(arguments: ["backends"], environment: ["GUIDED_CONFIG": ""])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("GUIDED_CONFIG: error: GUIDED_CONFIG is set but empty"), "\(result.stderr)")
    }

    /// The third probe: an `apiKeyEnv` variable set to nothing was reported as not set.
    @Test func anEmptyKeyVariableIsSaidToBeEmpty() throws {
        let path = try GuidedCommandTests.temporaryFile(
            "empty-key.json",
            #"{"backends": [{"name": "b", "kind": "openai-compatible", "url": "http://127.0.0.1:1/v1", "model": "m", "apiKeyEnv": "GUIDED_EMPTY_KEY"}]}"#
        )
        let result = try GuidedCommandTests.guided(
            arguments: ["backends", "--config", path], environment: ["GUIDED_EMPTY_KEY": ""])
        #expect(
            result.stdout.contains("the environment variable GUIDED_EMPTY_KEY (apiKeyEnv) is set but empty"),
            "\(result.stdout)")
    }

    @Test func aBrokenFileNamedByGuidedConfigIsReportedWithItsName() throws {
        let path = try GuidedCommandTests.temporaryFile("broken-environment.json", #"{"backends": []}"#)
        let result = try GuidedCommandTests.guided(arguments: ["backends"], environment: ["GUIDED_CONFIG": path])
        #expect(result.status != 0)
        #expect(result.stderr.contains(path), "\(result.stderr)")
    }
}
