import Foundation
import GuidedTestTraits
import Testing

/// The build plugin in a package of its own, built with `swift build` as an app would: added,
/// changed and deleted schema files are noticed by the next build, and a bad schema fails the
/// build with `path:line:col: error: …`.
///
/// The package lives under `.build/plugin-fixture` so later runs build incrementally; the first
/// run compiles the plugin's tool and its three targets (a few minutes on 2 cores).
@Suite(.serialized, .ownThreads) struct PluginPackageBuildTests {
    static let repository = GuidedCommandTests.repository
    static let root = repository + "/.build/plugin-fixture"
    static let package = root + "/package"
    static let sources = package + "/Sources/App"

    static func write(_ relative: String, _ text: String) throws {
        let path = package + "/" + relative
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        if (try? String(contentsOfFile: path, encoding: .utf8)) != text {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
    }

    static func remove(_ relative: String) { try? FileManager.default.removeItem(atPath: package + "/" + relative) }

    static func manifest(resources: String) -> String {
        let name = URL(fileURLWithPath: repository).lastPathComponent
        return """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(
                name: "PluginFixture",
                dependencies: [.package(path: "\(repository)")],
                targets: [.executableTarget(
                    name: "App",
                    dependencies: [.product(name: "GuidedSchema", package: "\(name)")],
                    resources: \(resources),
                    plugins: [.plugin(name: "GuidedGrammarPlugin", package: "\(name)")])]
            )

            """
    }

    static func schema(_ properties: String, required: String) -> String {
        #"{"type": "object", "properties": {\#(properties)}, "required": [\#(required)], "additionalProperties": false}"#
    }

    /// Writes the manifest for the schema files `names`, then builds; returns the status and output.
    static func build(schemas names: [String]) throws -> (status: Int32, output: String) {
        let resources = "[" + names.map { #".copy("\#($0).schema.json")"# }.joined(separator: ", ") + "]"
        try write("Package.swift", manifest(resources: resources))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "swift", "build", "--package-path", package, "--scratch-path", root + "/scratch", "--product", "App",
        ]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    static func runApp() throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: root + "/scratch/debug/App")
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return output
    }

    @Test func schemaFilesAreFollowedAcrossBuildsAndABadOneFailsTheBuildAtItsLine() throws {
        // 1. One schema file: its type exists and carries its grammar.
        try Self.write(
            "Sources/App/Note.schema.json",
            Self.schema(#""text": {"type": "string", "maxLength": 40}"#, required: #""text""#))
        Self.remove("Sources/App/Tag.schema.json")
        try Self.write(
            "Sources/App/main.swift",
            #"print(Note(text: "hi").generatedContent.jsonText(), Note.precompiledGrammar.contains("root ::="))"# + "\n"
        )
        var result = try Self.build(schemas: ["Note"])
        #expect(result.status == 0, "\(result.output)")
        #expect(try Self.runApp() == "{\"text\":\"hi\"} true\n")

        // 2. The schema changes: the next build regenerates the type.
        try Self.write(
            "Sources/App/Note.schema.json",
            Self.schema(
                #""text": {"type": "string"}, "mood": {"enum": ["calm", "glad"]}"#, required: #""text", "mood""#))
        try Self.write(
            "Sources/App/main.swift", #"print(Note(text: "hi", mood: "calm").generatedContent.jsonText())"# + "\n")
        result = try Self.build(schemas: ["Note"])
        #expect(result.status == 0, "\(result.output)")
        #expect(try Self.runApp() == "{\"text\":\"hi\",\"mood\":\"calm\"}\n")

        // 3. A schema file is added: its type appears.
        try Self.write("Sources/App/Tag.schema.json", Self.schema(#""name": {"type": "string"}"#, required: #""name""#))
        try Self.write("Sources/App/main.swift", #"print(Tag(name: "bread").name)"# + "\n")
        result = try Self.build(schemas: ["Note", "Tag"])
        #expect(result.status == 0, "\(result.output)")
        #expect(try Self.runApp() == "bread\n")

        // 4. It is deleted: its generated type is gone (declaring a Tag of our own would clash otherwise).
        Self.remove("Sources/App/Tag.schema.json")
        try Self.write("Sources/App/main.swift", "struct Tag { let name = \"own\" }\nprint(Tag().name)\n")
        result = try Self.build(schemas: ["Note"])
        #expect(result.status == 0, "\(result.output)")
        #expect(try Self.runApp() == "own\n")

        // 5. A bad schema fails the build at its line and column.
        try Self.write(
            "Sources/App/Note.schema.json",
            "{\"type\": \"object\",\n  \"properties\": {\"first-name\": {\"type\": \"string\"}}}")
        result = try Self.build(schemas: ["Note"])
        #expect(result.status != 0)
        #expect(
            result.output.contains(
                "\(Self.sources)/Note.schema.json:2:18: error: the key \"first-name\" is not a Swift property name"),
            "\(result.output)")
        try Self.write(
            "Sources/App/Note.schema.json",
            "{\"type\": \"object\",\n  \"properties\": {\"n\": {\"type\": \"string\", \"minLength\": 3, \"maxLength\": 1}}}"
        )
        result = try Self.build(schemas: ["Note"])
        #expect(result.status != 0)
        #expect(
            result.output.contains(
                "\(Self.sources)/Note.schema.json:2:42: error: minLength 3 is greater than maxLength 1"),
            "\(result.output)")
    }
}
