import CanonicalSchemas
import Guided
import Synchronization
import Testing

/// Outcomes the router produces beyond plain success and failure: unsupported backends skipped,
/// requests over a backend's context, and streamed attempts that are discarded.
@Suite struct RouterOutcomeTests {
    static let request = RouterTests.request

    @Test func aBackendThatCannotExpressTheSamplingModeIsSkippedAsUnsupported() async {
        let noTopK = ScriptedBackend(
            "no-top-k",
            capabilities: .init(
                grammar: false, jsonSchema: true, greedy: true, topK: false, topP: true,
                seed: true, streaming: true, tokenCounting: false),
            answers: [.output(RouterTests.good)])
        let live = ScriptedBackend("live", answers: [.output(RouterTests.good)])
        var request = Self.request
        request.options = GenerationOptions(sampling: .random(top: 40, seed: 1))
        let result = await Router().route(request, through: [noTopK, live])
        #expect(result.attempts.map(\.outcomeCode) == ["unavailable:unsupported", "succeeded"])
        #expect(noTopK.respondCalls.withLock { $0 } == 0)
    }

    @Test func aBackendWithNoWayToEnforceASchemaIsSkippedForSchemaRequests() async {
        let textOnly = ScriptedBackend(
            "text-only",
            capabilities: .init(
                grammar: false, jsonSchema: false, greedy: true, topK: true, topP: true,
                seed: true, streaming: true, tokenCounting: false),
            answers: [.output("plain text")])
        let structured = await Router().route(Self.request, through: [textOnly])
        #expect(structured.attempts.map(\.outcomeCode) == ["unavailable:unsupported"])
        #expect(structured.failureReason?.code == .unsupportedGenerationGuide, "every skip was for the schema")
        let freeText = await Router().route(BackendRequest(prompt: "Say hello"), through: [textOnly])
        #expect(freeText.content == "plain text")
    }

    @Test func aRequestOverABackendsContextIsOverBudgetAndTheNextBackendServes() async {
        let small = ScriptedBackend("small", answers: [.failure(.contextExceeded)])
        let live = ScriptedBackend("live", answers: [.output(RouterTests.good)])
        let router = Router(policy: RoutePolicy(attemptsPerBackend: 3))
        let result = await router.route(Self.request, through: [small, live])
        #expect(result.attempts.map(\.outcomeCode) == ["overBudget", "succeeded"])
        #expect(small.respondCalls.withLock { $0 } == 1)
        let nowhere = await router.route(Self.request, through: [small])
        #expect(nowhere.failureReason?.code == .contextExceeded)
    }

    @Test func aStreamedAttemptThatFailsIsDiscardedBeforeTheNextOneStreams() async {
        let broken = ScriptedBackend("broken", answers: [.output(["steps": ["only one"]])])
        let live = ScriptedBackend("live", answers: [.output(RouterTests.good)])
        let events = Mutex<[String]>([])
        let result = await Router().route(Self.request, through: [broken, live]) { progress in
            switch progress {
            case .partial(let backend, let text): events.withLock { $0.append("\(backend): \(text)") }
            case .discarded(let attempt): events.withLock { $0.append("discarded \(attempt.outcomeCode)") }
            }
        }
        #expect(result.backend == "live")
        #expect(events.withLock { $0 } == ["broken: {", "discarded failed:invalidOutput", "live: {"])
    }
}
