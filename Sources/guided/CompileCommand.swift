import GuidedCodegen
import GuidedCommandLine
import GuidedGrammar
import GuidedJSON
import GuidedSchema
import GuidedValidation

/// `guided compile SCHEMA... [--format gbnf|json-schema] [--whitespace compact|pretty] [--grounded [--grounding FACTS]] [--out DIR]`.
/// `--grounded` compiles free-text strings for grounded decoding with the vocabulary of the
/// `--grounding` facts (one per line), to inspect what a request's grammar looks like.
enum CompileCommand {
    static func run(_ arguments: ParsedArguments) throws(CommandFailure) {
        guard !arguments.positional.isEmpty else {
            throw .usage("error: expected SCHEMA...\n\n\(Usage.text(for: .compile))")
        }
        let format = arguments.value(.format) ?? "gbnf"
        guard ["gbnf", "json-schema", "json-schema-strict", "swift"].contains(format) else {
            throw .usage("error: --format must be gbnf, json-schema, json-schema-strict or swift")
        }
        guard let whitespace = GrammarOptions.Whitespace(rawValue: arguments.value(.whitespace) ?? "compact") else {
            throw .usage("error: --whitespace must be compact or pretty")
        }
        var options = GrammarOptions(whitespace: whitespace, allowUnsupported: arguments.flag(.allowUnsupported))
        if arguments.flag(.grounded) {
            options.groundedVocabulary = GroundedVocabulary(
                grounding: GenerationArguments.facts(arguments.value(.grounding) ?? ""))
        }
        guard let directory = arguments.value(.out) else {
            guard arguments.positional.count == 1 else { throw .usage("error: several schemas need --out DIR") }
            Console.out(try output(arguments.positional[0], format: format, options: options, arguments))
            return
        }
        var failures = 0
        for path in arguments.positional {
            do throws(CommandFailure) {
                let text = try output(path, format: format, options: options, arguments)
                let target =
                    directory + "/" + baseName(path)
                    + [
                        "gbnf": ".gbnf", "swift": ".swift",
                    ][format, default: ".json"]
                do {
                    try FileBytes.replaceIfChanged(text + (text.hasSuffix("\n") ? "" : "\n"), at: target)
                } catch {
                    throw CommandFailure.usage("\(target): error: \(error.description) — \(error.remedy)")
                }
            } catch {
                Console.error(error.message)
                failures += 1
            }
        }
        if failures > 0 { throw .usage("\(failures) of \(arguments.positional.count) schemas failed") }
    }

    private static func output(_ path: String, format: String, options: GrammarOptions, _ arguments: ParsedArguments)
        throws(CommandFailure) -> String
    {
        if format == "swift" {
            // The Swift type the file declares, in the Generable DSL, with its grammar (what the build plugin generates).
            do {
                return try SchemaCodegen.generate(file: path)
            } catch {
                throw .usage(error.description)
            }
        }
        let imported = try SchemaLoading.load(path, arguments)
        if format == "json-schema" { return imported.schema.jsonSchema().jsonText(.pretty) }
        if format == "json-schema-strict" {
            return imported.schema.serverSchema(.openAIStrict).document.jsonText(.pretty)
        }
        do {
            return try GrammarCompiler.compile(imported.schema, options: options).gbnf
        } catch {
            throw .usage(error.schemaError(file: path).description)
        }
    }

    /// `schemas/StepSuggestions.json` (or `StepSuggestions.schema.json`) → `StepSuggestions`.
    static func baseName(_ path: String) -> String {
        var file = path.split(separator: "/").last.map(String.init) ?? path
        for suffix in [".schema.json", ".json"] where file.hasSuffix(suffix) && file.count > suffix.count {
            file.removeLast(suffix.count)
            return file
        }
        guard let dot = file.lastIndex(of: "."), dot != file.startIndex else { return file }
        return String(file[..<dot])
    }
}
