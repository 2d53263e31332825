import GuidedCommandLine
import GuidedGrammar
import GuidedSchema

/// `guided schema SCHEMA [--grounded]`: the normalized JSON Schema, then the lowering report.
/// With `--grounded`, the report of a grounded-decoding grammar, then the report for servers that
/// take JSON Schema instead, where grounded decoding is a check after generation. Then the request
/// field each backend kind and engine dialect sends the constraint in (``ConstraintFieldsReport``).
enum SchemaCommand {
    static func run(_ arguments: ParsedArguments) throws(CommandFailure) {
        let path = try arguments.checked { arguments throws(UsageError) in try arguments.expect(1, "SCHEMA") }[0]
        let imported = try SchemaLoading.load(path, arguments)
        Console.out(imported.schema.jsonSchema().jsonText(.pretty))
        let compiled: CompiledGrammar
        do {
            let grounded = arguments.flag(.grounded) ? GroundedVocabulary(specifics: [], forbiddenWords: []) : nil
            compiled = try GrammarCompiler.compile(
                imported.schema, options: GrammarOptions(groundedVocabulary: grounded))
        } catch {
            throw .usage(error.schemaError(file: path).description)
        }
        var report = compiled.report
        report.entries += imported.ignored
        report.entries += imported.warnings.map { .init($0.pointer, "keyword", .unsupported, $0.message) }
        Console.out(report.description)
        Console.out(ConstraintFieldsReport.text(for: imported.schema, grammar: compiled.report))
        if arguments.flag(.grounded) {
            Console.out(imported.schema.serverSchema(.openAIStrict, groundedDecoding: true).report.description)
        }
    }
}
