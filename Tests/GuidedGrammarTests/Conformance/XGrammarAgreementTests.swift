import Foundation
import GuidedConformance
import GuidedGrammar
import GuidedJSON
import GuidedSchema
import GuidedTestTraits
import Testing

/// One GBNF for llama.cpp and for XGrammar (the engine vLLM and SGLang read `grammar` / `ebnf`
/// with): every grammar Guided emits for the canonical schemas and the 600 JSONSchemaBench
/// schemas in the repository parses in both, and XGrammar's matcher gives our matcher's verdict
/// on every conformance instance, so the grammar sent to a serving engine means what it means
/// on llama-server.
@Suite(.ownThreads) struct XGrammarAgreementTests {
    static let packageRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// Every grammar of the canonical schemas (compact, readable, grounded, restating a quoted fact)
    /// and of the corpus.
    static func emittedGrammars() throws -> [(name: String, gbnf: String)] {
        var grammars: [(String, String)] = []
        let canonical = ["RewrittenNotification", "StepSuggestions"]
        for name in canonical {
            let bytes = try #require(FileBytes.read(packageRoot + "/schemas/\(name).json"))
            let schema = try GenerationSchema.fromJSONSchema(try JSONReader.parse(bytes: bytes)).schema
            let grounded = GroundedVocabulary(
                specifics: ["2", "May", "2026", "5", "Ana", "I"], forbiddenWords: ["first", "five", "ten"],
                forbiddenCapitalisedWords: ["monday", "june"], exactWords: ["ten"])
            var restating = grounded
            restating.restated = RestatedQuotations(
                quotations: [["you swam two lengths", "You swam two lengths"]], leadWords: ["Back", "in", "May", "2"])
            let variants: [(String, GrammarOptions)] = [
                ("compact", GrammarOptions()), ("pretty", GrammarOptions(whitespace: .pretty)),
                ("grounded", GrammarOptions(groundedVocabulary: grounded)),
                (
                    "grounded, restating a quoted fact",
                    GrammarOptions(groundedVocabulary: restating, completionFrame: true)
                ),
                ("plain strings", GrammarOptions(plainStrings: true)),
                ("grounded, plain strings", GrammarOptions(groundedVocabulary: grounded, plainStrings: true)),
            ]
            for (variant, options) in variants {
                grammars.append(("\(name) (\(variant))", try GrammarCompiler.compile(schema, options: options).gbnf))
            }
        }
        let base = packageRoot + "/Benchmarks/Fixtures/jsonschemabench"
        for collection in try FileManager.default.contentsOfDirectory(atPath: base).sorted() {
            for file in try FileManager.default.contentsOfDirectory(atPath: base + "/" + collection).sorted()
            where file.hasSuffix(".json") {
                let path = "\(collection)/\(file)"
                guard let bytes = FileBytes.read(base + "/" + path), let document = try? JSONReader.parse(bytes: bytes),
                    let imported = try? GenerationSchema.fromJSONSchema(
                        document, options: JSONSchemaImportOptions(allowUnsupported: true)),
                    let grammar = try? GrammarCompiler.compile(
                        imported.schema, options: GrammarOptions(allowUnsupported: true))
                else { continue }
                grammars.append((path, grammar.gbnf))
            }
        }
        return grammars
    }

    @Test func xgrammarAndLlamaCppParseEveryGrammarGuidedEmits() throws {
        let grammars = try Self.emittedGrammars()
        let xgrammar = try XGrammarChecker(packageRoot: Self.packageRoot)
        let llama = try LlamaGrammarChecker()
        let verdicts = try xgrammar.check(grammars.map { XGrammarChecker.Case(grammar: $0.gbnf) })
        var refusedByXGrammar: [String] = []
        var refusedByLlama: [String] = []
        for (grammar, verdict) in zip(grammars, verdicts) {
            if case .grammarError(let message) = verdict {
                refusedByXGrammar.append("\(grammar.name): \(message.prefix(200))")
            }
            if case .grammarError(let message) = try llama.check(grammar: grammar.gbnf, input: "") {
                refusedByLlama.append("\(grammar.name): \(message.prefix(200))")
            }
        }
        print("XGrammar and llama.cpp parsed \(grammars.count) grammars Guided emits")
        #expect(grammars.count >= 10 + 580, "only \(grammars.count) grammars were compiled")
        #expect(
            refusedByXGrammar.isEmpty,
            "XGrammar refuses \(refusedByXGrammar.count):\n\(refusedByXGrammar.prefix(20).joined(separator: "\n"))")
        #expect(
            refusedByLlama.isEmpty,
            "llama.cpp refuses \(refusedByLlama.count):\n\(refusedByLlama.prefix(20).joined(separator: "\n"))")
    }

    @Test func xgrammarRefusesTheEmptyAlternativeGuidedNoLongerWrites() throws {
        let xgrammar = try XGrammarChecker(packageRoot: Self.packageRoot)
        let verdicts = try xgrammar.check([
            .init(grammar: #"root ::= "a" ws "b"\#nws ::= | " ""#, inputs: ["ab"]),
            .init(grammar: #"root ::= "a" ws "b"\#nws ::= "" | " ""#, inputs: ["ab", "a b", "a  b"]),
        ])
        guard case .grammarError(let message) = verdicts[0] else {
            Issue.record("XGrammar parsed an empty first alternative: \(verdicts[0])")
            return
        }
        #expect(message.contains("Expect element"))
        #expect(verdicts[1] == .parsed(accepts: [true, true, false]))
    }

    @Test func plainStringsRefuseEscapesInBothMatchersAndAcceptEverythingElse() throws {
        let bytes = try #require(FileBytes.read(Self.packageRoot + "/schemas/RewrittenNotification.json"))
        let schema = try GenerationSchema.fromJSONSchema(try JSONReader.parse(bytes: bytes)).schema
        let gbnf = try GrammarCompiler.compile(schema, options: GrammarOptions(plainStrings: true)).gbnf
        let inputs = [
            #"{"text":"On 2 October you called him on the way home."}"#, #"{"text":"Día 2: ¡hecho! 🎉"}"#,
            #"{"text":"She said \"yes\""}"#, #"{"text":"two\nlines"}"#, #"{"text":""}"#,
        ]
        let ours = try GBNFGrammar(parsing: gbnf)
        #expect(inputs.map(ours.accepts) == [true, true, false, false, true])
        let verdicts = try XGrammarChecker(packageRoot: Self.packageRoot).check([.init(grammar: gbnf, inputs: inputs)])
        #expect(verdicts == [.parsed(accepts: [true, true, false, false, true])])
    }

    @Test func xgrammarAgreesWithOurMatcherOnEveryConformanceInstance() throws {
        let records = try Fixtures.records("grammar-conformance.jsonl")
        var scorer = GrammarConformanceScorer()
        // One case per schema, with all its instances: the corpus repeats schemas.
        var order: [String] = []
        var cases: [String: (grammar: GBNFGrammar, inputs: [String], ids: [String])] = [:]
        for record in records {
            guard let (_, compiled, grammar) = scorer.grammar(for: record["schema"]!) else { continue }
            let key = compiled.gbnf
            if cases[key] == nil {
                order.append(key)
                cases[key] = (grammar, [], [])
            }
            cases[key]!.inputs.append(record["instance_text"]!.stringValue!)
            cases[key]!.ids.append(record["id"]!.stringValue!)
        }
        let xgrammar = try XGrammarChecker(packageRoot: Self.packageRoot)
        let verdicts = try xgrammar.check(order.map { XGrammarChecker.Case(grammar: $0, inputs: cases[$0]!.inputs) })
        var checked = 0
        var disagreements: [String] = []
        for (key, verdict) in zip(order, verdicts) {
            let entry = cases[key]!
            guard case .parsed(let accepts) = verdict else {
                disagreements.append("\(entry.ids[0]): XGrammar cannot parse the grammar: \(verdict)")
                continue
            }
            for (index, text) in entry.inputs.enumerated() {
                checked += 1
                let ours = entry.grammar.accepts(text)
                if accepts[index] != ours {
                    disagreements.append(
                        "\(entry.ids[index]): ours \(ours ? "accepts" : "rejects"), XGrammar \(accepts[index] ? "accepts" : "rejects") \(text.prefix(60))"
                    )
                }
            }
        }
        print("XGrammar matched \(checked) conformance instances; \(disagreements.count) disagreements")
        #expect(checked > 1300)
        #expect(disagreements.isEmpty, "\(disagreements.prefix(30).joined(separator: "\n"))")
    }
}
