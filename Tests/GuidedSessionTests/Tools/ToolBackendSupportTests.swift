import Guided
import Synchronization
import Testing

/// A backend that cannot hold a call to a declared tool (neither a grammar nor JSON Schema) is
/// skipped for the choice with that reason: the request is answered without tools when they
/// are allowed, and ends with the reason when a call is required. A route that has such a
/// backend before one that can uses the one that can.
@Suite struct ToolBackendSupportTests {
    static let plain = BackendCapabilities(greedy: true)

    @Test func aBackendThatCannotCallToolsIsSkippedWithTheReasonAndAnswers() async throws {
        let backend = ToolScriptBackend(capabilities: Self.plain, script: ToolCallTests.callThenAnswer)
        let tool = DayOfWeekTool()
        let outcome = try await ToolCallTests.session(backend, tool).respond(to: "What weekday is 1 March 2031?")
        #expect(outcome.isFromModel && outcome.value == ToolCallTests.answer)
        #expect(outcome.toolCalls.isEmpty && tool.calls.all.isEmpty && backend.choices.isEmpty)
        let skipped = try #require(outcome.attempts.first)
        #expect(skipped.outcomeCode == "unavailable:unsupported")
        guard case .unavailable(let reason) = skipped.outcome else { return }
        #expect(reason.message.hasPrefix("it cannot call tools"))
    }

    @Test func requiredOnABackendThatCannotCallToolsEndsWithTheReason() async throws {
        let backend = ToolScriptBackend(capabilities: Self.plain, script: ToolCallTests.callThenAnswer)
        let session = ToolCallTests.session(backend, DayOfWeekTool())
        let error = try #require(
            await #expect(throws: GenerationError.self) {
                try await session.respond(
                    to: "What weekday is 1 March 2031?", options: GenerationOptions(toolCallingMode: .required))
            })
        #expect(error.reason.code == .noBackendAvailable)
        #expect(error.message.contains("requires a tool call") && error.message.contains("it cannot call tools"))
        #expect(backend.requests.withLock { $0.isEmpty }, "no answer is generated in its place")
    }

    @Test func aRouteUsesTheBackendThatCanCallTools() async throws {
        let plain = ToolScriptBackend(name: "plain", capabilities: Self.plain, script: ToolCallTests.callThenAnswer)
        let able = ToolScriptBackend(name: "able", script: ToolCallTests.callThenAnswer)
        let tool = DayOfWeekTool()
        let session = LanguageModelSession(
            tools: [tool], configuration: GuidedConfiguration(backends: [plain, able]),
            router: Router(policy: RoutePolicy(deadline: .seconds(60))))
        let outcome = try await session.respond(to: "What weekday is 1 March 2031?")
        #expect(tool.calls.all == ["2031-03-01"] && able.choices.count == 2)
        #expect(outcome.attempts.first.map { "\($0.backend) \($0.outcomeCode)" } == "plain unavailable:unsupported")
    }
}
