import Guided
import GuidedJSON
import Testing

/// Which adapter a request asks its backend for: the one its type's schema names, unless the
/// configuration says otherwise for the type or the request brings its own worked examples (which
/// ask for the base model shown those examples). The attempt that ships says which adapter
/// generated the output.
@Suite struct AdapterSelectionTests {
    struct Adapted: Generable {
        static let configuration = GenerableConfiguration(
            examples: [
                Example(
                    "Suggest two steps.", grounding: ["Goal: read more"],
                    output: ["steps": ["Visit the library", "Pick a short novel"]])
            ],
            adapter: "next-steps")
        @Guide(description: "Two next steps", .count(2))
        var steps: [String] = []
    }

    static let answer: GeneratedContent = ["steps": ["Find a pool near your home", "Book a beginner swim lesson"]]

    /// A recording backend that has every adapter it is asked for, as a llama-server with it
    /// loaded would: the response says it applied the request's adapter.
    final class AdaptedBackend: LanguageModelBackend {
        let recording = RecordingBackend(answers: [AdapterSelectionTests.answer])
        var name: String { recording.name }
        var kind: String { recording.kind }
        var capabilities: BackendCapabilities { recording.capabilities }
        func availability() async -> BackendAvailability { .available }
        func respond(to request: BackendRequest) async throws(BackendError) -> BackendResponse {
            var response = try await recording.respond(to: request)
            response.adapter = request.adapter
            return response
        }
        func streamResponse(to request: BackendRequest) -> AsyncThrowingStream<BackendStreamEvent, any Error> {
            BackendStreaming.stream(backend: name) { _ in try await self.respond(to: request) }
        }
        func tokenCount(of text: String) async throws(BackendError) -> TokenCount { .estimate(of: text) }
        func contextSize() async throws(BackendError) -> Int { 4096 }
    }

    static func session(_ backend: any LanguageModelBackend, outputs: [String: OutputOverrides] = [:])
        -> LanguageModelSession
    {
        LanguageModelSession(configuration: GuidedConfiguration(backends: [backend], outputs: outputs))
    }

    @Test func aTypeIsServedWithItsSchemasAdapterAndItsExamplesTravelForBackendsWithoutIt() async throws {
        let backend = AdaptedBackend()
        let outcome = try await Self.session(backend).respond(to: "Suggest two steps.", generating: Adapted.self)
        let sent = try #require(backend.recording.sent.first)
        #expect(sent.adapter == "next-steps")
        #expect(sent.examples == Adapted.configuration.examples.map(\.backendExample))
        #expect(outcome.attempts.map(\.adapter) == ["next-steps"])
    }

    @Test func aRequestThatBringsItsOwnExamplesIsServedWithoutTheAdapter() async throws {
        let backend = AdaptedBackend()
        let own = Example<Adapted>(
            "Suggest two steps.", grounding: ["Goal: cook more"],
            output: Adapted(steps: ["Plan two meals", "Buy rice"]))
        let outcome = try await Self.session(backend).respond(
            to: GenerationRequest<Adapted>("Suggest two steps.", examples: [own]))
        #expect(backend.recording.sent.first?.adapter == nil)
        #expect(outcome.attempts.map(\.adapter) == [nil])
    }

    @Test func theConfigurationTurnsATypesAdapterOffOrNamesAnother() async throws {
        for (setting, expected) in [(AdapterSetting.off, nil), (.named("captions"), ModelAdapter("captions"))] {
            let backend = AdaptedBackend()
            let outputs = ["Adapted": OutputOverrides(adapter: setting)]
            _ = try await Self.session(backend, outputs: outputs).respond(
                to: "Suggest two steps.", generating: Adapted.self)
            #expect(backend.recording.sent.first?.adapter == expected, "\(setting)")
        }
    }

    @Test func configuredExamplesAlsoAskForTheBaseModel() async throws {
        let backend = AdaptedBackend()
        let examples = ExamplesSetting.inline(
            [Example("Suggest two steps.", output: ["steps": ["Plan two meals", "Buy rice"]])])
        _ = try await Self.session(backend, outputs: ["Adapted": OutputOverrides(examples: examples)]).respond(
            to: "Suggest two steps.", generating: Adapted.self)
        #expect(backend.recording.sent.first?.adapter == nil)
    }

    @Test func freeTextAndTypesWithoutAnAdapterAskForNone() async throws {
        let backend = AdaptedBackend()
        let session = Self.session(backend)
        _ = try? await session.respond(to: "Say hello.")
        let freeText = backend.recording.sent.count
        _ = try? await session.respond(to: "Suggest three next steps.", generating: StepsWithoutAdapter.self)
        let sent = backend.recording.sent
        #expect(freeText >= 1 && sent.count > freeText)
        #expect(sent.allSatisfy { $0.adapter == nil })
    }

    struct StepsWithoutAdapter: Generable {
        @Guide(description: "Two next steps", .count(2))
        var steps: [String] = []
    }
}
