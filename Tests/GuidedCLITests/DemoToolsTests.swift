import Testing

@testable import guided

/// The tools `guided chat --demo-tools` offers: the calculator evaluates what it is given or
/// says why it cannot, and the date tool names today.
@Suite struct DemoToolsTests {
    static func evaluate(_ expression: String) async throws -> String {
        var arguments = DemoTools.Calculator.Arguments()
        arguments.expression = expression
        return try await DemoTools.Calculator().call(arguments: arguments)
    }

    @Test(arguments: [
        ("(17.5 / 100) * 2340", "409.5"), ("2+2*3", "8"), ("-(4 - 10) / 4", "1.5"), ("1 - 2 - 3", "-4"),
        ("7", "7"), ("0.1 * 3", "0.30000000000000004"),
    ])
    func theCalculatorEvaluatesArithmetic(expression: String, result: String) async throws {
        #expect(try await Self.evaluate(expression) == result)
    }

    @Test(arguments: ["", "2 +", "(1", "2 3", "abc", "1/0", String(repeating: "(", count: 60) + "1"])
    func anExpressionItCannotEvaluateThrowsSayingWhy(expression: String) async throws {
        await #expect(throws: DemoTools.Calculator.Unreadable.self) { try await Self.evaluate(expression) }
    }

    @Test func theDateToolNamesAWeekdayAndAYear() async throws {
        let today = try await DemoTools.CurrentDate().call(arguments: DemoTools.CurrentDate.Arguments())
        let weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
        #expect(weekdays.contains { today.hasPrefix($0 + ", ") }, "\(today)")
        #expect(today.contains(" 20"), "\(today)")
    }
}
