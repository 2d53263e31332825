import Guided
import GuidedJSON
import Testing

// The code of Guided's "Writing a backend" article (Sources/Guided/Guided.docc/WritingABackend.md),
// compiled and run here so the article cannot drift from the backend contract. `CannedBackend`,
// the article's backend, is declared in RoutingArticleTests.swift.

extension BackendRegistry {
    /// Adds the `canned` kind: `{"name": "demo", "kind": "canned", "reply": "{…}"}`.
    mutating func registerCannedBackend() {
        register(kind: "canned") { configuration throws(ConfigurationError) in
            try configuration.rejectUnknownKeys(["reply"])
            let reply = try configuration.requiredString("reply", example: #"{"steps": []}"#)
            return CannedBackend(name: configuration.name, reply: reply)
        }
    }
}

@Suite struct BackendArticleTests {
    @Test func aKindFromAConfigurationFile() async throws {
        var registry = BackendRegistry.standard()
        registry.registerCannedBackend()
        let document: GeneratedContent = [
            "backends": [["name": "demo", "kind": "canned", "reply": #"{"steps":["Swim","Float","Kick"]}"#]]
        ]
        let configuration = try GuidedConfiguration.from(document, registry: registry)
        #expect(configuration.backends.map(\.kind) == ["canned"])
        #expect(await configuration.backends[0].availability() == .available)
    }

    @Test func unknownKeysAreLocatedErrors() {
        var registry = BackendRegistry()
        registry.registerCannedBackend()
        let document: GeneratedContent = ["backends": [["name": "demo", "kind": "canned", "replay": "{}"]]]
        #expect(throws: ConfigurationError.self) { try GuidedConfiguration.from(document, registry: registry) }
        do {
            _ = try GuidedConfiguration.from(document, registry: registry)
        } catch {
            print(error) // "/backends/0/replay: unknown key …"
            #expect(error.pointer.description == "/backends/0/replay")
        }
    }

    @Test func theBackendsOutputIsValidatedLikeAModels() async throws {
        let backend = CannedBackend(name: "demo", reply: #"{"steps":["Swim"]}"#)
        let request = BackendRequest(prompt: "Goal: learn to swim", schema: NextSteps.generationSchema)
        do {
            _ = try await backend.respond(to: request)
            Issue.record("output with one step passed a schema that wants three")
        } catch {
            #expect(error.code == .invalidOutput && error.violations.map(\.pointer.description) == ["/steps"])
        }
        var streamed: [BackendStreamEvent] = []
        for try await event in backend.streamResponse(to: BackendRequest(prompt: "Say hi")) { streamed.append(event) }
        #expect(streamed.count == 1)
    }
}
