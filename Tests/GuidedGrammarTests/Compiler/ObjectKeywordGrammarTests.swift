import GuidedGrammar
import GuidedJSON
import GuidedSchema
import GuidedTestTraits
import Testing

/// `patternProperties` and `propertyNames` enforced on closed objects (issue 11): the grammar
/// writes only declared keys, so a pattern constrains exactly the declared keys it matches.
@Suite(.ownThreads) struct ObjectKeywordGrammarTests {
    /// The schema, its compilation, and the grammar checked by our matcher and llama.cpp's.
    static func compiled(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> (
        GenerationSchema, CompiledGrammar, CheckedGrammar
    ) {
        let schema = try GenerationSchema.fromJSONSchema(try JSONReader.parse(text)).schema
        let grammar = try GrammarCompiler.compile(schema)
        return (schema, grammar, try CheckedGrammar(grammar.gbnf, sourceLocation: sourceLocation))
    }

    static func disposition(_ keyword: String, in grammar: CompiledGrammar) -> LoweringReport.Disposition? {
        grammar.report.entries.first { $0.keyword == keyword }?.disposition
    }

    @Test func aPatternPropertyConstrainsTheDeclaredKeysItMatches() throws {
        let (schema, compiled, grammar) = try Self.compiled(
            #"""
            {"type": "object", "properties": {"x_count": {"type": "integer"}, "name": {"type": "string"}},
             "required": ["x_count", "name"], "patternProperties": {"^x_": {"minimum": 0, "maximum": 9}}}
            """#)
        #expect(Self.disposition("patternProperties", in: compiled) == .enforced)
        #expect(grammar.accepts(#"{"x_count":3,"name":"a"}"#))
        for invalid in [#"{"x_count":12,"name":"a"}"#, #"{"x_count":-1,"name":"a"}"#] {
            #expect(!grammar.accepts(invalid), "\(invalid)")
            #expect(!schema.validates(try JSONReader.parse(invalid)))
        }
        let enforced = compiled.enforcedSchema(of: schema)
        #expect(
            !enforced.validates(try JSONReader.parse(#"{"x_count":12,"name":"a"}"#)),
            "the enforced schema keeps the pattern's bounds")
    }

    @Test func patternsOutsideTheSubsetOrOpenMapsStayCheckedAfter() throws {
        let (_, lookahead, _) = try Self.compiled(
            #"""
            {"type": "object", "properties": {"a": {"type": "integer"}}, "patternProperties": {"^(?=a)": {"minimum": 0}}}
            """#)
        #expect(Self.disposition("patternProperties", in: lookahead) == .checkedAfter)
        let (_, open, _) = try Self.compiled(#"{"type": "object", "patternProperties": {"^a": {"type": "integer"}}}"#)
        #expect(Self.disposition("patternProperties", in: open) == .checkedAfter)
    }

    /// A closed object with one pattern and no declared keys (a dictionary of language codes,
    /// as real schemas write it) is a map of the keys the pattern matches: it used to be closed
    /// to `{}`, refusing every valid instance with a key.
    @Test func aClosedObjectWithOnePatternIsAMapOfTheKeysItMatches() throws {
        let (schema, compiled, grammar) = try Self.compiled(
            #"""
            {"type": "object", "additionalProperties": false,
             "patternProperties": {"^[a-z]{2}(-[A-Z]{2})?$": {"type": "integer", "minimum": 0}}}
            """#)
        #expect(Self.disposition("patternProperties", in: compiled) == .enforced)
        for valid in ["{}", #"{"en":1}"#, #"{"en":1,"pt-BR":0}"#] {
            #expect(grammar.accepts(valid), "\(valid)")
            #expect(schema.validates(try JSONReader.parse(valid)))
        }
        for invalid in [#"{"eng":1}"#, #"{"en":-1}"#, #"{"EN":1}"#, #"{"en":"1"}"#] {
            #expect(!grammar.accepts(invalid), "\(invalid)")
            #expect(!schema.validates(try JSONReader.parse(invalid)), "\(invalid)")
        }
        #expect(!compiled.enforcedSchema(of: schema).validates(try JSONReader.parse(#"{"en":-1}"#)))
    }

    /// What the mapped values leave to the validator leaves the enforced schema too: every text
    /// the grammar accepts is valid against it.
    @Test func aMappedPatternsCheckedAfterKeywordsLeaveTheEnforcedSchema() throws {
        let (schema, compiled, grammar) = try Self.compiled(
            #"""
            {"type": "object", "additionalProperties": false,
             "patternProperties": {"^x": {"type": "array", "items": {"type": "integer"}, "uniqueItems": true}}}
            """#)
        let repeated = #"{"x":[1,1]}"#
        #expect(grammar.accepts(repeated))
        #expect(!schema.validates(try JSONReader.parse(repeated)), "uniqueItems is checked after")
        #expect(compiled.enforcedSchema(of: schema).validates(try JSONReader.parse(repeated)))
    }

    /// Two patterns could both match one key, whose value then owes both schemas: one map cannot
    /// say that, so only `{}` is written and the patterns are checked after.
    @Test func aClosedObjectWithTwoPatternsStaysEmptyAndCheckedAfter() throws {
        let (_, compiled, grammar) = try Self.compiled(
            #"""
            {"type": "object", "additionalProperties": false,
             "patternProperties": {"^a": {"type": "integer"}, "b$": {"minimum": 3}}}
            """#)
        #expect(Self.disposition("patternProperties", in: compiled) == .checkedAfter)
        #expect(grammar.accepts("{}"))
        #expect(!grammar.accepts(#"{"ab":4}"#))
    }

    @Test func propertyNamesIsEnforcedWhenEveryDeclaredKeySatisfiesIt() throws {
        let (_, holds, _) = try Self.compiled(
            #"""
            {"type": "object", "properties": {"ab": {"type": "integer"}}, "propertyNames": {"maxLength": 3}}
            """#)
        #expect(Self.disposition("propertyNames", in: holds) == .enforced)
        let (_, breaks, _) = try Self.compiled(
            #"""
            {"type": "object", "properties": {"abcd": {"type": "integer"}}, "propertyNames": {"maxLength": 3}}
            """#)
        #expect(Self.disposition("propertyNames", in: breaks) == .checkedAfter)
    }

    @Test func minAndMaxPropertiesCountTheKeysOfAClosedObject() throws {
        let (schema, compiled, grammar) = try Self.compiled(
            #"""
            {"type": "object", "properties": {"a": {"type": "integer"}, "b": {"type": "integer"}, "c": {"type": "integer"}},
             "additionalProperties": false, "minProperties": 1, "maxProperties": 2}
            """#)
        #expect(Self.disposition("minProperties", in: compiled) == .enforced)
        #expect(Self.disposition("maxProperties", in: compiled) == .enforced)
        for text in [#"{}"#, #"{"a":1}"#, #"{"c":1}"#, #"{"a":1,"c":2}"#, #"{"b":1,"c":2}"#, #"{"a":1,"b":2,"c":3}"#] {
            let valid = schema.validates(try JSONReader.parse(text))
            #expect(grammar.accepts(text) == valid, "\(text): valid \(valid)")
        }
    }

    @Test func countsOnOpenMapsOrBeyondTheDeclaredKeysStayCheckedAfter() throws {
        let (_, open, _) = try Self.compiled(
            #"{"type": "object", "additionalProperties": {"type": "integer"}, "minProperties": 2}"#)
        #expect(Self.disposition("minProperties", in: open) == .checkedAfter)
        let (_, tooMany, _) = try Self.compiled(#"{"type": "object", "properties": {"a": {}}, "minProperties": 2}"#)
        #expect(Self.disposition("minProperties", in: tooMany) == .checkedAfter)
        let (_, always, grammar) = try Self.compiled(
            #"{"type": "object", "properties": {"a": {}}, "required": ["a"], "minProperties": 1}"#)
        #expect(Self.disposition("minProperties", in: always) == .enforced)
        #expect(!grammar.accepts("{}"))
    }

    @Test func uniqueItemsOverASmallEnumNeverRepeatsAValue() throws {
        let (schema, compiled, grammar) = try Self.compiled(
            #"""
            {"type": "array", "items": {"enum": ["a", "b", "c"]}, "uniqueItems": true, "minItems": 1}
            """#)
        #expect(Self.disposition("uniqueItems", in: compiled) == .enforced)
        for text in [
            #"[]"#, #"["a"]"#, #"["c","a"]"#, #"["a","b","c"]"#, #"["a","a"]"#, #"["b","c","b"]"#,
            #"["a","b","c","a"]"#, #"["d"]"#,
        ] {
            let valid = schema.validates(try JSONReader.parse(text))
            #expect(grammar.accepts(text) == valid, "\(text): valid \(valid)")
        }
        let (_, strings, _) = try Self.compiled(#"{"type": "array", "items": {"type": "string"}, "uniqueItems": true}"#)
        #expect(Self.disposition("uniqueItems", in: strings) == .checkedAfter)
    }
}
