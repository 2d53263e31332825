import CanonicalSchemas
import Foundation
import GuidedJSON
import GuidedSchema
import Testing

/// Worked examples travel with a schema: JSON Schema's `examples` (outputs alone) and Guided's
/// `x-guided-examples` (each with its input and facts) are read into `GenerationSchema.examples`,
/// written back on export, and every problem is a located error.
@Suite struct SchemaExamplesTests {
    static let steps =
        #"{"type": "object", "properties": {"steps": {"type": "array", "items": {"type": "string", "maxLength": 40}, "minItems": 2, "maxItems": 2}}, "required": ["steps"]"#

    static func schema(_ extra: String) throws -> ImportedSchema {
        try GenerationSchema.fromJSONSchema(try JSONReader.parse(steps + ", " + extra + "}"))
    }

    @Test func guidedExamplesCarryTheirInputFactsAndOutput() throws {
        let imported = try Self.schema(
            #""x-guided-examples": [{"input": "Suggest two steps.", "facts": ["Goal: learn chess"], "output": {"steps": ["Solve a puzzle", "Replay a game"]}}]"#
        )
        #expect(
            imported.schema.examples == [
                Example(
                    "Suggest two steps.", grounding: ["Goal: learn chess"],
                    output: ["steps": ["Solve a puzzle", "Replay a game"]])
            ])
        #expect(imported.ignored.isEmpty, "x-guided-examples is Guided's own keyword, not an ignored annotation")
    }

    @Test func jsonSchemasOwnExamplesAreOutputsShownWithTheRequestsPromptAndABadOneIsListedNotSent() throws {
        let imported = try Self.schema(#""examples": [{"steps": ["Solve a puzzle", "Replay a game"]}, {"steps": []}]"#)
        #expect(imported.schema.examples == [Example("", output: ["steps": ["Solve a puzzle", "Replay a game"]])])
        #expect(imported.ignored.contains { $0.pointer == JSONPointer("/examples/1") })
    }

    @Test func examplesRoundTripThroughTheExporter() throws {
        let imported = try Self.schema(
            #""x-guided-examples": [{"facts": ["Goal: learn chess"], "output": {"steps": ["Solve a puzzle", "Replay a game"]}}]"#
        )
        let again = try GenerationSchema.fromJSONSchema(imported.schema.jsonSchema()).schema
        #expect(again == imported.schema)
        #expect(
            StepSuggestions.generationSchema
                == (try GenerationSchema.fromJSONSchema(StepSuggestions.generationSchema.jsonSchema()).schema))
    }

    @Test(arguments: [
        (#""x-guided-examples": {"output": 1}"#, "/x-guided-examples"),
        (#""x-guided-examples": [3]"#, "/x-guided-examples/0"),
        (#""x-guided-examples": [{"input": "a"}]"#, "/x-guided-examples/0"),
        (#""x-guided-examples": [{"output": {"steps": ["a", "b"]}, "why": 1}]"#, "/x-guided-examples/0/why"),
        (#""x-guided-examples": [{"input": 4, "output": {"steps": ["a", "b"]}}]"#, "/x-guided-examples/0/input"),
        (#""x-guided-examples": [{"facts": "x", "output": {"steps": ["a", "b"]}}]"#, "/x-guided-examples/0/facts"),
        (
            #""x-guided-examples": [{"output": {"steps": ["a", "b"]}}, {"output": {"steps": ["only one"]}}]"#,
            "/x-guided-examples/1/output/steps"
        ),
        (#""examples": 5"#, "/examples"),
    ])
    func aBadExampleIsAnErrorAtItsPointer(_ entry: String, _ pointer: String) throws {
        let error = try #require(throws: SchemaError.self) { try Self.schema(entry) }
        #expect(error.pointer == JSONPointer(pointer), "\(error)")
        #expect(!error.remedy.isEmpty)
    }

    @Test func aBadExampleInAFileNamesTheFileLineAndColumn() throws {
        let path = NSTemporaryDirectory() + "guided-examples-\(UUID().uuidString).schema.json"
        let text = Self.steps + ",\n  \"x-guided-examples\": [\n    {\"output\": {\"steps\": [\"one\"]}}\n  ]\n}"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let error = try #require(throws: SchemaError.self) { try SchemaFile.load(path) }
        #expect(error.file == path)
        #expect(error.pointer == JSONPointer("/x-guided-examples/0/output/steps"))
        #expect(error.line == 3 && error.column == 17, "\(error)")
        #expect(error.description.hasPrefix("\(path):3:17: error: "))
    }

    @Test func aDeclaredTypesExamplesMustFitItsSchema() {
        #expect(throws: SchemaError.self) { try BrokenExample.checkDeclaration() }
        #expect(throws: Never.self) { try StepSuggestions.checkDeclaration() }
        #expect(StepSuggestions.generationSchema.examples.count == 3)
    }

    @Test func anExamplesFileIsReadWithLocatedErrors() throws {
        let directory = NSTemporaryDirectory() + "guided-examples-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let good = directory + "/good.json"
        try
            #"[{"input": "Suggest three next steps.", "facts": ["Goal: read more"], "output": {"steps": ["Visit the library", "Pick a short novel", "Read ten pages tonight"]}}]"#
            .write(toFile: good, atomically: true, encoding: .utf8)
        let examples = try ExamplesFile.load(good, checkedAgainst: StepSuggestions.generationSchema)
        #expect(examples.map(\.grounding) == [["Goal: read more"]])
        let malformed = directory + "/malformed.json"
        try "[{\"output\": }]".write(toFile: malformed, atomically: true, encoding: .utf8)
        let syntax = try #require(throws: SchemaError.self) {
            try ExamplesFile.load(malformed, checkedAgainst: nil)
        }
        #expect(syntax.code == .syntax && syntax.file == malformed && syntax.line == 1, "\(syntax)")
        let breaking = directory + "/breaking.json"
        try "[\n  {\"output\": {\"steps\": [\"a\"]}}\n]".write(toFile: breaking, atomically: true, encoding: .utf8)
        let broken = try #require(throws: SchemaError.self) {
            try ExamplesFile.load(breaking, checkedAgainst: StepSuggestions.generationSchema)
        }
        #expect(broken.pointer == JSONPointer("/0/output/steps") && broken.line == 2, "\(broken)")
        let missing = try #require(throws: SchemaError.self) {
            try ExamplesFile.load(directory + "/none.json", checkedAgainst: nil)
        }
        #expect(missing.code == .unreadable)
    }
}

/// A type whose declared example breaks its own schema (two steps where one is allowed).
struct BrokenExample: Generable {
    static let configuration = GenerableConfiguration(examples: [Example("Go.", output: ["steps": ["a", "b"]])])
    @Guide(description: "One step", .count(1))
    var steps: [String] = []
}
