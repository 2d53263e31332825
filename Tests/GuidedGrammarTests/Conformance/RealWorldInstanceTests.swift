import Foundation
import GuidedConformance
import GuidedGrammar
import GuidedJSON
import GuidedSchema
import GuidedTestTraits
import Testing

/// What `guided-bench realworld` reports, held as a test: on the 416 real-world instances
/// (`Benchmarks/Fixtures/realworld`, python-jsonschema's verdicts), the grammar of each schema,
/// imported in default mode, accepts exactly the valid ones — in our matcher and in llama.cpp's
/// parser — and the validator agrees with the oracle on every one.
@Suite(.ownThreads) struct RealWorldInstanceTests {
    static let packageRoot = XGrammarAgreementTests.packageRoot

    @Test func everyGrammarAcceptsExactlyTheValidInstancesInBothParsers() throws {
        let instances = try RealWorldInstance.load(Self.packageRoot + "/Benchmarks/Fixtures/realworld/instances.jsonl")
        #expect(instances.count >= 400)
        let llama = try LlamaGrammarChecker()
        var compiled: [String: (GenerationSchema, String, GBNFGrammar)] = [:]
        var wrong: [String] = []
        for instance in instances {
            if compiled[instance.file] == nil {
                let bytes = try #require(
                    FileBytes.read(Self.packageRoot + "/Benchmarks/Fixtures/jsonschemabench/" + instance.file))
                let schema = try GenerationSchema.fromJSONSchema(try JSONReader.parse(bytes: bytes)).schema
                let gbnf = try GrammarCompiler.compile(schema).gbnf
                compiled[instance.file] = (schema, gbnf, try GBNFGrammar(parsing: gbnf))
            }
            let (schema, gbnf, grammar) = try #require(compiled[instance.file])
            var texts = [instance.text]
            if instance.valid {
                texts.append(CanonicalSpelling.text(of: try JSONReader.parse(instance.text), in: schema))
            }
            let ours = texts.contains { grammar.accepts($0) }
            let theirs = try texts.contains { try llama.check(grammar: gbnf, input: $0) == .accepted }
            let validated = schema.validates(try JSONReader.parse(instance.text))
            if ours != instance.valid || theirs != instance.valid || validated != instance.valid {
                wrong.append("\(instance.id): matcher \(ours), llama.cpp \(theirs), validator \(validated)")
            }
        }
        #expect(wrong.isEmpty, "\(wrong.count) of \(instances.count):\n\(wrong.joined(separator: "\n"))")
    }
}
