import GuidedJSON
import GuidedSchema
import GuidedTestTraits
import Testing

@testable import GuidedGrammar

@Suite(.ownThreads) struct ServerSchemaTests {
    static let schema = try! GenerationSchema.fromJSONSchema(
        try! JSONReader.parse(
            #"""
            {"type":"object","properties":{
                "title":{"type":"string","maxLength":40},
                "note":{"type":"string"},
                "tags":{"type":"array","items":{"type":"object","properties":{"k":{"type":"string"},"v":{"type":"integer"}},"required":["k"]}}},
             "required":["title","tags"]}
            """#)
    ).schema

    @Test func strictModeRequiresEveryPropertyAndClosesObjects() throws {
        let server = Self.schema.serverSchema(.openAIStrict)
        let document = server.document
        #expect(document["required"] == ["title", "note", "tags"])
        #expect(document["additionalProperties"] == false)
        #expect(document["properties"]?["note"]?["type"] == ["string", "null"])
        let item = document["properties"]?["tags"]?["items"]
        #expect(item?["required"] == ["k", "v"])
        #expect(item?["additionalProperties"] == false)
        #expect(document["$schema"] == nil)
        #expect(server.report.entries.contains { $0.keyword == "required" && $0.note.contains("nullable") })
        #expect(server.report.entries.contains { $0.keyword == "maxLength" && $0.disposition == .checkedAfter })
    }

    @Test func groundedDecodingIsACheckAfterForServersAndEnforcedInTheGrammar() throws {
        let strings = ["/properties/title", "/properties/note", "/properties/tags/items/properties/k"]
        for dialect in ServerSchemaDialect.allCases {
            let grounded = Self.schema.serverSchema(dialect, groundedDecoding: true).report.entries.filter {
                $0.keyword == "grounded"
            }
            #expect(Set(grounded.map(\.pointer.description)) == Set(strings), "\(dialect)")
            #expect(grounded.allSatisfy { $0.disposition == .checkedAfter })
            #expect(!Self.schema.serverSchema(dialect).report.entries.contains { $0.keyword == "grounded" })
        }
        let vocabulary = GroundedVocabulary(specifics: ["March"], forbiddenWords: [])
        let compiled = try GrammarCompiler.compile(Self.schema, options: GrammarOptions(groundedVocabulary: vocabulary))
        let checked = try CheckedGrammar(compiled.gbnf)
        #expect(checked.accepts(#"{"title":"March","tags":[{"k":"March"}]}"#))
        #expect(checked.accepts(#"{"title":"Swim in March","tags":[]}"#))
        #expect(!checked.accepts(#"{"title":"Swim in April","tags":[]}"#), "a specific the facts lack")
        let grammar = compiled.report.entries
        #expect(
            Set(grammar.filter { $0.keyword == "grounded" && $0.disposition == .enforced }.map(\.pointer.description))
                == Set(strings))
    }

    @Test func nullsStandingForAbsentOptionalsAreRemovedBeforeValidation() throws {
        let server = Self.schema.serverSchema(.openAIStrict)
        let output = try JSONReader.parse(#"{"title":"t","note":null,"tags":[]}"#)
        #expect(!Self.schema.validates(output))
        let restored = server.restoringOptionals(in: output)
        #expect(restored == (try JSONReader.parse(#"{"title":"t","tags":[]}"#)))
        #expect(Self.schema.validates(restored))
    }

    @Test func plainDialectKeepsTheSchema() throws {
        let server = Self.schema.serverSchema(.plain)
        let back = try GenerationSchema.fromJSONSchema(server.document).schema
        #expect(back == Self.schema)
        #expect(server.nullableOptionals.isEmpty)
    }

    @Test func strictModeReportsWhatItCannotExpress() {
        let map = GenerationSchema(root: .object(ObjectConstraints([], additionalProperties: .integer())))
        #expect(map.serverSchema(.openAIStrict).report.entries(.unsupported).map(\.keyword) == ["additionalProperties"])
        #expect(
            GenerationSchema(root: .string()).serverSchema(.openAIStrict).report.entries(.unsupported).map(\.keyword)
                == ["type"])
    }
}

@Suite(.ownThreads) struct GrammarCompilerBehaviourTests {
    /// Counted by the cache's compilations, not by comparing results: the compiler is
    /// deterministic, so a second compilation would give the same grammar as a cache hit.
    @Test func compiledGrammarsAreCachedBySchemaIdentity() throws {
        // A schema no other test compiles: the shared cache's count for it is this test's alone.
        func schema() -> GenerationSchema {
            GenerationSchema(
                root: .array(ArrayConstraints(items: .string(StringConstraints(minLength: 3, maxLength: 29)))))
        }
        let compact = GrammarOptions()
        let pretty = GrammarOptions(whitespace: .pretty)
        let cache = GrammarCache.shared
        #expect(cache.compilations(of: schema(), options: compact) == 0)
        let first = try GrammarCompiler.cachedCompile(schema())
        let second = try GrammarCompiler.cachedCompile(schema())
        #expect(first == second)
        #expect(cache.compilations(of: schema(), options: compact) == 1, "an equal schema was compiled again")
        #expect(try CheckedGrammar(first.gbnf).accepts(#"["abcd"]"#))
        let indented = try GrammarCompiler.cachedCompile(schema(), options: pretty)
        _ = try GrammarCompiler.cachedCompile(schema(), options: pretty)
        #expect(indented == (try GrammarCompiler.compile(schema(), options: pretty)))
        #expect(indented != first)
        #expect(try CheckedGrammar(indented.gbnf).accepts("[\n  \"abcd\"\n]"))
        #expect(cache.compilations(of: schema(), options: pretty) == 1, "other options are a key of their own")
        #expect(cache.compilations(of: schema(), options: compact) == 1)
    }

    /// Counts above llama.cpp's limit are enforced in chunks of it (`LargeCountGrammarTests`),
    /// never written whole: llama.cpp would refuse the minimum and read the maximum as unbounded.
    @Test func boundsBeyondLlamaLimitsAreEnforcedInChunksNeverEmittedWhole() throws {
        let schema = GenerationSchema(root: .string(StringConstraints(minLength: 2500, maxLength: 5000)))
        let compiled = try GrammarCompiler.compile(schema)
        #expect(!compiled.gbnf.contains("2500") && !compiled.gbnf.contains("5000"))
        let grammar = try CheckedGrammar(compiled.gbnf)
        #expect(!grammar.accepts(#""ab""#))
        #expect(grammar.accepts("\"" + String(repeating: "a", count: 2500) + "\""))
        #expect(compiled.report.entries(.checkedAfter).isEmpty, "\(compiled.report)")
        let array = GenerationSchema(root: .array(ArrayConstraints(items: .boolean, minItems: 0, maxItems: 3000)))
        let arrayGrammar = try GrammarCompiler.compile(array).gbnf
        #expect(!arrayGrammar.contains("2999") && !arrayGrammar.contains("3000"))
        #expect(try CheckedGrammar(arrayGrammar).accepts("[true,false]"))
    }

    @Test func emittedRepetitionsNeverHaveMinAboveMax() throws {
        for low in 0...4 {
            for high in low...5 {
                let schema = GenerationSchema(
                    root: .array(
                        ArrayConstraints(
                            items: .string(StringConstraints(minLength: low, maxLength: high)), minItems: low,
                            maxItems: high)))
                let text = try GrammarCompiler.compile(schema).gbnf
                let grammar = try CheckedGrammar(text)
                let shortest =
                    "["
                    + Array(repeating: "\"" + String(repeating: "a", count: low) + "\"", count: low)
                    .joined(separator: ",") + "]"
                #expect(grammar.accepts(shortest), "\(low)...\(high)")
                #expect(!text.contains("{\(high + 1),"))
            }
        }
    }

    @Test func unsatisfiableSchemasAreErrorsButUnsatisfiableBranchesAreDropped() throws {
        #expect(throws: GrammarError.self) { try GrammarCompiler.compile(GenerationSchema(root: .nothing)) }
        let schema = GenerationSchema(
            root: SchemaNode(.anyOf([.integer(NumericBounds(minimum: 5, maximum: 1)), .boolean])))
        let grammar = try CheckedGrammar(try GrammarCompiler.compile(schema).gbnf)
        #expect(grammar.accepts("true"))
        #expect(!grammar.accepts("3"))
    }

    @Test func everyReportEntryNamesAKeywordOfTheSchema() throws {
        let schema = try GenerationSchema.fromJSONSchema(
            try JSONReader.parse(
                #"{"type":"object","properties":{"d":{"type":"string","format":"email"},"n":{"type":"number","exclusiveMinimum":0.5}},"required":["d"]}"#
            )
        ).schema
        let compiled = try GrammarCompiler.compile(schema)
        #expect(try CheckedGrammar(compiled.gbnf).accepts(#"{"d":"a@b.example","n":1}"#))
        let report = compiled.report
        #expect(
            report.entries.contains {
                $0.pointer.description == "/properties/d/format" && $0.disposition == .enforced
            })
        #expect(
            report.entries.contains {
                $0.pointer.description == "/properties/n/exclusiveMinimum" && $0.disposition == .checkedAfter
            })
        #expect(report.entries.contains { $0.keyword == "required" && $0.disposition == .enforced })
    }
}
