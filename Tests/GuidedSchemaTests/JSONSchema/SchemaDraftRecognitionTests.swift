import GuidedJSON
import GuidedSchema
import Testing

/// The README's "drafts 4, 6, 7, 2019-09 and 2020-12 are read by `$schema`", for the two drafts
/// no other test names by `$schema`: one document is read differently as each draft says, so a
/// `$schema` that was not recognised (read as the default 2020-12) fails.
@Suite struct SchemaDraftRecognitionTests {
    static func read(_ metaSchema: String, _ body: String) throws -> ImportedSchema {
        try GenerationSchema.fromJSONSchema(try JSONReader.parse(#"{"$schema":"\#(metaSchema)",\#(body)}"#))
    }

    static func verdicts(_ schema: ImportedSchema, _ instances: [String]) throws -> [Bool] {
        try instances.map { schema.schema.validates(try JSONReader.parse($0)) }
    }

    static func ignored(_ schema: ImportedSchema) -> [String] { schema.ignored.map(\.keyword).sorted() }

    static let draft4 = "http://json-schema.org/draft-04/schema#"
    static let draft6 = "http://json-schema.org/draft-06/schema#"
    static let draft7 = "http://json-schema.org/draft-07/schema#"
    static let draft2019 = "https://json-schema.org/draft/2019-09/schema"
    static let draft2020 = "https://json-schema.org/draft/2020-12/schema"

    /// `const` came with draft 6 and `if`/`then` with draft 7: as draft 6 the constant holds and
    /// the condition is an annotation; as draft 4 both are annotations.
    @Test func draft6IsRecognisedBySchema() throws {
        let body = #""const":1,"if":{"const":1},"then":false"#
        let six = try Self.read(Self.draft6, body)
        #expect(try Self.verdicts(six, ["1", "2"]) == [true, false])
        #expect(Self.ignored(six) == ["if", "then"])
        let four = try Self.read(Self.draft4, body)
        #expect(try Self.verdicts(four, ["1", "2"]) == [true, true])
        #expect(Self.ignored(four) == ["const", "if", "then"])
        let seven = try Self.read(Self.draft7, body)
        #expect(try Self.verdicts(seven, ["1", "2"]) == [false, false], "as draft 7, 1 meets if and fails then")
        #expect(Self.ignored(seven) == [])
    }

    /// `dependentRequired` came with 2019-09 and `additionalItems` left with 2020-12: as
    /// 2019-09 both hold; as draft 7 the first is an annotation, as 2020-12 the second.
    @Test func draft2019IsRecognisedBySchema() throws {
        let body = #""dependentRequired":{"a":["b"]},"items":[{"type":"integer"}],"additionalItems":false"#
        let instances = [#"{"a":1,"b":2}"#, #"{"a":1}"#, "[1]", "[1,2]"]
        let nineteen = try Self.read(Self.draft2019, body)
        #expect(try Self.verdicts(nineteen, instances) == [true, false, true, false])
        #expect(Self.ignored(nineteen) == [])
        let seven = try Self.read(Self.draft7, body)
        #expect(try Self.verdicts(seven, instances) == [true, true, true, false])
        #expect(Self.ignored(seven) == ["dependentRequired"])
        let twenty = try Self.read(Self.draft2020, body)
        #expect(try Self.verdicts(twenty, instances) == [true, false, true, true])
        #expect(Self.ignored(twenty) == ["additionalItems"])
    }
}
