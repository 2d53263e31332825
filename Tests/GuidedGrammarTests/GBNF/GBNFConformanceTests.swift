import Foundation
import GuidedTestTraits
import Testing

@testable import GuidedGrammar

/// One `kind: gbnf` record of the conformance handout.
struct GBNFConformanceRecord: Sendable, CustomTestStringConvertible {
    var id: String
    var grammar: String
    var text: String
    var expectedValid: Bool

    var testDescription: String { id }

    /// Records from `Fixtures/gbnf-conformance.jsonl` (empty if the file cannot be read; a separate
    /// test checks the count so that cannot pass silently).
    static let all: [GBNFConformanceRecord] = {
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: Fixtures.directory + "/gbnf-conformance.jsonl")),
            let contents = String(data: data, encoding: .utf8)
        else { return [] }
        return contents.split(separator: "\n").compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                let id = object["id"] as? String,
                let grammar = object["grammar"] as? String,
                let text = object["instance_text"] as? String,
                let expected = object["expected_valid"] as? Bool
            else { return nil }
            return GBNFConformanceRecord(id: id, grammar: grammar, text: text, expectedValid: expected)
        }
    }()
}

@Suite("GBNF conformance (llama.cpp test-grammar-integration)", .ownThreads)
struct GBNFConformanceTests {
    @Test func fixtureLoads() {
        #expect(GBNFConformanceRecord.all.count == 119)
    }

    @Test(arguments: GBNFConformanceRecord.all)
    func verdictMatchesLlamaCpp(_ record: GBNFConformanceRecord) throws {
        let grammar = try GBNFGrammar(parsing: record.grammar)
        #expect(grammar.accepts(record.text) == record.expectedValid)
        if record.expectedValid {
            // Every prefix of a sentence must be viable.
            let scalars = Array(record.text.unicodeScalars)
            for length in 0...scalars.count {
                var prefix = String.UnicodeScalarView()
                prefix.append(contentsOf: scalars[0..<length])
                #expect(grammar.acceptsPrefix(String(prefix)), "prefix of length \(length)")
            }
        }
    }
}
