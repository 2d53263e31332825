import Foundation
import GuidedTestSupport
import GuidedTestTraits
import Testing

/// `examples/Tools` on the embedded model: what the README says the model does with tools, it
/// does — it calls the tool a question needs, with the arguments the question gives, answers from
/// the result, and calls none for a question no tool serves.
@Suite(.ownThreads) struct ToolsExampleTests {
    /// The lines of `output` for the question that starts `question`, up to the next one.
    static func block(_ output: String, _ question: String) -> String {
        output.components(separatedBy: "Q: ").first { $0.hasPrefix(question) } ?? ""
    }

    @Test(.liveModel) func theModelCallsTheToolsTheQuestionsNeedAndAnswersFromThem() throws {
        let path = try #require(GuidedCommandTests.builtProduct("tools"), "tools is not built")
        let run = try ExecutableRun.run(path, [], directory: GuidedCommandTests.repository, timeout: .seconds(540))
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
        let weekday = Self.block(run.stdout, "What day of the week")
        #expect(weekday.contains(#"called day_of_week({"date":"2031-03-01"}) returned: Saturday"#), "\(run.stdout)")
        #expect(weekday.contains("A: ") && weekday.components(separatedBy: "A: ").last?.contains("Saturday") == true)
        let phone = Self.block(run.stdout, "What is Grace Hopper")
        #expect(phone.contains(#"called phone_number({"name":"Grace Hopper"}) returned: +1 202 555 0143"#))
        #expect(phone.components(separatedBy: "A: ").last?.contains("555 0143") == true, "\(run.stdout)")
        let hello = Self.block(run.stdout, "Say hello")
        #expect(!hello.isEmpty && !hello.contains("called"), "no tool serves a greeting: \(run.stdout)")
        #expect(!run.stdout.contains("(no answer"), "\(run.stdout)")
    }

    /// `guided chat --demo-tools`: the model calls the calculator for a sum and the chat shows the
    /// call after the answer.
    @Test(.liveModel) func aChatWithDemoToolsShowsTheCalculatorCall() throws {
        let guided = try #require(GuidedCommandTests.builtProduct("guided"))
        let run = try ExecutableRun.run(
            guided, ["chat", "--demo-tools"], directory: GuidedCommandTests.repository,
            stdin: "What is 17.5 percent of 2340?\n", timeout: .seconds(300))
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
        let call = try #require(
            run.stdout.split(separator: "\n").first { $0.hasPrefix("[tool: calculator(") }, "\(run.stdout)")
        #expect(call.hasSuffix("returned: 409.5]"), "\(call)")
        #expect(run.stdout.contains("409.5"), "\(run.stdout)")
    }
}
