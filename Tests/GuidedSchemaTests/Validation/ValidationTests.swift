import GuidedJSON
import GuidedSchema
import Testing

/// The violations `instance` (JSON text) has against `schema` (JSON Schema text).
func violations(_ schema: String, _ instance: String) throws -> [Violation] {
    let imported = try GenerationSchema.fromJSONSchema(try JSONReader.parse(schema))
    return imported.schema.violations(of: try JSONReader.parse(instance))
}

/// A violation, written compactly.
func violation(_ pointer: String, _ keyword: String, _ expected: String, _ excerpt: String) -> Violation {
    Violation(pointer: JSONPointer(pointer)!, keyword: keyword, expected: expected, excerpt: excerpt)
}

@Suite struct TypeViolationTests {
    @Test func eachTypeMismatchIsLocated() throws {
        let schema = #"""
            {"type": "object", "properties": {
              "name": {"type": "string"}, "age": {"type": "integer"}, "ratio": {"type": "number"},
              "ok": {"type": "boolean"}, "none": {"type": "null"}, "list": {"type": "array"}, "obj": {"type": "object"}}}
            """#
        let found = try violations(
            schema, #"{"name": 1, "age": "x", "ratio": true, "ok": null, "none": 0, "list": {}, "obj": []}"#)
        #expect(
            found == [
                violation("/name", "type", "a string", "1"),
                violation("/age", "type", "an integer", "\"x\""),
                violation("/ratio", "type", "a number", "true"),
                violation("/ok", "type", "a boolean", "null"),
                violation("/none", "type", "a null", "0"),
                violation("/list", "type", "an array", "{}"),
                violation("/obj", "type", "an object", "[]"),
            ])
    }

    @Test func matchingTypesHaveNoViolations() throws {
        let schema =
            #"{"type": "array", "prefixItems": [{"type": "string"}, {"type": "integer"}, {"type": "number"}, {"type": "boolean"}, {"type": "null"}]}"#
        #expect(try violations(schema, #"["s", 3, 2, false, null]"#) == [])
    }

    @Test(arguments: ["1", "1.0", "-3", "1e2", "2.000", "-0"])
    func integralNumbersAreIntegers(_ text: String) throws {
        #expect(try violations(#"{"type": "integer"}"#, text) == [])
    }

    @Test(arguments: ["1.5", "1e-1", "-0.25"])
    func fractionalNumbersAreNotIntegers(_ text: String) throws {
        #expect(try violations(#"{"type": "integer"}"#, text) == [violation("", "type", "an integer", text)])
    }

    @Test func nullableTypeArrayAcceptsBothAndReportsTheBranchOfTheValuesType() throws {
        let schema = #"{"type": ["string", "null"], "maxLength": 2}"#
        #expect(try violations(schema, "null") == [])
        #expect(try violations(schema, #""ab""#) == [])
        #expect(
            try violations(schema, "3") == [
                violation("", "anyOf", "a value matching at least one of 2 alternatives", "3")
            ])
        #expect(
            try violations(schema, #""abc""#) == [
                violation("", "maxLength", "a string of at most 2 characters", "\"abc\" (3)")
            ])
    }

    @Test func falseSchemaRejectsEverything() throws {
        #expect(try violations("false", "{}") == [violation("", "false", "no value here", "{}")])
        #expect(GenerationSchema(root: .nothing).validates(.null) == false)
        #expect(try violations("true", #"{"a": [1]}"#) == [])
    }
}

@Suite struct StringViolationTests {
    static let lengths = #"{"type": "string", "minLength": 2, "maxLength": 3}"#

    @Test func lengthsCountUnicodeScalars() throws {
        #expect(
            try violations(Self.lengths, #""é""#) == [
                violation("", "minLength", "a string of at least 2 characters", "\"é\" (1)")
            ])
        // One character, two scalars (e + combining acute): long enough.
        #expect(try violations(Self.lengths, "\"e\u{301}\"") == [])
        // Three emoji are three scalars (six UTF-16 units): short enough.
        #expect(try violations(Self.lengths, #""😀😀😀""#) == [])
        // A family emoji is one character but five scalars.
        #expect(
            try violations(Self.lengths, #""👨‍👩‍👧""#) == [
                violation("", "maxLength", "a string of at most 3 characters", "\"👨‍👩‍👧\" (5)")
            ])
        #expect(
            try violations(Self.lengths, #""éééé""#) == [
                violation("", "maxLength", "a string of at most 3 characters", "\"éééé\" (4)")
            ])
        #expect(try violations(Self.lengths, #""éé""#) == [])
    }

    @Test func lengthBoundsAreInclusive() throws {
        #expect(try violations(Self.lengths, #""ab""#) == [])
        #expect(try violations(Self.lengths, #""abc""#) == [])
        #expect(
            try violations(Self.lengths, #""""#) == [
                violation("", "minLength", "a string of at least 2 characters", "\"\" (0)")
            ])
    }

    @Test func patternViolation() throws {
        let schema = #"{"type": "object", "properties": {"zip": {"type": "string", "pattern": "^[0-9]{5}$"}}}"#
        #expect(
            try violations(schema, #"{"zip": "1234"}"#) == [
                violation("/zip", "pattern", "a string matching /^[0-9]{5}$/", "\"1234\"")
            ])
        #expect(try violations(schema, #"{"zip": "12345"}"#) == [])
    }

    @Test func patternSearchesAnywhereUnlessAnchored() throws {
        let schema = #"{"type": "string", "pattern": "b+"}"#
        #expect(try violations(schema, #""abbc""#) == [])
        #expect(try violations(schema, #""ac""#) == [violation("", "pattern", "a string matching /b+/", "\"ac\"")])
    }

    @Test func everyStringConstraintIsReported() throws {
        let schema = #"{"type": "string", "minLength": 5, "pattern": "^[a-z]+$", "format": "email"}"#
        #expect(
            try violations(schema, #""A@b""#) == [
                violation("", "minLength", "a string of at least 5 characters", "\"A@b\" (3)"),
                violation("", "pattern", "a string matching /^[a-z]+$/", "\"A@b\""),
            ])
    }
}

@Suite struct FormatViolationTests {
    static let cases: [(StringFormat, [String], [String])] = [
        (
            .date, ["2026-11-30", "2024-02-29", "2000-02-29"],
            ["2026-02-29", "1900-02-29", "2026-13-01", "2026-04-31", "2026-1-01", "2026-11-30T00:00:00Z", "2026-00-10"]
        ),
        (
            .time, ["08:30:00Z", "23:59:60Z", "08:30:00.123+02:00", "15:59:60-08:00", "00:00:00z"],
            [
                "24:00:00Z", "08:30:00", "12:00:60Z", "8:30:00Z", "08:30:00+2:00", "08:60:00Z", "08:30:00.Z",
                "08:30:00+24:00",
            ]
        ),
        (
            .dateTime, ["2026-11-30T08:30:00Z", "2026-11-30t08:30:00.5-05:00"],
            ["2026-11-30 08:30:00Z", "2026-11-30T08:30Z", "2026-11-31T00:00:00Z", "2026-11-30"]
        ),
        (
            .uuid, ["123e4567-e89b-12d3-a456-426614174000", "123E4567-E89B-12D3-A456-426614174000"],
            [
                "123e4567e89b12d3a456426614174000", "123e4567-e89b-12d3-a456-42661417400g",
                "123e4567-e89b-12d3-a456-4266141740000",
            ]
        ),
        (
            .email,
            ["joe@example.com", "first.last+tag@sub.example.org", "\"joe bloggs\"@example.com", "joe@[192.168.0.1]"],
            [
                "joe", "@example.com", "joe@", "joe..x@example.com", ".joe@example.com", "joe@-example.com",
                "joe@exa_mple.com", "joe@example..com",
            ]
        ),
        (
            .ipv4, ["192.168.0.1", "0.0.0.0", "255.255.255.255"],
            ["256.1.1.1", "1.2.3", "01.2.3.4", "1.2.3.4.5", "1.2.3.a", "1..2.3", "99999999999999999999.1.1.1"]
        ),
        (
            .duration,
            ["P3D", "PT1H30M", "P2W", "P1Y2M3DT4H5M6S", "PT36H", "P99999999999999999999W", "P99999999999999999999D"],
            ["P", "PT", "P1Y2D", "1D", "P1DT", "P1W2D", "PT1H2S", "P1.5D", "p1d"]
        ),
        (
            .idnEmail, ["δοκιμή@example.com", "joe@example.com", "실례@실례.테스트"],
            ["joe", "user＠example.com", "a b@example.com"]
        ),
        (
            .hostname, ["example.com", "a--b.com", "xn--9n2bp8q.xn--9t4b11yi5a"],
            ["example.", "-a.com", "a_b.com", "xn--X", "é.com"]
        ),
        (.idnHostname, ["실례.테스트", "a。b", "l·l"], ["a..b", "·l", "xn--7a", "-hello"]),
        (
            .ipv6, ["::1", "1:2:3:4:5:6:7:8", "::ffff:192.168.0.1", "1::d6:192.168.0.1"],
            ["12345::", "1::2::3", "1:2:3:4:5:6:7", "[::1]", "fe80::a%eth1"]
        ),
        (
            .uri, ["http://foo.bar/?baz=qux#quux", "urn:oasis:names:x", "mailto:a@b.c", "http://[2001:db8::7]/c"],
            ["/abc", "abc", "http://a b.com", "http://example.com:abc/"]
        ),
        (.uriReference, ["/abc", "abc", "#frag", "", "//host/p"], ["\\\\WINDOWS\\x", "/%zz", "1:b"]),
        (.iri, ["http://ƒøø.ßår/?∂éœ=πîx#πîüx", "urn:example:resource"], ["/abc", "http://2001:0db8::1"]),
        (.iriReference, ["/âππ", "#ƒrägmênt"], ["#ƒräg\\mênt"]),
        (.uriTemplate, ["http://example.com/{term:1}/{term}", "{+var}", ""], ["{}", "{v:0}", "foo}bar", "a b"]),
        (.jsonPointer, ["", "/", "/a~1b", "/foo/0"], ["a", "/~2", "#/a"]),
        (.relativeJSONPointer, ["1", "0/foo", "0#"], ["/foo", "01/a", "-1"]),
        (.regex, ["^[a-z]+$", "(?<=a)b", "\\p{L}"], ["(", "[a-", "a{2,1}"]),
    ]

    @Test(arguments: cases)
    func format(_ format: StringFormat, _ valid: [String], _ invalid: [String]) throws {
        let schema = #"{"type": "object", "properties": {"v": {"type": "string", "format": "\#(format.rawValue)"}}}"#
        for text in valid {
            #expect(try violations(schema, #"{"v": \#(JSONString.quoted(text))}"#) == [], "\(format.rawValue): \(text)")
        }
        for text in invalid {
            let expected = violation("/v", "format", "a string in \(format.rawValue) format", JSONString.quoted(text))
            #expect(
                try violations(schema, #"{"v": \#(JSONString.quoted(text))}"#) == [expected],
                "\(format.rawValue): \(text)")
        }
    }

    @Test func everyFormatIsCovered() {
        #expect(Set(Self.cases.map(\.0)) == Set(StringFormat.allCases))
    }
}

@Suite struct NumberViolationTests {
    @Test func inclusiveBounds() throws {
        let schema = #"{"type": "number", "minimum": 1, "maximum": 8.5}"#
        #expect(try violations(schema, "0.5") == [violation("", "minimum", "a number ≥ 1", "0.5")])
        #expect(try violations(schema, "9") == [violation("", "maximum", "a number ≤ 8.5", "9")])
        #expect(try violations(schema, "1") == [])
        #expect(try violations(schema, "8.5") == [])
    }

    @Test func exclusiveBounds() throws {
        let schema = #"{"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 1}"#
        #expect(try violations(schema, "0") == [violation("", "exclusiveMinimum", "a number > 0", "0")])
        #expect(try violations(schema, "1.0") == [violation("", "exclusiveMaximum", "a number < 1", "1.0")])
        #expect(try violations(schema, "-2") == [violation("", "exclusiveMinimum", "a number > 0", "-2")])
        #expect(try violations(schema, "0.5") == [])
        #expect(try violations(schema, "1e-9") == [])
    }

    @Test func integerBoundsApplyToIntegralDecimals() throws {
        let schema = #"{"type": "object", "properties": {"hours": {"type": "integer", "minimum": 1, "maximum": 8}}}"#
        #expect(try violations(schema, #"{"hours": 8.0}"#) == [])
        #expect(try violations(schema, #"{"hours": 9.0}"#) == [violation("/hours", "maximum", "a number ≤ 8", "9.0")])
        #expect(try violations(schema, #"{"hours": 0}"#) == [violation("/hours", "minimum", "a number ≥ 1", "0")])
        #expect(try violations(schema, #"{"hours": 2.5}"#) == [violation("/hours", "type", "an integer", "2.5")])
    }
}

@Suite struct ArrayViolationTests {
    static let counted = #"{"type": "array", "items": {"type": "string"}, "minItems": 2, "maxItems": 3}"#

    @Test func itemCounts() throws {
        #expect(
            try violations(Self.counted, #"["a"]"#) == [violation("", "minItems", "at least 2 items", "[\"a\"] (1)")])
        #expect(
            try violations(Self.counted, #"["a","b","c","d"]"#) == [
                violation("", "maxItems", "at most 3 items", "[\"a\",\"b\",\"c\",\"d\"] (4)")
            ])
        #expect(try violations(Self.counted, #"["a","b"]"#) == [])
        #expect(try violations(Self.counted, #"["a","b","c"]"#) == [])
    }

    @Test func everyElementIsCheckedAgainstItems() throws {
        #expect(try violations(Self.counted, #"["a", 2, "c"]"#) == [violation("/1", "type", "a string", "2")])
        #expect(
            try violations(Self.counted, #"[1, 2]"#) == [
                violation("/0", "type", "a string", "1"), violation("/1", "type", "a string", "2"),
            ])
    }

    @Test func prefixItemsThenItems() throws {
        let schema = #"{"type": "array", "prefixItems": [{"type": "string"}, {"type": "integer"}], "items": false}"#
        #expect(try violations(schema, #"["a", 1]"#) == [])
        #expect(try violations(schema, #"["a"]"#) == [])
        #expect(try violations(schema, #"["a", "b"]"#) == [violation("/1", "type", "an integer", "\"b\"")])
        #expect(try violations(schema, #"["a", 1, true]"#) == [violation("/2", "false", "no value here", "true")])
        #expect(try violations(schema, #"[1, 1]"#) == [violation("/0", "type", "a string", "1")])
    }

    @Test func prefixItemsWithItemsSchemaForTheRest() throws {
        let schema = #"{"type": "array", "prefixItems": [{"const": "head"}], "items": {"type": "integer"}}"#
        #expect(try violations(schema, #"["head", 1, 2]"#) == [])
        #expect(
            try violations(schema, #"["tail", 1, "x"]"#) == [
                violation("/0", "const", "exactly \"head\"", "\"tail\""),
                violation("/2", "type", "an integer", "\"x\""),
            ])
    }
}

@Suite struct ObjectViolationTests {
    @Test func requiredAndAdditionalProperties() throws {
        let schema = #"""
            {"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "string"}},
             "required": ["a", "c"], "additionalProperties": false}
            """#
        #expect(
            try violations(schema, #"{"b": "x", "d": 1}"#) == [
                violation("", "required", "a property \"a\"", #"{"b":"x","d":1}"#),
                violation("", "required", "a property \"c\"", #"{"b":"x","d":1}"#),
                violation("/d", "additionalProperties", "no property \"d\" (not in the schema)", "1"),
            ])
        #expect(
            try violations(schema, #"{"a": "x", "c": null}"#) == [
                violation("/c", "additionalProperties", "no property \"c\" (not in the schema)", "null")
            ])
    }

    @Test func optionalPropertiesMayBeMissing() throws {
        let schema =
            #"{"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "integer"}}, "required": ["a"]}"#
        #expect(try violations(schema, #"{"a": "x"}"#) == [])
        #expect(try violations(schema, #"{"b": 1}"#) == [violation("", "required", "a property \"a\"", #"{"b":1}"#)])
    }

    @Test func additionalPropertiesSchemaChecksUndeclaredValues() throws {
        let schema =
            #"{"type": "object", "properties": {"id": {"type": "string"}}, "additionalProperties": {"type": "integer"}}"#
        #expect(
            try violations(schema, #"{"id": "a", "x": 1, "y": "no"}"#) == [
                violation("/y", "type", "an integer", "\"no\"")
            ])
    }

    @Test func additionalPropertiesAreAllowedByDefaultAndWithTrue() throws {
        #expect(try violations(#"{"type": "object", "properties": {"a": {}}}"#, #"{"a": 1, "z": [1]}"#) == [])
        #expect(try violations(#"{"type": "object", "additionalProperties": true}"#, #"{"z": {}}"#) == [])
    }

    @Test func pointersEscapeSlashAndTilde() throws {
        let schema = #"{"type": "object", "properties": {"a/b": {"type": "string"}, "t~": {"type": "string"}}}"#
        #expect(
            try violations(schema, #"{"a/b": 1, "t~": 2}"#) == [
                violation("/a~1b", "type", "a string", "1"),
                violation("/t~0", "type", "a string", "2"),
            ])
    }
}

@Suite struct ValueViolationTests {
    @Test func enumOfMixedValues() throws {
        let schema = #"{"enum": ["a", 1, null, {"k": [true]}]}"#
        for text in [#""a""#, "1", "1.0", "null", #"{"k": [true]}"#] {
            #expect(try violations(schema, text) == [], "\(text)")
        }
        let expected = #"one of ["a", 1, null, {"k":[true]}]"#
        #expect(try violations(schema, #""b""#) == [violation("", "enum", expected, "\"b\"")])
        #expect(try violations(schema, "true") == [violation("", "enum", expected, "true")])
        #expect(try violations(schema, #"{"k": [false]}"#) == [violation("", "enum", expected, #"{"k":[false]}"#)])
    }

    @Test func stringsCompareByCodePointsNotCanonicalEquivalence() throws {
        let composed = "\u{E9}"
        let decomposed = "e\u{301}"
        let schema = GenerationSchema(root: SchemaNode(.choice([GeneratedContent(composed)])))
        #expect(schema.violations(of: GeneratedContent(composed)) == [])
        #expect(schema.violations(of: GeneratedContent(decomposed)).map(\.keyword) == ["enum"])
        let constant = GenerationSchema(root: SchemaNode(.constant(GeneratedContent(decomposed))))
        #expect(constant.violations(of: GeneratedContent(composed)).map(\.keyword) == ["const"])
    }

    @Test func constComparesByJSONValue() throws {
        let schema = #"{"type": "object", "properties": {"c": {"const": {"x": 1, "y": [1, 2]}}}}"#
        #expect(try violations(schema, #"{"c": {"y": [1.0, 2], "x": 1}}"#) == [])
        #expect(
            try violations(schema, #"{"c": {"x": 1}}"#) == [
                violation("/c", "const", #"exactly {"x":1,"y":[1,2]}"#, #"{"x":1}"#)
            ])
        #expect(try violations(schema, #"{"c": {"x": 1, "y": [2, 1]}}"#).map(\.keyword) == ["const"])
    }

    @Test func anyOfNeedsOneBranchAndReportsTheOnlyBranchOfTheValuesType() throws {
        let schema = #"{"anyOf": [{"type": "string"}, {"type": "integer", "minimum": 0}]}"#
        #expect(try violations(schema, #""s""#) == [])
        #expect(try violations(schema, "4") == [])
        #expect(try violations(schema, "-1") == [violation("", "minimum", "a number ≥ 0", "-1")])
        #expect(
            try violations(schema, "true") == [
                violation("", "anyOf", "a value matching at least one of 2 alternatives", "true")
            ])
    }

    @Test func oneOfNeedsExactlyOneBranch() throws {
        let schema = #"{"oneOf": [{"type": "integer"}, {"type": "number", "minimum": 0}]}"#
        #expect(try violations(schema, "-1") == [])
        #expect(try violations(schema, "1.5") == [])
        #expect(
            try violations(schema, "5") == [
                violation("", "oneOf", "a value matching exactly one of 2 alternatives (matched 2)", "5")
            ])
        #expect(
            try violations(schema, "-1.5") == [
                violation("", "oneOf", "a value matching exactly one of 2 alternatives (matched 0)", "-1.5")
            ])
    }

    @Test func allOfReportsEveryFailingBranch() throws {
        let schema = #"{"allOf": [{"type": "string", "minLength": 3}, {"type": "string", "pattern": "^a"}]}"#
        #expect(try violations(schema, #""abc""#) == [])
        #expect(
            try violations(schema, #""b""#) == [
                violation("", "minLength", "a string of at least 3 characters", "\"b\" (1)"),
                violation("", "pattern", "a string matching /^a/", "\"b\""),
            ])
    }

    @Test func missingDefinitionIsReported() {
        let schema = GenerationSchema(root: .reference("Gone"))
        #expect(schema.violations(of: 1) == [violation("", "$ref", "a value for the missing definition Gone", "1")])
    }
}

@Suite struct RecursiveViolationTests {
    static let tree = #"""
        {"$ref": "#/$defs/Node", "$defs": {"Node": {"type": "object",
          "properties": {"label": {"type": "string", "maxLength": 5}, "children": {"type": "array", "items": {"$ref": "#/$defs/Node"}}},
          "required": ["label", "children"], "additionalProperties": false}}}
        """#

    @Test func violationsDeepInATreeAreLocated() throws {
        let value = #"""
            {"label": "root", "children": [
              {"label": "a", "children": []},
              {"label": "b", "children": [{"label": "too long", "children": [{"label": "c", "children": [], "x": 1}]}, {"label": "d"}]}]}
            """#
        #expect(
            try violations(Self.tree, value) == [
                violation(
                    "/children/1/children/0/label", "maxLength", "a string of at most 5 characters", "\"too long\" (8)"),
                violation(
                    "/children/1/children/0/children/0/x", "additionalProperties",
                    "no property \"x\" (not in the schema)", "1"),
                violation("/children/1/children/1", "required", "a property \"children\"", #"{"label":"d"}"#),
            ])
    }

    @Test func validTreeHasNoViolations() throws {
        #expect(
            try violations(
                Self.tree,
                #"{"label": "r", "children": [{"label": "a", "children": [{"label": "b", "children": []}]}]}"#) == [])
    }

    @Test func dslTreeIsValidatedThroughItsDefinition() {
        let value: GeneratedContent = [
            "label": "root", "children": [["label": "leaf", "children": [["label": 3, "children": []]]]],
        ]
        #expect(
            TreeNode.generationSchema.violations(of: value) == [
                violation("/children/0/children/0/label", "type", "a string", "3")
            ])
    }
}

@Suite struct ViolationReportTests {
    static let steps = #"""
        {"type": "object", "properties": {"steps": {"type": "array", "items": {"type": "string", "minLength": 1, "maxLength": 10},
          "minItems": 3, "maxItems": 3}}, "required": ["steps"], "additionalProperties": false}
        """#

    @Test func multipleViolationsAreReportedTogether() throws {
        let found = try violations(Self.steps, #"{"steps": ["ok", "", 3, "way too long here"], "extra": true}"#)
        #expect(
            found == [
                violation("/steps", "maxItems", "at most 3 items", #"["ok","",3,"way too long here"] (4)"#),
                violation("/steps/1", "minLength", "a string of at least 1 characters", "\"\" (0)"),
                violation("/steps/2", "type", "a string", "3"),
                violation("/steps/3", "maxLength", "a string of at most 10 characters", "\"way too long here\" (17)"),
                violation("/extra", "additionalProperties", "no property \"extra\" (not in the schema)", "true"),
            ])
        #expect(found.map(\.description)[2] == "/steps/2: a string, got 3")
    }

    @Test func rootViolationDescriptionUsesSlash() throws {
        let found = try violations(Self.steps, "[]")
        #expect(found == [violation("", "type", "an object", "[]")])
        #expect(found[0].description == "/: an object, got []")
    }

    @Test func longExcerptsAreTruncated() throws {
        let long = String(repeating: "x", count: 100)
        let truncated = "\"" + String(repeating: "x", count: 59) + "…"
        #expect(
            try violations(#"{"type": "integer"}"#, "\"\(long)\"") == [violation("", "type", "an integer", truncated)])
        #expect(
            try violations(#"{"type": "string", "maxLength": 10}"#, "\"\(long)\"") == [
                violation("", "maxLength", "a string of at most 10 characters", truncated + " (100)")
            ])
        let array = "[" + Array(repeating: "1234567890", count: 10).joined(separator: ",") + "]"
        let found = try violations(#"{"type": "array", "maxItems": 2}"#, array)
        #expect(found.map(\.excerpt) == [String(array.prefix(60)) + "… (10)"])
    }

    @Test func excerptsAtTheLimitAreKeptWhole() throws {
        let exact = "\"" + String(repeating: "y", count: 58) + "\""
        #expect(exact.count == 60)
        #expect(try violations(#"{"type": "null"}"#, exact) == [violation("", "type", "a null", exact)])
    }

    @Test func validatesAgreesWithViolations() throws {
        let schema = try GenerationSchema.fromJSONSchema(try JSONReader.parse(Self.steps)).schema
        #expect(schema.validates(["steps": ["a", "b", "c"]]))
        #expect(!schema.validates(["steps": ["a", "b"]]))
    }
}
