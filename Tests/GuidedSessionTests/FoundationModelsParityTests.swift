import CanonicalSchemas
import Guided
import Synchronization
import Testing

/// Foundation Models 27's numbers and errors, as a session reports them: an outcome's usage
/// and the session's running total, a request over every context with both numbers, a schema
/// no backend can enforce (`unsupportedGenerationGuide`), and the raw output of a request whose
/// every output failed to parse.
@Suite struct FoundationModelsParityTests {
    @Test func anOutcomeCountsItsToolChoicesAndItsAnswerAndTheSessionAddsThemUp() async throws {
        let backend = ToolScriptBackend(script: ToolCallTests.callThenAnswer)
        let session = ToolCallTests.session(backend, DayOfWeekTool())
        let outcome = try await session.respond(to: "What weekday is 1 March 2031?")
        // Two choices (the call, then none) and the answer: 50 read, 40 cached, 10 written each.
        let three = GenerationUsage(
            input: GenerationUsage.Input(totalTokenCount: 150, cachedTokenCount: 120),
            output: GenerationUsage.Output(totalTokenCount: 30))
        #expect(outcome.usage == three)
        #expect(session.usage == three)
        _ = try await session.respond(to: "Thanks!", options: GenerationOptions(toolCallingMode: .disallowed))
        #expect(session.usage.input.totalTokenCount == 200 && session.usage.output.totalTokenCount == 40)
    }

    @Test func aRequestOverEveryContextSaysHowFarOver() async throws {
        let session = LanguageModelSession(configuration: GuidedConfiguration(backends: [SmallContextBackend()]))
        let error = try #require(
            await #expect(throws: GenerationError.self) {
                try await session.respond(
                    to: String(repeating: "word ", count: 100), options: GenerationOptions(maximumResponseTokens: 20))
            })
        #expect(error.reason.code == .contextExceeded)
        let overflow = try #require(error.reason.contextOverflow)
        #expect(overflow.contextSize == 64 && overflow.tokenCount > 64)
    }

    @Test func aSchemaNoBackendCanEnforceIsAnUnsupportedGuide() async throws {
        let plain = ToolScriptBackend(capabilities: BackendCapabilities(greedy: true)) { _, _ in "{}" }
        let session = LanguageModelSession(configuration: GuidedConfiguration(backends: [plain]))
        let error = try #require(
            await #expect(throws: GenerationError.self) {
                try await session.respond(to: "Goal: swim", generating: StepSuggestions.self)
            })
        #expect(error.reason.code == .unsupportedGenerationGuide)
        #expect(error.message.contains("scripted: it cannot constrain output to a schema"))
        #expect(plain.requests.withLock { $0.isEmpty })
    }

    @Test func aGrammarTheServerRefusesIsAnUnsupportedGuideTriedOnce() async throws {
        let refusing = RefusingBackend()
        let session = LanguageModelSession(configuration: GuidedConfiguration(backends: [refusing]))
        let error = try #require(
            await #expect(throws: GenerationError.self) {
                try await session.respond(to: "Goal: swim", generating: StepSuggestions.self)
            })
        #expect(error.reason.code == .unsupportedGenerationGuide)
        #expect(error.message.contains("refusing: failed to parse grammar"))
        #expect(refusing.calls.withLock { $0 } == 1, "the same grammar would be refused again")
    }

    @Test func everyOutputFailingToParseLeavesTheLastRawOutput() async throws {
        let chatty = ToolScriptBackend(capabilities: BackendCapabilities(jsonSchema: true)) { _, _ in
            "Sure! Here are three steps: swim, float, dive."
        }
        let session = LanguageModelSession(configuration: GuidedConfiguration(backends: [chatty]))
        let error = try #require(
            await #expect(throws: GenerationError.self) {
                try await session.respond(to: "Goal: swim", generating: StepSuggestions.self)
            })
        #expect(error.reason.code == .allBackendsFailed)
        #expect(error.rawOutput == "Sure! Here are three steps: swim, float, dive.")
    }
}

/// A backend whose server refuses every grammar, counting the requests.
private final class RefusingBackend: LanguageModelBackend {
    let name = "refusing"
    let kind = "test"
    let capabilities = BackendCapabilities(grammar: true)
    let calls = Mutex(0)

    func respond(to request: BackendRequest) async throws(BackendError) -> BackendResponse {
        calls.withLock { $0 += 1 }
        throw BackendError(.grammarRejected, backend: name, "failed to parse grammar")
    }

    func contextSize() async throws(BackendError) -> Int { 4096 }
}

/// A backend whose model holds 64 tokens, checked as every server backend checks.
private struct SmallContextBackend: LanguageModelBackend {
    let name = "small"
    let kind = "test"
    let capabilities = BackendCapabilities(grammar: true)

    func respond(to request: BackendRequest) async throws(BackendError) -> BackendResponse {
        try ContextBudget.check(
            prompt: .estimate(of: CompletionPrompt.render(request)),
            response: request.options.maximumResponseTokens ?? 512, context: 64, backend: name)
        return try BackendResponse(validating: "Hello.", for: request, backend: name)
    }

    func contextSize() async throws(BackendError) -> Int { 64 }
}
