import Foundation
import GuidedTestTraits
import Testing

/// `guided-codegen`, the build plugin's tool, run as the plugin runs it.
@Suite(.ownThreads) struct CodegenToolTests {
    static func tool() throws -> String {
        try #require(GuidedCommandTests.builtProduct("guided-codegen"), "guided-codegen is not built")
    }

    static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    @Test func theToolLinksNoHTTPStackAndNoFoundation() throws {
        let linked = try Self.run("/usr/bin/ldd", [try Self.tool()]).output
        #expect(linked.contains("libjson-c"), "\(linked)")
        #expect(!linked.contains("libcurl"), "\(linked)")
        #expect(!linked.contains("Foundation"), "\(linked)")
    }

    @Test func itWritesTheFileOnlyWhenItsBytesChange() throws {
        let output = try GuidedCommandTests.temporaryFile("StepSuggestions.swift", "")
        let schema = GuidedCommandTests.repository + "/schemas/StepSuggestions.json"
        #expect(try Self.run(try Self.tool(), [schema, output]).status == 0)
        let first = try FileManager.default.attributesOfItem(atPath: output)[.modificationDate] as? Date
        #expect(
            try String(contentsOfFile: output, encoding: .utf8).contains(
                "public struct StepSuggestions: PrecompiledGenerable"))
        Thread.sleep(forTimeInterval: 0.05)
        #expect(try Self.run(try Self.tool(), [schema, output]).status == 0)
        #expect(try FileManager.default.attributesOfItem(atPath: output)[.modificationDate] as? Date == first)
    }

    @Test func aBadSchemaIsALocatedErrorAndExitOne() throws {
        let schema = try GuidedCommandTests.temporaryFile(
            "Bad.schema.json", "{\"type\": \"object\",\n \"properties\": {\"x\": {\"type\": \"strin\"}}}")
        let result = try Self.run(try Self.tool(), [schema, schema + ".swift"])
        #expect(result.status == 1)
        #expect(result.output.hasPrefix("\(schema):2:23: error: "), "\(result.output)")
        #expect(try Self.run(try Self.tool(), []).status == 2)
    }
}
