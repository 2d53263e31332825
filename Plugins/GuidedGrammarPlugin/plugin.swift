import PackagePlugin

/// Generates, for each `*.schema.json` file of a target, the Swift type it declares — written in
/// the `Generable` DSL a person would write (names, guides, descriptions) — with its llama.cpp
/// grammar compiled at build time (`PrecompiledGenerable`).
///
/// One build command per schema file, so adding, changing or deleting a schema file is noticed
/// by the next build and only that file is regenerated. A bad schema fails the build with
/// `path:line:col: error: …`. A thin adapter over the `guided-codegen` tool, which links only
/// the schema, JSON and grammar targets.
@main
struct GuidedGrammarPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let schemas = target.sourceFiles(withSuffix: ".schema.json").map(\.url).sorted { $0.path < $1.path }
        let tool = try context.tool(named: "guided-codegen").url
        return schemas.map { schema in
            let name = String(schema.lastPathComponent.dropLast(".schema.json".count))
            let output = context.pluginWorkDirectoryURL.appending(path: name + ".swift")
            return .buildCommand(
                displayName: "Generating \(name).swift from \(schema.lastPathComponent)",
                executable: tool,
                arguments: [schema.path, output.path],
                inputFiles: [schema],
                outputFiles: [output])
        }
    }
}
