import GuidedSchema
import Synchronization

/// Compiled grammars by schema identity (the schema value and the options), shared by the process.
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
        entries.withLock { $0[key] = compiled }
        return compiled
    }
}
