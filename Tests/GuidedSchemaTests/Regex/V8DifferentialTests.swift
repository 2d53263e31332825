import Foundation
import GuidedPatterns
import GuidedSchema
import Testing

/// Compares `matches` with V8's verdicts (`RegExp(p, "u").test(s)`) recorded in a fixture.
@Suite struct V8DifferentialTests {
    struct Case: Decodable, Sendable {
        var pattern: String
        var input: String
        var matches: Bool
    }

    @Test func agreesWithV8() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/v8-differential.jsonl")
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
        var compiled: [String: RegexPattern] = [:]
        var disagreements = 0
        for line in lines {
            let testCase = try JSONDecoder().decode(Case.self, from: Data(line.utf8))
            let pattern = try compiled[testCase.pattern] ?? RegexPattern(testCase.pattern)
            compiled[testCase.pattern] = pattern
            if pattern.matches(testCase.input) != testCase.matches {
                disagreements += 1
                Issue.record("/\(testCase.pattern)/ on \(testCase.input.debugDescription): V8 says \(testCase.matches)")
            }
        }
        #expect(lines.count == 4031)
        #expect(disagreements == 0)
    }
}
