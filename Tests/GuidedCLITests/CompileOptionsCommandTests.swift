import Foundation
import GuidedGrammar
import GuidedTestTraits
import Testing

/// `guided compile`'s `--whitespace` and `--format json-schema-strict`, as the README lists them.
@Suite(.ownThreads) struct CompileOptionsCommandTests {
    static let compact = #"{"steps":["a","b","c"]}"#
    static let pretty = "{\n  \"steps\": [\n    \"a\",\n    \"b\",\n    \"c\"\n  ]\n}"

    static func grammar(_ arguments: String...) throws -> GBNFGrammar {
        let result = try GuidedCommandTests.guided(arguments: ["compile", "schemas/StepSuggestions.json"] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        return try GBNFGrammar(parsing: result.stdout)
    }

    @Test func whitespacePrettyLetsTheGrammarIndentAndCompactDoesNot() throws {
        let pretty = try Self.grammar("--whitespace", "pretty")
        #expect(pretty.accepts(Self.pretty))
        #expect(pretty.accepts(Self.compact))
        for compact in [try Self.grammar(), try Self.grammar("--whitespace", "compact")] {
            #expect(!compact.accepts(Self.pretty))
            #expect(compact.accepts(Self.compact))
        }
        let wrong = try GuidedCommandTests.guided("compile", "schemas/StepSuggestions.json", "--whitespace", "loose")
        #expect(wrong.status == 2)
        #expect(wrong.stderr.contains("--whitespace must be compact or pretty"), "\(wrong.stderr)")
    }

    /// OpenAI's strict mode: every property required (an optional one nullable instead) and
    /// every object closed.
    @Test func formatJSONSchemaStrictPrintsWhatAStrictServerIsSent() throws {
        let schema = try GuidedCommandTests.temporaryFile(
            "Note.json",
            #"{"type":"object","properties":{"title":{"type":"string","maxLength":40},"pages":{"type":"integer"}},"required":["title"]}"#
        )
        let result = try GuidedCommandTests.guided("compile", schema, "--format", "json-schema-strict")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == Self.strictNote, "\(result.stdout)")
        let directory = (schema as NSString).deletingLastPathComponent + "/out"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let written = try GuidedCommandTests.guided(
            "compile", schema, "--format", "json-schema-strict", "--out", directory)
        #expect(written.status == 0, "\(written.stderr)")
        #expect(try String(contentsOfFile: directory + "/Note.json", encoding: .utf8) == Self.strictNote)
    }

    static let strictNote = """
        {
          "type": "object",
          "properties": {
            "title": {
              "type": "string",
              "maxLength": 40
            },
            "pages": {
              "type": [
                "integer",
                "null"
              ]
            }
          },
          "required": [
            "title",
            "pages"
          ],
          "additionalProperties": false
        }

        """
}
