import CanonicalSchemas
import Foundation
import Guided
import GuidedManagedServer
import GuidedTestTraits
import Testing

/// One broken adapter file made the embedded backend unavailable for every request: llama-server
/// exits when it cannot load an adapter. The managed backend now starts again without that one,
/// names it with its path, and serves everything else — the adapters it could load included. On
/// the real llama-server and Gemma 3 270M with its `next-steps` adapter (`scripts/setup-model`).
@Suite(.serialized, .liveModel) struct BrokenAdapterLiveTests {
    @Test func aBrokenAdapterIsLeftOutAloneWithItsPathAndTheRestServes() async throws {
        let gemma = try #require(ModelCatalogue.model(named: "gemma-3-270m"))
        let installed = ManagedServerLocator().adapters(configured: nil, for: gemma).adapters
        let nextSteps = try #require(
            installed.first { $0.name == "next-steps" }, "the next-steps adapter: run scripts/setup-model")
        let broken = NSTemporaryDirectory() + "guided-broken-adapter-\(getpid()).gguf"
        try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919) }).write(to: URL(fileURLWithPath: broken))
        defer { unlink(broken) }
        var settings = ManagedLlamaServerBackend.Settings()
        settings.model = "gemma-3-270m"
        settings.adapters = ["next-steps": nextSteps.file, "broken": broken]
        let backend = ManagedLlamaServerBackend(name: "embedded", settings: settings)
        defer { Task { await backend.shutdown() } }

        let availability = await backend.availability()
        #expect(availability == .available, "\(availability)")
        let leftOut = await backend.leftOutAdapters
        #expect(Array(leftOut.keys) == ["broken"])
        #expect(
            leftOut["broken"]?.hasPrefix("llama-server could not load the adapter \(broken) and exited") == true,
            "\(leftOut)")

        var request = BackendRequest(
            prompt: "Suggest three next steps toward this goal: learn to swim.",
            schema: StepSuggestions.generationSchema,
            options: GenerationOptions(sampling: .greedy, maximumResponseTokens: 80),
            grounding: ["Goal: learn to swim", "Journal: Floated on my back in the shallow end."])
        request.adapter = "next-steps"
        let response = try await backend.respond(to: request)
        #expect(response.adapter == "next-steps", "the adapter it could load is still applied")
        #expect(response.content["steps"]?.arrayValue?.count == 3)
    }
}
