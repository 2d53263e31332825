import CanonicalSchemas
import Guided
import Testing

/// The transcript shows each call between the prompt and its answer — the tool, the arguments
/// the model wrote, what came back — and later turns show the model that call again as the
/// answer read it, in both prompt styles (`TranscriptWindowTests` drops a call with its exchange).
@Suite struct ToolTranscriptTests {
    static let fact = #"day_of_week({"date":"2031-03-01"}) returned: Saturday"#
    static let call = ToolCall(
        toolName: "day_of_week", arguments: ["date": "2031-03-01"], result: .returned("Saturday"))

    @Test func theTranscriptShowsTheCallBetweenThePromptAndItsAnswer() async throws {
        let backend = ToolScriptBackend(script: ToolCallTests.callThenAnswer)
        let session = ToolCallTests.session(backend, DayOfWeekTool())
        _ = try await session.respond(to: "What weekday is 1 March 2031?")
        #expect(
            session.transcript == [
                TranscriptEntry(.user, "What weekday is 1 March 2031?"), TranscriptEntry(Self.call),
                TranscriptEntry(.model, ToolCallTests.answer),
            ])
        let entry = session.transcript[1]
        #expect(entry.role == .tool && entry.text == Self.fact && entry.toolCall?.toolName == "day_of_week")
        #expect(entry.toolCall?.arguments == ["date": "2031-03-01"] && entry.toolCall?.result == .returned("Saturday"))
    }

    @Test func theNextTurnShowsTheModelTheCallAsItsAnswerReadIt() async throws {
        let backend = ToolScriptBackend(script: ToolCallTests.callThenAnswer)
        let session = ToolCallTests.session(backend, DayOfWeekTool())
        _ = try await session.respond(to: "What weekday is 1 March 2031?")
        _ = try await session.respond(
            to: "And the day after?", options: GenerationOptions(toolCallingMode: .disallowed))
        let next = try #require(backend.answers.last)
        #expect(next.transcript.map(\.role) == [.user, .tool, .model])
        #expect(next.grounding.isEmpty, "the call is the earlier exchange's, not this request's")
        let completion = CompletionPrompt.render(next)
        #expect(
            completion.contains(
                "Facts:\n- \(Self.fact)\nInput: What weekday is 1 March 2031?\nOutput: \(ToolCallTests.answer)"))
        let chat = ChatPrompt.messages(next)
        #expect(
            chat.map(\.role) == [.user, .assistant, .user],
            "the call is in the earlier user turn, not a turn of its own")
        #expect(chat[0].content == "Facts:\n- \(Self.fact)\n\nWhat weekday is 1 March 2031?")
        #expect(chat[1].content == ToolCallTests.answer)
    }

    @Test func aStructuredRequestStandsAloneAndKeepsNoCall() async throws {
        let backend = ToolScriptBackend(script: { request, choice in
            ToolScriptBackend.isChoice(request)
                ? (choice == 0 ? ToolCallTests.call : ToolCallTests.none) : #"{"text":"It is a Saturday."}"#
        })
        let session = ToolCallTests.session(backend, DayOfWeekTool())
        var policy = OutputPolicy<RewrittenNotification>(fallback: { _ in RewrittenNotification(text: "Soon.") })
        policy.defaultChecks = false
        try session.register(RewrittenNotification.self, policy: policy)
        let outcome = try await session.respond(
            to: "When is 1 March 2031?", generating: RewrittenNotification.self)
        #expect(outcome.toolCalls.count == 1 && session.transcript.isEmpty)
    }
}
