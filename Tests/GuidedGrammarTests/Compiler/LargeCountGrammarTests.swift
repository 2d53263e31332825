import GuidedGrammar
import GuidedJSON
import GuidedSchema
import GuidedTestTraits
import Testing

/// Lengths and item counts above llama.cpp's repetition limit (1,999) are enforced in the grammar,
/// spelled in chunks of the limit (issue 23: `maxLength` above it was only checked after
/// generation, 45 of the 303 `maxLength` uses in the JSONSchemaBench sample). Every grammar is
/// checked by llama.cpp's validator and by our matcher, at the chunk boundaries.
@Suite(.ownThreads) struct LargeCountGrammarTests {
    static func compiled(_ schema: String) throws -> (CompiledGrammar, CheckedGrammar) {
        let compiled = try GrammarCompiler.compile(
            try GenerationSchema.fromJSONSchema(try JSONReader.parse(schema)).schema)
        return (compiled, try CheckedGrammar(compiled.gbnf))
    }

    static func string(_ length: Int) -> String { "\"" + String(repeating: "a", count: length) + "\"" }

    @Test func aMaximumLengthAboveTheLimitIsEnforcedExactly() throws {
        let (compiled, grammar) = try Self.compiled(#"{"type": "string", "maxLength": 5000}"#)
        #expect(compiled.report.entries(.checkedAfter).isEmpty, "\(compiled.report)")
        for length in [0, 1, 1998, 1999, 2000, 3997, 3998, 3999, 4000, 4999, 5000] {
            #expect(grammar.accepts(Self.string(length)), "length \(length)")
        }
        #expect(!grammar.accepts(Self.string(5001)))
        #expect(compiled.gbnf.utf8.count < 2_000, "the grammar grows with the chunks, not the count")
    }

    @Test func aMinimumAndMaximumAboveTheLimitAreEnforcedExactly() throws {
        let (compiled, grammar) = try Self.compiled(#"{"type": "string", "minLength": 2500, "maxLength": 4100}"#)
        #expect(compiled.report.entries(.checkedAfter).isEmpty, "\(compiled.report)")
        for length in [2500, 2501, 4098, 4099, 4100] {
            #expect(grammar.accepts(Self.string(length)), "length \(length)")
        }
        for length in [0, 1999, 2499, 4101] { #expect(!grammar.accepts(Self.string(length)), "length \(length)") }
    }

    @Test func aMinimumAboveTheLimitWithNoMaximumIsEnforced() throws {
        let (compiled, grammar) = try Self.compiled(#"{"type": "string", "minLength": 4000}"#)
        #expect(compiled.report.entries(.checkedAfter).isEmpty, "\(compiled.report)")
        #expect(!grammar.accepts(Self.string(3999)))
        #expect(grammar.accepts(Self.string(4000)))
        #expect(grammar.accepts(Self.string(4321)))
    }

    @Test func anItemCountAboveTheLimitIsEnforcedExactly() throws {
        let (compiled, grammar) = try Self.compiled(#"{"type": "array", "items": {"const": 1}, "maxItems": 2001}"#)
        #expect(compiled.report.entries(.checkedAfter).isEmpty, "\(compiled.report)")
        let array = { (count: Int) in "[" + Array(repeating: "1", count: count).joined(separator: ",") + "]" }
        for count in [0, 1, 1999, 2000, 2001] { #expect(grammar.accepts(array(count)), "\(count) items") }
        #expect(!grammar.accepts(array(2002)))
    }

    @Test func aCountAboveAMillionIsStillCheckedAfter() throws {
        let (compiled, _) = try Self.compiled(#"{"type": "string", "maxLength": 2000000}"#)
        #expect(compiled.report.entries(.checkedAfter).map(\.keyword) == ["maxLength"])
    }
}
