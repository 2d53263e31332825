import GuidedConformance
import GuidedGrammar
import GuidedJSON
import GuidedSchema
import GuidedTestTraits
import Testing

/// The grammar contract over every instance of the whole JSON-Schema-Test-Suite (drafts
/// 2020-12, 7 and 4, required and optional; the fixture the validator is scored on): no
/// grammar accepts an instance that breaks a keyword its lowering report calls enforced.
/// Valid instances a grammar rejects are counted and printed, not asserted: the suite's
/// optional files and format semantics differ from the generation policies.
@Suite(.ownThreads) struct WholeSuiteGrammarContractTests {
    @Test func noGrammarAcceptsAnInstanceBreakingAnEnforcedKeyword() throws {
        let records = try Fixtures.records("../../GuidedSchemaTests/Fixtures/jsts-full.jsonl")
        var scorer = GrammarConformanceScorer()
        var counts: [GrammarConformanceScorer.Outcome: Int] = [:]
        var bugs: [String] = []
        for record in records {
            let text = record["instance_text"]!.stringValue!
            let outcome = scorer.score(
                schema: record["schema"]!, instance: text, valid: record["expected_valid"]!.boolValue!)
            counts[outcome, default: 0] += 1
            if outcome == .invalidAccepted { bugs.append("\(record["id"]!.stringValue!): \(text.prefix(80))") }
        }
        print("grammar contract over the whole JSON-Schema-Test-Suite, \(records.count) instances:")
        for (outcome, count) in counts.sorted(by: { "\($0.key)" < "\($1.key)" }) { print("  \(outcome): \(count)") }
        #expect(records.count == 4883)
        #expect(counts[.invalidRejected, default: 0] > 1000)
        #expect(
            bugs.isEmpty,
            "\(bugs.count) grammars accept an instance breaking an enforced keyword:\n\(bugs.prefix(40).joined(separator: "\n"))"
        )
    }
}
