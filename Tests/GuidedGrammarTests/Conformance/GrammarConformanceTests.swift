import GuidedConformance
import GuidedGrammar
import GuidedJSON
import GuidedSchema
import GuidedTestTraits
import Testing

/// The grammar admits exactly the valid instances: JSON-Schema-Test-Suite and llama.cpp's own
/// accept/reject strings, through our matcher. Valid instances may be rejected only under a
/// documented policy (closed objects, number spelling, canonical escapes) and then their
/// canonical spelling must not be the reason; invalid ones may be accepted only when the
/// broken keyword is reported as checked after generation.
@Suite(.ownThreads) struct GrammarConformanceTests {
    @Test func grammarsAdmitExactlyTheValidInstances() throws {
        let records = try Fixtures.records("grammar-conformance.jsonl")
        var scorer = GrammarConformanceScorer()
        var counts: [GrammarConformanceScorer.Outcome: Int] = [:]
        var bugs: [String] = []
        for record in records {
            let outcome = scorer.score(
                schema: record["schema"]!, instance: record["instance_text"]!.stringValue!,
                valid: record["valid"]!.boolValue!)
            counts[outcome, default: 0] += 1
            if outcome == .validRejected || outcome == .invalidAccepted {
                bugs.append(
                    "\(record["id"]!.stringValue!): \(outcome) \(record["instance_text"]!.stringValue!.prefix(80))")
            }
        }
        let covered = records.count - counts[.notCovered, default: 0]
        print("grammar conformance over \(records.count) instances (\(covered) with a compiled schema):")
        for (outcome, count) in counts.sorted(by: { "\($0.key)" < "\($1.key)" }) { print("  \(outcome): \(count)") }
        #expect(
            bugs.isEmpty,
            "\(bugs.count) instances break the grammar contract:\n\(bugs.prefix(40).joined(separator: "\n"))")
        #expect(
            covered * 100 >= records.count * 98,
            "only \(covered) of \(records.count) instances have a compiled schema (want ≥ 98%)")
    }
}

/// llama.cpp's own grammar checker gives the same verdict as our matcher on every conformance
/// instance, so the contract proven above holds for the grammar llama-server actually runs.
@Suite(.ownThreads) struct LlamaGrammarAgreementTests {
    @Test func llamaCppAgreesWithOurMatcherOnEveryInstance() throws {
        let checker = try LlamaGrammarChecker()
        let records = try Fixtures.records("grammar-conformance.jsonl")
        var scorer = GrammarConformanceScorer()
        var checked = 0
        var disagreements: [String] = []
        for record in records {
            guard let (_, compiled, grammar) = scorer.grammar(for: record["schema"]!) else { continue }
            let text = record["instance_text"]!.stringValue!
            let ours = grammar.accepts(text)
            let theirs = try checker.check(grammar: compiled.gbnf, input: text)
            checked += 1
            if theirs != (ours ? .accepted : .rejected) {
                disagreements.append(
                    "\(record["id"]!.stringValue!): ours \(ours ? "accepts" : "rejects"), llama.cpp \(theirs) for \(text.prefix(60))"
                )
            }
        }
        print(
            "llama.cpp test-gbnf-validator checked \(checked) conformance instances; \(disagreements.count) disagreements"
        )
        #expect(checked > 1300)
        #expect(disagreements.isEmpty, "\(disagreements.prefix(30).joined(separator: "\n"))")
    }
}
