import Foundation
import GuidedGrammar
import GuidedSchema
import GuidedTestTraits
import Testing

/// Checks each translated grammar against V8's verdicts (the GuidedSchema test fixture).
@Suite(.ownThreads) struct RegexGrammarV8Tests {
    struct Case: Decodable {
        var pattern: String
        var input: String
        var matches: Bool
    }

    @Test func grammarAgreesWithV8() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("GuidedSchemaTests/Fixtures/v8-differential.jsonl")
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
        var translated: [String: TranslatedPattern] = [:]
        var checked = 0
        for line in lines {
            let testCase = try JSONDecoder().decode(Case.self, from: Data(line.utf8))
            let grammar = try translated[testCase.pattern] ?? TranslatedPattern(testCase.pattern)
            translated[testCase.pattern] = grammar
            let accepted = try grammar.accepts(testCase.input)
            #expect(accepted == testCase.matches, "/\(testCase.pattern)/ on \(testCase.input.debugDescription)")
            checked += 1
        }
        #expect(checked == 4031)
    }
}
