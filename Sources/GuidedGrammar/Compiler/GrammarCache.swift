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
    private let compilations = Mutex<[Key: Int]>([:])

    func grammar(for schema: GenerationSchema, options: GrammarOptions) throws(GrammarError) -> CompiledGrammar {
        let key = Key(schema: schema, options: options)
        if let hit = entries.withLock({ $0[key] }) { return hit }
        // A grounded vocabulary belongs to one request: caching (or counting) it would grow
        // without bound.
        let cacheable = options.groundedVocabulary == nil
        if cacheable { compilations.withLock { $0[key, default: 0] += 1 } }
        let compiled = try GrammarCompiler.compile(schema, options: options)
        try Self.verify(compiled)
        if cacheable { entries.withLock { $0[key] = compiled } }
        return compiled
    }

    /// How many times this cache has run the compiler for `schema` with `options` (a hit runs
    /// nothing), so a test can tell a cached grammar from a second, identical compilation. Kept
    /// per schema and options, so tests running in parallel on the shared cache do not see each
    /// other's compilations; never counted for a grounded vocabulary, which is not cached.
    func compilations(of schema: GenerationSchema, options: GrammarOptions) -> Int {
        compilations.withLock { $0[Key(schema: schema, options: options)] ?? 0 }
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
