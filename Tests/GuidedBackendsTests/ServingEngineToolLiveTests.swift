import Foundation
import Guided
import GuidedJSON
import GuidedTestSupport
import GuidedTestTraits
import Synchronization
import Testing

/// A tool call on a real vLLM (CPU, Gemma 3 270M, started by `scripts/test-engines`): the
/// choice goes out under Guided's grammar as `structured_outputs.grammar`, so even a base model
/// that follows no instruction can only call a declared tool with arguments its schema admits.
@Suite(.enabled(if: ServingEngine.url != nil, ServingEngine.notStarted), .ownThreads)
struct ServingEngineToolLiveTests {
    @Test func aRequiredCallOnVLLMIsADeclaredToolWithArgumentsItsSchemaAdmits() async throws {
        let parameters = try GenerationSchema.fromJSONSchema(
            try JSONReader.parse(
                #"""
                {"type":"object","properties":{"date":{"type":"string","pattern":"^[0-9]{4}-[0-9]{2}-[0-9]{2}$"}},
                 "required":["date"],"additionalProperties":false}
                """#)
        ).schema
        let received = Mutex<[GeneratedContent]>([])
        let tool = DynamicTool(name: "day_of_week", description: "Gives the weekday of a date.", parameters: parameters)
        {
            arguments in
            received.withLock { $0.append(arguments) }
            return "Saturday"
        }
        let engine = ServingEngineLiveTests.engine()
        let session = LanguageModelSession(
            tools: [tool], maximumToolCalls: 1, configuration: GuidedConfiguration(backends: [engine]),
            router: Router(policy: RoutePolicy(deadline: .seconds(300))))
        let options = GenerationOptions(sampling: .greedy, maximumResponseTokens: 40, toolCallingMode: .required)
        let outcome = try await session.respond(
            to: GenerationRequest("What weekday is 1 March 2031?", options: options, fallback: "No answer."))
        let call = try #require(outcome.toolCalls.first, "\(outcome.attempts)")
        #expect(call.toolName == "day_of_week" && call.result == .returned("Saturday"))
        let date = try #require(call.arguments["date"]?.stringValue)
        #expect(date.wholeMatch(of: /[0-9]{4}-[0-9]{2}-[0-9]{2}/) != nil, "\(date)")
        #expect(received.withLock { $0 } == [call.arguments], "the tool got exactly what the grammar admitted")
        let choice = try #require(outcome.attempts.first)
        #expect(choice.outcomeCode == "succeeded" && choice.constraint == "structured_outputs.grammar")
    }
}
