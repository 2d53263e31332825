import GuidedGrammar
import GuidedJSON
import GuidedSchema
import Testing

@Suite struct ServerSchemaTests {
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
        let grammar = try GrammarCompiler.compile(Self.schema, options: GrammarOptions(groundedVocabulary: vocabulary))
            .report.entries
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

@Suite struct GrammarCompilerBehaviourTests {
    @Test func compiledGrammarsAreCachedBySchemaIdentity() throws {
        let schema = GenerationSchema(root: .string(StringConstraints(maxLength: 7)))
        let first = try GrammarCompiler.cachedCompile(schema)
        let second = try GrammarCompiler.cachedCompile(GenerationSchema(root: .string(StringConstraints(maxLength: 7))))
        #expect(first == second)
        #expect(
            try GrammarCompiler.cachedCompile(schema, options: GrammarOptions(whitespace: .pretty))
                == GrammarCompiler.compile(schema, options: GrammarOptions(whitespace: .pretty)))
    }

    @Test func boundsBeyondLlamaLimitsAreCheckedAfterNeverEmitted() throws {
        let schema = GenerationSchema(root: .string(StringConstraints(minLength: 2500, maxLength: 5000)))
        let compiled = try GrammarCompiler.compile(schema)
        #expect(!compiled.gbnf.contains("2500") && !compiled.gbnf.contains("5000"))
        #expect(compiled.report.entries(.checkedAfter).map(\.keyword).sorted() == ["maxLength", "minLength"])
        let array = GenerationSchema(root: .array(ArrayConstraints(items: .boolean, minItems: 0, maxItems: 3000)))
        #expect(!(try GrammarCompiler.compile(array).gbnf.contains("2999")))
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
                _ = try GBNFGrammar(parsing: text)
                #expect(!text.contains("{\(high + 1),"))
            }
        }
    }

    @Test func unsatisfiableSchemasAreErrorsButUnsatisfiableBranchesAreDropped() throws {
        #expect(throws: GrammarError.self) { try GrammarCompiler.compile(GenerationSchema(root: .nothing)) }
        let schema = GenerationSchema(
            root: SchemaNode(.anyOf([.integer(NumericBounds(minimum: 5, maximum: 1)), .boolean])))
        let grammar = try GBNFGrammar(parsing: try GrammarCompiler.compile(schema).gbnf)
        #expect(grammar.accepts("true") && !grammar.accepts("3"))
    }

    @Test func everyReportEntryNamesAKeywordOfTheSchema() throws {
        let schema = try GenerationSchema.fromJSONSchema(
            try JSONReader.parse(
                #"{"type":"object","properties":{"d":{"type":"string","format":"email"},"n":{"type":"number","exclusiveMinimum":0.5}},"required":["d"]}"#
            )
        ).schema
        let report = try GrammarCompiler.compile(schema).report
        #expect(
            report.entries.contains {
                $0.pointer.description == "/properties/d/format" && $0.disposition == .checkedAfter
            })
        #expect(
            report.entries.contains {
                $0.pointer.description == "/properties/n/exclusiveMinimum" && $0.disposition == .checkedAfter
            })
        #expect(report.entries.contains { $0.keyword == "required" && $0.disposition == .enforced })
    }
}
