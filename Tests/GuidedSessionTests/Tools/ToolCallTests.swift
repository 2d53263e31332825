import CanonicalSchemas
import Guided
import Synchronization
import Testing

/// A session with tools: the model chooses a tool under a grammar of the declared tools'
/// schemas, the app's function runs, its result becomes a fact of the answer; arguments that
/// break their schema never reach the function, a throwing tool is reported to the model, calls
/// stop at the limit and the deadline, and the calling mode decides whether the model may,
/// must or must not call.
@Suite struct ToolCallTests {
    static let call = #"{"tool":"day_of_week","arguments":{"date":"2031-03-01"}}"#
    static let none = #"{"tool":"none"}"#
    static let answer = "1 March 2031 is a Saturday."

    static func session(
        _ backend: ToolScriptBackend, _ tool: DayOfWeekTool, maximumToolCalls: Int = 3,
        deadline: Duration = .seconds(60)
    ) -> LanguageModelSession {
        LanguageModelSession(
            tools: [tool], maximumToolCalls: maximumToolCalls,
            configuration: GuidedConfiguration(backends: [backend]),
            router: Router(policy: RoutePolicy(deadline: deadline)))
    }

    /// Calls once, then answers.
    static let callThenAnswer: @Sendable (BackendRequest, Int) -> String = { request, choice in
        ToolScriptBackend.isChoice(request) ? (choice == 0 ? call : none) : answer
    }

    @Test func theToolsResultIsAFactOfTheAnswer() async throws {
        let backend = ToolScriptBackend(script: Self.callThenAnswer)
        let tool = DayOfWeekTool()
        let outcome = try await Self.session(backend, tool).respond(to: "What weekday is 1 March 2031?")
        #expect(outcome.value == Self.answer)
        #expect(tool.calls.all == ["2031-03-01"])
        #expect(
            outcome.toolCalls == [
                ToolCall(toolName: "day_of_week", arguments: ["date": "2031-03-01"], result: .returned("Saturday"))
            ])
        #expect(backend.choices.count == 2, "asked again after the call, and the model needed no more")
        #expect(backend.choices[1].grounding == [#"day_of_week({"date":"2031-03-01"}) returned: Saturday"#])
        #expect(backend.answers.map(\.grounding) == [[#"day_of_week({"date":"2031-03-01"}) returned: Saturday"#]])
        #expect(backend.answers.first?.schema == nil, "the answer is free text, as asked")
    }

    @Test func theChoiceAdmitsOnlyADeclaredToolWithArgumentsItsSchemaTakes() async throws {
        let backend = ToolScriptBackend(script: Self.callThenAnswer)
        _ = try await Self.session(backend, DayOfWeekTool()).respond(to: "What weekday is 1 March 2031?")
        let schema = try #require(backend.choices.first?.schema)
        #expect(schema.violations(of: ["tool": "day_of_week", "arguments": ["date": "2031-03-01"]]).isEmpty)
        #expect(schema.violations(of: ["tool": "none"]).isEmpty)
        #expect(!schema.violations(of: ["tool": "weather", "arguments": ["date": "2031-03-01"]]).isEmpty)
        #expect(!schema.violations(of: ["tool": "day_of_week", "arguments": ["date": "March"]]).isEmpty)
        #expect(!schema.violations(of: ["tool": "day_of_week"]).isEmpty)
    }

    /// A backend that constrains loosely (JSON Schema, no grammar) writes arguments the schema
    /// refuses: they are rejected like any invalid output and never reach the tool; the request
    /// is answered without it.
    @Test func argumentsThatBreakTheirSchemaNeverReachTheTool() async throws {
        let backend = ToolScriptBackend(capabilities: BackendCapabilities(jsonSchema: true)) { request, _ in
            ToolScriptBackend.isChoice(request) ? #"{"tool":"day_of_week","arguments":{"date":5}}"# : Self.answer
        }
        let tool = DayOfWeekTool()
        let outcome = try await Self.session(backend, tool).respond(to: "What weekday is 1 March 2031?")
        #expect(tool.calls.all.isEmpty)
        #expect(outcome.toolCalls.isEmpty)
        #expect(outcome.value == Self.answer)
        #expect(
            outcome.attempts.contains { $0.outcomeCode == "failed:invalidOutput" },
            "\(outcome.attempts.map(\.outcomeCode))")
    }

    @Test func aThrowingToolIsReportedToTheModelAndTheAnswerShips() async throws {
        let backend = ToolScriptBackend(script: Self.callThenAnswer)
        var tool = DayOfWeekTool()
        tool.fails = true
        let outcome = try await Self.session(backend, tool).respond(to: "What weekday is 1 March 2031?")
        #expect(outcome.toolCalls.map(\.result) == [.threw("the calendar service is down")])
        #expect(
            backend.answers.first?.grounding
                == [#"day_of_week({"date":"2031-03-01"}) failed: the calendar service is down"#])
        #expect(outcome.isFromModel)
    }

    @Test func aModelThatKeepsCallingIsStoppedAtTheLimitAndAnswers() async throws {
        let backend = ToolScriptBackend { request, choice in
            ToolScriptBackend.isChoice(request)
                ? #"{"tool":"day_of_week","arguments":{"date":"2031-03-0\#(choice + 1)"}}"# : Self.answer
        }
        let tool = DayOfWeekTool()
        let outcome = try await Self.session(backend, tool, maximumToolCalls: 2)
            .respond(to: "What weekday is 1 March 2031?")
        #expect(tool.calls.all.count == 2)
        #expect(backend.choices.count == 2)
        #expect(outcome.toolCalls.count == 2 && outcome.value == Self.answer)
    }

    /// A call the model has made already is not made again: its result is among the facts.
    @Test func aRepeatedCallEndsTheChoicesAndTheAnswerShips() async throws {
        let backend = ToolScriptBackend { request, _ in ToolScriptBackend.isChoice(request) ? Self.call : Self.answer }
        let tool = DayOfWeekTool()
        let outcome = try await Self.session(backend, tool).respond(to: "What weekday is 1 March 2031?")
        #expect(tool.calls.all == ["2031-03-01"])
        #expect(backend.choices.count == 2)
        #expect(outcome.toolCalls.count == 1 && outcome.value == Self.answer)
    }

    /// `required`: the first choice has no `none`; the next may answer.
    @Test func requiredLeavesTheFirstChoiceNoWayButACall() async throws {
        let backend = ToolScriptBackend(script: Self.callThenAnswer)
        let tool = DayOfWeekTool()
        let options = GenerationOptions(toolCallingMode: .required)
        let outcome = try await Self.session(backend, tool)
            .respond(to: "Say hello.", options: options)
        let first = try #require(backend.choices.first?.schema)
        #expect(!first.violations(of: ["tool": "none"]).isEmpty)
        #expect(backend.choices.count == 2 && backend.choices[1].schema?.violations(of: ["tool": "none"]) == [])
        #expect(outcome.toolCalls.count == 1)
    }

    /// Options out of range are refused before any tool runs, as without tools.
    @Test func optionsOutOfRangeAreRefusedBeforeAnyChoice() async throws {
        let backend = ToolScriptBackend(script: Self.callThenAnswer)
        let tool = DayOfWeekTool()
        do {
            _ = try await Self.session(backend, tool)
                .respond(to: "What weekday is 1 March 2031?", options: GenerationOptions(temperature: 5))
            Issue.record("a temperature of 5 was accepted")
        } catch {
            #expect(error.reason.code == .invalidOptions)
        }
        #expect(backend.requests.withLock { $0 }.isEmpty && tool.calls.all.isEmpty)
    }

    @Test func disallowedAsksNoChoice() async throws {
        let backend = ToolScriptBackend(script: Self.callThenAnswer)
        let tool = DayOfWeekTool()
        let outcome = try await Self.session(backend, tool)
            .respond(to: "What weekday is 1 March 2031?", options: GenerationOptions(toolCallingMode: .disallowed))
        #expect(backend.choices.isEmpty && tool.calls.all.isEmpty)
        #expect(outcome.toolCalls.isEmpty && outcome.value == Self.answer)
    }

    /// A typed answer is generated and decoded as always, its facts including the tool's result.
    @Test func aTypedAnswerIsGeneratedFromTheToolsResult() async throws {
        let backend = ToolScriptBackend { request, choice in
            ToolScriptBackend.isChoice(request)
                ? (choice == 0 ? Self.call : Self.none) : #"{"text":"It is a Saturday."}"#
        }
        let session = Self.session(backend, DayOfWeekTool())
        var policy = OutputPolicy<RewrittenNotification>(fallback: { _ in RewrittenNotification(text: "Soon.") })
        policy.defaultChecks = false
        try session.register(RewrittenNotification.self, policy: policy)
        let outcome = try await session.respond(to: "When is 1 March 2031?", generating: RewrittenNotification.self)
        #expect(outcome.value.text == "It is a Saturday.", "\(outcome.source) \(outcome.attempts)")
        #expect(outcome.toolCalls.count == 1)
        #expect(backend.answers.first?.grounding.count == 1)
    }

    @Test(arguments: [
        ("has space", "the tool name \"has space\" is not allowed"), ("none", "the tool name \"none\" is not allowed"),
    ])
    func aToolWithABadNameEndsTheRequestAsAnInvalidDeclaration(name: String, message: String) async throws {
        let backend = ToolScriptBackend(script: Self.callThenAnswer)
        let tool = DynamicTool(name: name, description: "x", parameters: DayOfWeekTool.Arguments.generationSchema) {
            _ in "x"
        }
        let session = LanguageModelSession(tools: [tool], configuration: GuidedConfiguration(backends: [backend]))
        do {
            _ = try await session.respond(to: "Hello")
            Issue.record("a bad tool name was accepted")
        } catch {
            #expect(error.reason.code == .invalidDeclaration)
            #expect(error.reason.message.hasPrefix(message), "\(error.reason.message)")
        }
        #expect(backend.requests.withLock { $0 }.isEmpty, "nothing was sent")
    }
}
