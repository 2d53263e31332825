import GuidedGrammar
import GuidedSchema

/// `guided schema SCHEMA`: the normalized JSON Schema, then the lowering report.
enum SchemaCommand {
    static func run(_ arguments: ParsedArguments) throws(CommandFailure) {
        let path = try arguments.expect(1, "SCHEMA")[0]
        let imported = try SchemaLoading.load(path, arguments)
        Console.out(imported.schema.jsonSchema().jsonText(.pretty))
        let compiled: CompiledGrammar
        do {
            compiled = try GrammarCompiler.compile(imported.schema)
        } catch {
            throw .usage(error.schemaError(file: path).description)
        }
        var report = compiled.report
        report.entries += imported.warnings.map { .init($0.pointer, "keyword", .unsupported, $0.message) }
        Console.out(report.description)
    }
}
