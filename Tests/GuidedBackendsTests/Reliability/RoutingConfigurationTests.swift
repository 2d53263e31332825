import Guided
import GuidedJSON
import Testing

/// The configuration's `routing` object: the deadline and tries per backend, read with located errors.
@Suite struct RoutingConfigurationTests {
    static let backends = #""backends": [{"name": "local", "kind": "llama-server", "url": "http://127.0.0.1:8080"}]"#

    func load(_ routing: String) throws -> GuidedConfiguration {
        try GuidedConfiguration.from(
            try JSONReader.parse("{\(Self.backends), \"routing\": \(routing)}"), file: "guided.json",
            registry: .standard())
    }

    func error(_ routing: String) throws -> ConfigurationError {
        let document = try JSONReader.parse("{\(Self.backends), \"routing\": \(routing)}")
        do {
            _ = try GuidedConfiguration.from(document, file: "guided.json", registry: .standard())
        } catch {
            return error
        }
        throw ConfigurationError("loaded without error", remedy: "", at: .root)
    }

    @Test func withoutRoutingTheDefaultsApply() throws {
        let configuration = try GuidedConfiguration.from(
            try JSONReader.parse("{\(Self.backends)}"), registry: .standard())
        #expect(configuration.routing.deadline == .seconds(60))
        #expect(configuration.routing.attemptsPerBackend == 1)
        #expect(configuration.routing.availabilityTTL == RoutePolicy().availabilityTTL)
    }

    @Test func deadlineAndAttemptsAreRead() throws {
        let routing = try load(#"{"deadlineSeconds": 2.5, "attemptsPerBackend": 3}"#).routing
        #expect(routing.deadline == .milliseconds(2500))
        #expect(routing.attemptsPerBackend == 3)
    }

    @Test func aTinyDeadlineRoundsUpToAMillisecond() throws {
        #expect(try load(#"{"deadlineSeconds": 0.0011}"#).routing.deadline == .milliseconds(2))
        #expect(try load(#"{"deadlineSeconds": 0.001}"#).routing.deadline == .milliseconds(1))
    }

    @Test(arguments: [
        (#"[]"#, "/routing", "must be an object"),
        (#"{"deadline": 3}"#, "/routing/deadline", "unknown key \"deadline\""),
        (#"{"deadlineSeconds": 0}"#, "/routing/deadlineSeconds", "deadlineSeconds must be"),
        (#"{"deadlineSeconds": 0.0001}"#, "/routing/deadlineSeconds", "not 0.0001"),
        (#"{"deadlineSeconds": -5}"#, "/routing/deadlineSeconds", "deadlineSeconds must be"),
        (#"{"deadlineSeconds": "20"}"#, "/routing/deadlineSeconds", "not \"20\""),
        (#"{"deadlineSeconds": 1e30}"#, "/routing/deadlineSeconds", "deadlineSeconds must be"),
        (#"{"attemptsPerBackend": 0}"#, "/routing/attemptsPerBackend", "from 1 to 100"),
        (#"{"attemptsPerBackend": 1.5}"#, "/routing/attemptsPerBackend", "not 1.5"),
        (#"{"attemptsPerBackend": 101}"#, "/routing/attemptsPerBackend", "from 1 to 100"),
        (#"{"attemptsPerBackend": true}"#, "/routing/attemptsPerBackend", "not true"),
    ])
    func badRoutingIsALocatedError(_ bad: (routing: String, pointer: String, words: String)) throws {
        let (routing, pointer, words) = bad
        let found = try error(routing)
        #expect(found.pointer.description == pointer, "\(found)")
        #expect(found.description.hasPrefix("guided.json: error: "), "\(found)")
        #expect(found.message.contains(words), "\(found.message)")
        #expect(!found.remedy.isEmpty)
    }

    @Test func anUnknownTopLevelKeyNamesRoutingAmongTheKnownOnes() throws {
        let document = try JSONReader.parse("{\(Self.backends), \"routeing\": {}}")
        do {
            _ = try GuidedConfiguration.from(document, registry: .standard())
            Issue.record("loaded without error")
        } catch {
            #expect(error.pointer.description == "/routeing")
            #expect(error.remedy.contains("routing"))
        }
    }
}
