import Foundation
import PackagePlugin

/// Compiles a target's `*.schema.json` files into Swift at build time: for each, an enum
/// `NAMEGrammar` with the GBNF grammar and the normalized JSON Schema. A schema that does not
/// compile fails the build with its located error. A thin adapter over `guided compile --out`.
@main
struct GuidedGrammarPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let schemas = target.sourceFiles(withSuffix: ".schema.json").map(\.url).sorted { $0.path < $1.path }
        guard !schemas.isEmpty else { return [] }
        let output = context.pluginWorkDirectoryURL
        let generated = schemas.map { schema in
            output.appending(path: String(schema.lastPathComponent.dropLast(".schema.json".count)) + "Grammar.swift")
        }
        return [
            .buildCommand(
                displayName: "Compiling \(schemas.count) schema(s) to grammars for \(target.name)",
                executable: try context.tool(named: "guided").url,
                arguments: ["compile"] + schemas.map(\.path) + ["--format", "swift", "--out", output.path],
                inputFiles: schemas,
                outputFiles: generated)
        ]
    }
}
