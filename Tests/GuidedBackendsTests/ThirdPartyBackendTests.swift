import CustomBackendExample
import Guided
import Testing

/// A backend kind from another package plugs in through the registry and a config file.
@Suite struct ThirdPartyBackendTests {
    @Test func aRegisteredKindIsBuiltFromConfigurationAndItsOutputIsValidated() async throws {
        var registry = BackendRegistry.standard()
        registry.registerRecordedBackend()
        let document: GeneratedContent = [
            "backends": [["name": "canned", "kind": "recorded", "outputs": [["text": "Your parcel arrives Friday."]]]],
            "route": ["canned"],
        ]
        let configuration = try GuidedConfiguration.from(document, registry: registry)
        let backend = try #require(configuration.routedBackends.first)
        #expect(backend.kind == "recorded")
        #expect(await backend.availability() == .available)
        let schema = try GenerationSchema.fromJSONSchema([
            "type": "object", "properties": ["text": ["type": "string", "maxLength": 30]], "required": ["text"],
        ]).schema
        let response = try await backend.respond(to: BackendRequest(prompt: "p", schema: schema))
        #expect(response.content["text"] == "Your parcel arrives Friday.")
        let strict = try GenerationSchema.fromJSONSchema([
            "type": "object", "properties": ["text": ["type": "string", "maxLength": 5]], "required": ["text"],
        ]).schema
        await #expect(throws: BackendError.self) {
            try await backend.respond(to: BackendRequest(prompt: "p", schema: strict))
        }
    }

    @Test func theStandardRegistryDoesNotKnowTheKind() {
        let document: GeneratedContent = ["backends": [["name": "canned", "kind": "recorded", "outputs": [1]]]]
        #expect(throws: ConfigurationError.self) { try GuidedConfiguration.from(document, registry: .standard()) }
    }

    @Test func aSessionRoutesToItAndItsStreamIsOneFinalEvent() async throws {
        var registry = BackendRegistry.standard()
        registry.registerRecordedBackend()
        let document: GeneratedContent = [
            "backends": [
                [
                    "name": "canned", "kind": "recorded",
                    "outputs": [["steps": ["a"]], ["text": "Your parcel arrives Friday."]],
                ]
            ]
        ]
        let configuration = try GuidedConfiguration.from(document, registry: registry)
        let schema = try GenerationSchema.fromJSONSchema([
            "type": "object", "properties": ["text": ["type": "string", "maxLength": 30]], "required": ["text"],
        ]).schema
        let outcome = try await LanguageModelSession(configuration: configuration).respond(
            to: GenerationRequest("p", schema: schema))
        #expect(outcome.value == ["text": "Your parcel arrives Friday."], "the output that meets the schema is served")
        #expect(outcome.isFromModel, "\(outcome.source)")

        let backend = try #require(configuration.routedBackends.first)
        var events: [BackendStreamEvent] = []
        for try await event in backend.streamResponse(to: BackendRequest(prompt: "p", schema: schema)) {
            events.append(event)
        }
        #expect(events.count == 1)
        guard case .complete(let response) = events.first else {
            Issue.record("the only event is not the final response: \(events)")
            return
        }
        #expect(response.content == ["text": "Your parcel arrives Friday."])
        #expect(try await backend.tokenCount(of: "twelve bytes").isEstimate)
    }
}
