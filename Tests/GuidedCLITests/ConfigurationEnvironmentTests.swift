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

    @Test func aBrokenFileNamedByGuidedConfigIsReportedWithItsName() throws {
        let path = try GuidedCommandTests.temporaryFile("broken-environment.json", #"{"backends": []}"#)
        let result = try GuidedCommandTests.guided(arguments: ["backends"], environment: ["GUIDED_CONFIG": path])
        #expect(result.status != 0)
        #expect(result.stderr.contains(path), "\(result.stderr)")
    }
}
