import GuidedPatterns
import GuidedSchema
import Testing

@testable import GuidedGrammar

/// A `{"type": "string", "format": …}` schema with its grammar, checked by our matcher and
/// llama.cpp's, and the format's validator to hold the grammar to.
struct FormatGrammar {
    let format: StringFormat
    let schema: GenerationSchema
    let compiled: CompiledGrammar
    let grammar: CheckedGrammar

    init(_ format: StringFormat, sourceLocation: SourceLocation = #_sourceLocation) throws {
        self.format = format
        schema = try GenerationSchema.fromJSONSchema(["type": "string", "format": GeneratedContent(format.rawValue)])
            .schema
        compiled = try GrammarCompiler.compile(schema)
        grammar = try CheckedGrammar(compiled.gbnf, sourceLocation: sourceLocation)
    }

    /// The string as the JSON text a model would write.
    static func json(_ string: String) -> String { GeneratedContent(string).jsonText() }

    /// Whether our matcher alone accepts the string (no llama.cpp process: for bulk checks).
    func matcherAccepts(_ string: String) -> Bool { grammar.ours.accepts(Self.json(string)) }

    /// Whether both matchers accept the string (an issue is recorded when they differ).
    func accepts(_ string: String, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        grammar.accepts(Self.json(string), sourceLocation: sourceLocation)
    }

    /// Whether the validator accepts the string for the format.
    func validates(_ string: String) -> Bool { schema.validates(GeneratedContent(string)) }

    /// The format's disposition in the lowering report.
    var disposition: LoweringReport.Disposition? {
        compiled.report.entries.first { $0.keyword == "format" }?.disposition
    }

    /// Strings in and near the shape's language: samples of its regular expression, and each
    /// sample with one or two characters deleted, replaced or inserted from `alphabet`.
    func candidates(count: Int, alphabet: [Character], seed: UInt64) throws -> (samples: [String], mutants: [String]) {
        let shape = try #require(FormatShapes.shape(for: format))
        let pattern = try RegexPattern(shape.regex)
        var generator = CandidateStrings(random: SeededGenerator(state: seed))
        var samples: Set<String> = []
        var mutants: Set<String> = []
        for _ in 0..<count {
            var scalars: [Unicode.Scalar] = []
            generator.sample(pattern.root, into: &scalars)
            let sample = generator.string(scalars)
            samples.insert(sample)
            var mutated = Array(sample)
            for _ in 0..<Int.random(in: 1...2, using: &generator.random) {
                let index = mutated.isEmpty ? 0 : Int.random(in: 0..<mutated.count, using: &generator.random)
                let character = alphabet.randomElement(using: &generator.random)!
                switch Int.random(in: 0..<3, using: &generator.random) {
                case 0 where !mutated.isEmpty: mutated.remove(at: index)
                case 1 where !mutated.isEmpty: mutated[index] = character
                default: mutated.insert(character, at: index)
                }
            }
            mutants.insert(String(mutated))
        }
        return (samples.sorted(), mutants.subtracting(samples).sorted())
    }
}
