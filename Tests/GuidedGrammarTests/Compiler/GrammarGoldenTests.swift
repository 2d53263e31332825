import Foundation
import GuidedConformance
import GuidedGrammar
import GuidedJSON
import GuidedSchema
import GuidedTestTraits
import Testing

/// One hand-written case per construct: the exact grammar (golden file), and instances that
/// must be accepted or rejected, checked by our GBNF matcher and by llama.cpp's own checker.
@Suite(.ownThreads) struct GrammarGoldenTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let schema: GenerationSchema
        let valid: [String]
        let invalid: [String]
        let whitespace: GrammarOptions.Whitespace
        var testDescription: String { name }
    }

    static let cases: [Case] = {
        guard let records = try? Fixtures.records("grammar-cases.jsonl") else { return [] }
        return records.map { record in
            Case(
                name: record["name"]!.stringValue!,
                schema: try! GenerationSchema.fromJSONSchema(record["schema"]!).schema,
                valid: record["valid"]!.arrayValue!.map { $0.stringValue! },
                invalid: record["invalid"]!.arrayValue!.map { $0.stringValue! },
                whitespace: GrammarOptions.Whitespace(rawValue: record["whitespace"]!.stringValue!)!)
        }
    }()

    @Test func casesLoaded() { #expect(Self.cases.count == 40) }

    @Test(arguments: cases) func grammarMatchesGolden(_ c: Case) throws {
        let grammar = try GrammarCompiler.compile(c.schema, options: GrammarOptions(whitespace: c.whitespace)).gbnf
        let path = Fixtures.directory + "/golden/\(c.name).gbnf"
        if ProcessInfo.processInfo.environment["GUIDED_UPDATE_GOLDENS"] != nil {
            // Regenerating writes the new grammar and records that the goldens changed: the run
            // that writes them never passes as a check of them (run again without the variable).
            let old = try? String(contentsOfFile: path, encoding: .utf8)
            try grammar.write(toFile: path, atomically: true, encoding: .utf8)
            #expect(old == grammar, "golden/\(c.name).gbnf rewritten; rerun without GUIDED_UPDATE_GOLDENS to check it")
            return
        }
        let golden = try String(contentsOfFile: path, encoding: .utf8)
        #expect(grammar == golden, "grammar for \(c.name) differs from golden/\(c.name).gbnf:\n\(grammar)")
        #expect(
            try GrammarCompiler.compile(c.schema, options: GrammarOptions(whitespace: c.whitespace)).gbnf == grammar,
            "not deterministic")
    }

    @Test(arguments: cases) func ourMatcherAcceptsExactlyTheValidInstances(_ c: Case) throws {
        let text = try GrammarCompiler.compile(c.schema, options: GrammarOptions(whitespace: c.whitespace)).gbnf
        let grammar = try GBNFGrammar(parsing: text)
        for instance in c.valid {
            #expect(c.schema.validates(try JSONReader.parse(instance)), "fixture error: \(instance) is not valid")
            #expect(grammar.accepts(instance), "\(c.name): rejects valid \(instance)")
        }
        for instance in c.invalid {
            #expect(!grammar.accepts(instance), "\(c.name): accepts invalid \(instance)")
        }
    }

    @Test(arguments: cases) func llamaCppAgrees(_ c: Case) throws {
        let checker = try LlamaGrammarChecker()
        let text = try GrammarCompiler.compile(c.schema, options: GrammarOptions(whitespace: c.whitespace)).gbnf
        for instance in c.valid {
            #expect(
                try checker.check(grammar: text, input: instance) == .accepted,
                "\(c.name): llama.cpp rejects valid \(instance)")
        }
        for instance in c.invalid {
            #expect(
                try checker.check(grammar: text, input: instance) == .rejected,
                "\(c.name): llama.cpp accepts invalid \(instance)")
        }
    }
}
