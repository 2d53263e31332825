import Foundation
import Guided
import GuidedJSON
import GuidedOpenAI
import GuidedTestSupport
import GuidedTestTraits
import Testing

/// The OpenAI-compatible backend against a real vLLM (CPU, Gemma 3 270M), started by
/// `scripts/test-engines`: the dialect is detected, Guided's exact grammar is what constrains the
/// output, greedy and seeded sampling repeat, streaming grows, and an engine that is down or goes
/// silent falls through to the next backend.
@Suite(.enabled(if: ServingEngine.url != nil, ServingEngine.notStarted), .ownThreads)
struct ServingEngineLiveTests {
    static let repository = "/" + #filePath.split(separator: "/").dropLast(3).joined(separator: "/")

    static func steps() throws -> GenerationSchema {
        let bytes = try #require(FileBytes.read(repository + "/schemas/StepSuggestions.json"))
        return try GenerationSchema.fromJSONSchema(try JSONReader.parse(bytes: bytes)).schema
    }

    static func engine(name: String = "vllm", url: String? = ServingEngine.url, idleTimeout: Duration = .seconds(60))
        -> OpenAICompatibleBackend
    {
        OpenAICompatibleBackend(
            name: name, baseURL: url ?? "", model: ServingEngine.model, apiKeyVariable: nil, timeout: .seconds(180),
            idleTimeout: idleTimeout, api: .completions)
    }

    static func request(_ sampling: GenerationOptions.SamplingMode?) throws -> BackendRequest {
        BackendRequest(
            prompt: "Suggest three next steps toward this goal: meditate every day.",
            instructions: "Suggest three next steps toward the goal.", schema: try steps(),
            options: GenerationOptions(sampling: sampling, maximumResponseTokens: 160),
            grounding: ["Goal: meditate every day", "Journal: Sat quietly for five minutes after breakfast."])
    }

    /// Three steps of at most 100 characters: what the grammar allows, checked on the value.
    static func expectSteps(_ content: GeneratedContent, sourceLocation: SourceLocation = #_sourceLocation) {
        let steps = content["steps"]?.arrayValue ?? []
        #expect(steps.count == 3, "\(content.jsonText())", sourceLocation: sourceLocation)
        for step in steps {
            let text = step.stringValue ?? ""
            #expect(!text.isEmpty && text.count <= 100, "\(text)", sourceLocation: sourceLocation)
        }
    }

    @Test func vLLMIsDetectedAndItsOutputIsShapedByGuidedsGrammar() async throws {
        let engine = Self.engine()
        #expect(await engine.availability() == .available)
        #expect(engine.dialect == .vLLM)
        #expect(engine.capabilities.grammar)
        let request = try Self.request(.greedy)
        #expect(engine.constraintField(for: request) == "structured_outputs.grammar")
        let response = try await engine.respond(to: request)
        Self.expectSteps(response.content)
        #expect(response.stopReason == .endOfSequence)
    }

    @Test func greedyRepeatsAndASeedRepeats() async throws {
        let engine = Self.engine()
        _ = await engine.availability()
        let greedy = try Self.request(.greedy)
        let first = try await engine.respond(to: greedy)
        let second = try await engine.respond(to: greedy)
        #expect(first.text == second.text)
        let seeded = try Self.request(.random(probabilityThreshold: 0.95, seed: 11))
        let third = try await engine.respond(to: seeded)
        let fourth = try await engine.respond(to: seeded)
        #expect(third.text == fourth.text)
        Self.expectSteps(third.content)
    }

    @Test func streamingGivesGrowingSnapshotsThenTheValidatedSteps() async throws {
        let engine = Self.engine()
        _ = await engine.availability()
        let streamed = await collect(engine.streamResponse(to: try Self.request(.random(top: 40, seed: 3))))
        #expect(streamed.error == nil, "\(String(describing: streamed.error))")
        #expect(streamed.partials.count > 5)
        #expect(isGrowing(streamed.partials))
        let response = try #require(streamed.final)
        Self.expectSteps(response.content)
    }

    @Test func anEngineThatIsDownFallsThroughToTheNextBackend() async throws {
        let down = Self.engine(name: "down", url: try closedPortURL() + "/v1")
        let router = Router(policy: RoutePolicy(deadline: .seconds(120)))
        let result = await router.route(try Self.request(.greedy), through: [down, Self.engine()])
        guard case .success(let content, let response, let attempts) = result else {
            Issue.record("no output: \(result)")
            return
        }
        #expect(response.backend == "vllm")
        #expect(attempts.map(\.outcomeCode) == ["unavailable:unreachable", "succeeded"])
        Self.expectSteps(content)
    }

    @Test func anEngineThatGoesSilentFallsThroughWithinItsIdleTimeout() async throws {
        let silent = try StubHTTPServer()
        defer { silent.stop() }
        silent.route("GET", "/v1/models") { _ in
            .json(#"{"object":"list","data":[{"id":"gemma-3-270m","object":"model","owned_by":"vllm"}]}"#)
        }
        silent.route("POST", "/v1/completions") { _ in .hang }
        let stalled = Self.engine(name: "silent", url: silent.baseURL + "/v1", idleTimeout: .seconds(1))
        let router = Router(policy: RoutePolicy(deadline: .seconds(120)))
        let started = ContinuousClock.now
        let result = await router.route(try Self.request(.greedy), through: [stalled, Self.engine()])
        guard case .success(let content, let response, let attempts) = result else {
            Issue.record("no output: \(result)")
            return
        }
        #expect(response.backend == "vllm")
        #expect(attempts.map(\.outcomeCode) == ["failed:timeout", "succeeded"])
        #expect(attempts[0].milliseconds < 10_000, "the silent engine held the request \(attempts[0].milliseconds) ms")
        #expect(ContinuousClock.now - started < .seconds(120))
        Self.expectSteps(content)
    }
}
