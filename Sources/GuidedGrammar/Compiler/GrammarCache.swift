import GuidedSchema
import Synchronization

/// Compiled and verified grammars by schema identity (the schema value and the options), shared by the process.
final class GrammarCache: Sendable {
    static let shared = GrammarCache()

    private struct Key: Hashable {
        let schema: GenerationSchema
        let options: GrammarOptions
    }

    private let entries = Mutex<[Key: CompiledGrammar]>([:])

    func grammar(for schema: GenerationSchema, options: GrammarOptions) throws(GrammarError) -> CompiledGrammar {
        let key = Key(schema: schema, options: options)
        if let hit = entries.withLock({ $0[key] }) { return hit }
        let compiled = try GrammarCompiler.compile(schema, options: options)
        try Self.verify(compiled)
        // A grounded vocabulary belongs to one request: caching it would grow without bound.
        if options.groundedVocabulary == nil { entries.withLock { $0[key] = compiled } }
        return compiled
    }

    private static func verify(_ compiled: CompiledGrammar) throws(GrammarError) {
        // Proven well-formed once, before any server sees it: llama-server samples unconstrained
        // when it cannot parse a grammar.
        do {
            _ = try GBNFGrammar(parsing: compiled.gbnf)
        } catch {
            throw GrammarError(
                "the compiled grammar does not parse (\(error)); this is a Guided bug", remedy: "report the schema",
                at: .root)
        }
    }
}
