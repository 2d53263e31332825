import GuidedConformance
import GuidedGrammar
import GuidedJSON
import GuidedSchema
import Testing

/// The grammar admits exactly the valid instances: JSON-Schema-Test-Suite and llama.cpp's own
/// accept/reject strings, through our matcher. Valid instances may be rejected only under a
/// documented policy (closed objects, number spelling, canonical escapes) and then their
/// canonical spelling must not be the reason; invalid ones may be accepted only when the
/// broken keyword is reported as checked after generation.
@Suite struct GrammarConformanceTests {
    @Test func grammarsAdmitExactlyTheValidInstances() throws {
        let records = try Fixtures.records("grammar-conformance.jsonl")
        var scorer = GrammarConformanceScorer()
        var counts: [GrammarConformanceScorer.Outcome: Int] = [:]
        var bugs: [String] = []
        for record in records {
            let outcome = scorer.score(schema: record["schema"]!, instance: record["instance_text"]!.stringValue!, valid: record["valid"]!.boolValue!)
            counts[outcome, default: 0] += 1
            if outcome == .validRejected || outcome == .invalidAccepted {
                bugs.append("\(record["id"]!.stringValue!): \(outcome) \(record["instance_text"]!.stringValue!.prefix(80))")
            }
        }
        let covered = records.count - counts[.notCovered, default: 0]
        print("grammar conformance over \(records.count) instances (\(covered) with a compiled schema):")
        for (outcome, count) in counts.sorted(by: { "\($0.key)" < "\($1.key)" }) { print("  \(outcome): \(count)") }
        #expect(bugs.isEmpty, "\(bugs.count) instances break the grammar contract:\n\(bugs.prefix(40).joined(separator: "\n"))")
        #expect(covered * 100 >= records.count * 98, "only \(covered) of \(records.count) instances have a compiled schema (want ≥ 98%)")
    }
}
