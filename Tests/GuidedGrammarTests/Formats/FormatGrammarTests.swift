import Foundation
import GuidedSchema
import GuidedTestTraits
import Testing

@testable import GuidedGrammar

/// Common string formats enforced in the grammar (issue 23): the grammar writes only strings
/// the format's validator accepts, writes the common valid forms, and says `enforced`.
@Suite(.ownThreads) struct FormatGrammarTests {
    static let enforcedFormats: [StringFormat] = [
        .date, .time, .dateTime, .email, .uuid, .ipv4, .ipv6, .uri, .hostname,
    ]

    /// Common valid forms of each format, all of which the grammar must admit.
    static let validExamples: [StringFormat: [String]] = [
        .date: ["2026-11-30", "2024-02-29", "2000-02-29", "1900-02-28", "0000-01-01", "9999-12-31", "2026-04-30"],
        .time: [
            "12:34:56Z", "00:00:00z", "23:59:59.999+05:30", "08:15:00-08:00", "23:59:60Z", "23:59:60.5-00:00",
            "12:00:00.123456789+14:00",
        ],
        .dateTime: [
            "2026-11-30T12:34:56Z", "2024-02-29t00:00:00+01:00", "1998-12-31T23:59:60Z",
            "2026-01-01T08:00:00.5-05:00",
        ],
        .email: [
            "joe.bloggs@example.com", "a@b", "user+tag@sub.example.co.uk", "o'neil@example.org",
            "first.middle.last@example.com", "x_y-z@a-b.example", "!#$%&'*+/=?^_`{|}~-@example.com",
            String(repeating: "l", count: 64) + "@example.com", "te--st@ex-ample.com",
            String(repeating: "l", count: 64) + "@" + longestHostname,
        ],
        .uuid: [
            "123e4567-e89b-12d3-a456-426614174000", "00000000-0000-0000-0000-000000000000",
            "ABCDEF01-2345-6789-abcd-ef0123456789",
        ],
        .ipv4: ["192.168.0.1", "0.0.0.0", "255.255.255.255", "10.0.0.254"],
        .ipv6: [
            "::", "::1", "1::", "fe80::1", "2001:db8::8a2e:370:7334", "2001:0db8:85a3:0000:0000:8a2e:0370:7334",
            "1:2:3:4:5:6:7::", "::2:3:4:5:6:7:8", "::ffff:192.168.0.1", "1:2:3:4:5:6:1.2.3.4", "1::5:1.2.3.4",
            "ABCD:EF01:2345:6789:ABCD:EF01:2345:6789", "ffff:ffff:ffff:ffff:ffff:ffff:255.255.255.255",
        ],
        .uri: [
            "https://example.com", "http://example.com/path/to?query=1&b=2#frag", "mailto:joe@example.com",
            "urn:isbn:0451450523", "file:///etc/hosts", "http://user:pass@host:8080/p%20q", "ftp://ftp.is.co.za/rfc/",
            "http://[::1]:8080/", "http://[2001:db8::7]/c=GB?objectClass?one", "tel:+1-816-555-1212",
            "news:comp.infosystems.www.servers.unix", "s:", "http://example.com/a//b?x?y#z/?",
        ],
        .hostname: [
            "example.com", "localhost", "a-b.c-d.example", "www.example.co.uk", "ab-c.example",
            String(repeating: "a", count: 63) + ".com", longestHostname,
        ],
    ]

    /// A host name of the most characters the grammar writes (251).
    static let longestHostname =
        String(repeating: "a", count: 63) + String(repeating: "." + String(repeating: "b", count: 46), count: 4)

    /// Valid forms the grammar deliberately does not write; the validator still checks after.
    static let leftOut: [StringFormat: [String]] = [
        .time: ["15:59:60-08:00", "00:59:60+01:00"],
        .dateTime: ["1998-12-31T15:59:60-08:00"],
        .email: [
            "\"joe bloggs\"@example.com", "joe@[192.168.0.1]", "joe@[IPv6:::1]",
            String(repeating: "a", count: 40) + "." + String(repeating: "b", count: 23) + "@example.com",
            "joe@xn--9n2bp8q.xn--9t4b11yi5a",
        ],
        .uri: ["http://[v1.fe]/"],
        .hostname: ["xn--9n2bp8q.xn--9t4b11yi5a", "www." + String(repeating: "a", count: 47) + ".com", "a.b.c.d.e.f"],
    ]

    /// Invalid strings close to each format, none of which the grammar may admit.
    static let nearMisses: [StringFormat: [String]] = [
        .date: [
            "2023-02-29", "1900-02-29", "2026-04-31", "2026-13-01", "2026-00-10", "2026-01-00", "26-11-30", "2026-1-01",
        ],
        .time: [
            "24:00:00Z", "12:60:00Z", "12:00:61Z", "23:59:60+00:01", "12:00:00", "12:00:00+1:00", "12:00:00.Z",
            "12:00:00+24:00",
        ],
        .dateTime: ["2026-11-30 12:34:56Z", "2023-02-29T00:00:00Z", "2026-11-30T12:34:56"],
        .email: [
            "joe", "@example.com", "joe@", ".joe@example.com", "joe.@example.com", "jo..e@example.com",
            "joe@-example.com", "joe@example-.com", "joe@ex--ample.com", "joe@example..com", "jo e@example.com",
            String(repeating: "l", count: 65) + "@example.com",
        ],
        .uuid: ["123e4567e89b12d3a456426614174000", "123e4567-e89b-12d3-a456-42661417400g"],
        .ipv4: ["256.1.1.1", "01.1.1.1", "1.1.1", "1.1.1.1.1", "1.1.1.01"],
        .ipv6: [
            ":::", "1:::2", "1::2::3", "1:2:3:4:5:6:7:8:9", "1:2:3:4:5:6:7", "12345::", "::1.2.3", ":1:2:3:4:5:6:7",
            "1:2:3:4:5:6::1.2.3.4", "fe80::1%eth0", "1.2.3.4",
        ],
        .uri: [
            "//example.com", "example.com", "http://exa mple.com", "http://example.com/%zz", "1http://x",
            "http://[::1/", "http://x:port/", "http://a@b@c/", "http://x/#a#b", "/path",
        ],
        .hostname: ["-example.com", "example-.com", "ex--ample.com", "example..com", ".example.com", ""],
    ]

    @Test func eachCommonFormatIsEnforcedInTheGrammar() throws {
        var dispositions: [StringFormat: LoweringReport.Disposition] = [:]
        for format in Self.enforcedFormats { dispositions[format] = try FormatGrammar(format).disposition }
        #expect(dispositions == Dictionary(uniqueKeysWithValues: Self.enforcedFormats.map { ($0, .enforced) }))
    }

    @Test(arguments: enforcedFormats)
    func theGrammarWritesTheCommonValidForms(_ format: StringFormat) throws {
        let checked = try FormatGrammar(format)
        for example in Self.validExamples[format] ?? [] {
            let (valid, admitted) = (checked.validates(example), checked.accepts(example))
            #expect(valid, "the validator rejects \(example)")
            #expect(admitted, "the \(format.rawValue) grammar rejects \(example)")
        }
        for example in Self.leftOut[format] ?? [] {
            let (valid, admitted) = (checked.validates(example), checked.accepts(example))
            #expect(valid, "\(example) is not valid, so not left out")
            #expect(!admitted, "\(example) is no longer left out: update the report's note")
        }
    }

    @Test(arguments: enforcedFormats)
    func theGrammarRejectsNearMisses(_ format: StringFormat) throws {
        let checked = try FormatGrammar(format)
        for example in Self.nearMisses[format] ?? [] {
            let (valid, admitted) = (checked.validates(example), checked.accepts(example))
            #expect(!valid, "the validator accepts \(example)")
            #expect(!admitted, "the \(format.rawValue) grammar admits \(example)")
        }
    }

    @Test(arguments: enforcedFormats)
    func everySampledStringTheGrammarAdmitsPassesTheValidator(_ format: StringFormat) throws {
        let checked = try FormatGrammar(format)
        let alphabet = Array("0123456789aAfFzZTtxn.:-@/?#%[]+_~ \"\\é")
        let (samples, mutants) = try checked.candidates(
            count: 1500, alphabet: alphabet, seed: UInt64(format.rawValue.utf8.count) &* 0x9E37_79B9)
        let candidates = samples + mutants
        let shape = try #require(FormatShapes.shape(for: format))
        var admitted = 0
        var unsound: [String] = []
        var outOfRange: [String] = []
        for candidate in candidates where checked.matcherAccepts(candidate) {
            admitted += 1
            if !checked.validates(candidate) { unsound.append(candidate) }
            let length = candidate.unicodeScalars.count
            if length < shape.minimumLength || length > shape.maximumLength ?? .max { outOfRange.append(candidate) }
        }
        #expect(unsound == [], "the \(format.rawValue) grammar admits strings the validator rejects")
        #expect(outOfRange == [], "admitted strings outside the shape's length range")
        #expect(samples.filter { !checked.matcherAccepts($0) } == [], "samples of the shape the grammar rejects")
        #expect(samples.count > 300, "only \(samples.count) distinct samples")
        #expect(admitted > samples.count, "no mutant admitted: the check saw only the samples")
    }

    @Test func theDateGrammarAdmitsExactlyTheValidDates() throws {
        let checked = try FormatGrammar(.date)
        var disagreements: [String] = []
        func check(_ text: String) {
            if checked.matcherAccepts(text) != checked.validates(text) { disagreements.append(text) }
        }
        for year in [0, 4, 100, 400, 1600, 1900, 1996, 2000, 2023, 2024, 2100, 9996, 9999] {
            for month in 0...13 {
                for day in 0...32 {
                    check(Self.padded(year, 4) + "-" + Self.padded(month, 2) + "-" + Self.padded(day, 2))
                }
            }
        }
        for year in 0...9999 { check(Self.padded(year, 4) + "-02-29") }
        #expect(disagreements == [])
    }

    static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    @Test func aFormatWithAPatternIsCheckedAfterAndThePatternEnforced() throws {
        let schema = try GenerationSchema.fromJSONSchema(
            ["type": "string", "format": "email", "pattern": "^[a-z]+@example\\.com$"]
        ).schema
        let compiled = try GrammarCompiler.compile(schema)
        let grammar = try CheckedGrammar(compiled.gbnf)
        let dispositions = compiled.report.entries.map { "\($0.keyword) \($0.disposition)" }
        #expect(dispositions == ["pattern enforced", "format checkedAfter"])
        #expect(grammar.accepts(#""joe@example.com""#))
        #expect(!grammar.accepts(#""joe@example.org""#))
    }

    @Test func aPatternOutsideTheRegexSubsetLeavesTheFormatEnforced() throws {
        let schema = try GenerationSchema.fromJSONSchema(["type": "string", "format": "date", "pattern": "^(?=2)"])
            .schema
        let compiled = try GrammarCompiler.compile(schema)
        let grammar = try CheckedGrammar(compiled.gbnf)
        let dispositions = compiled.report.entries.map { "\($0.keyword) \($0.disposition)" }
        #expect(dispositions == ["pattern checkedAfter", "format enforced"])
        #expect(grammar.accepts(#""2026-02-28""#))
        #expect(!grammar.accepts(#""2026-02-29""#))
    }

    @Test func everyUseOfAFormatSharesOneRuleWhateverTheSchemasOwnRulesAreCalled() throws {
        let schema = try GenerationSchema.fromJSONSchema(
            [
                "type": "object",
                "$defs": ["format-uri": ["type": "string", "format": "ipv6"]],
                "properties": [
                    "home": ["type": "string", "format": "uri"], "work": ["type": "string", "format": "uri"],
                    "ip": ["$ref": "#/$defs/format-uri"],
                ],
            ]
        ).schema
        let gbnf = try GrammarCompiler.compile(schema).gbnf
        let grammar = try CheckedGrammar(gbnf)
        #expect(gbnf.components(separatedBy: "\nformat-uri-2 ::=").count == 2, "\(gbnf)")
        #expect(grammar.accepts(#"{"home":"http://[::1]/","work":"s:","ip":"::1"}"#))
        #expect(!grammar.accepts(#"{"home":"http://[::1/","ip":"::1"}"#))
        #expect(!grammar.accepts(#"{"ip":"http://x/"}"#))
    }

    @Test func lengthBoundsBesideAFormatAreCheckedAfterWhereSomeFormattedStringBreaksThem() throws {
        let schema = try GenerationSchema.fromJSONSchema(
            ["type": "string", "format": "ipv4", "minLength": 8, "maxLength": 11]
        ).schema
        let compiled = try GrammarCompiler.compile(schema)
        let grammar = try CheckedGrammar(compiled.gbnf)
        let dispositions = compiled.report.entries.map { "\($0.keyword) \($0.disposition)" }
        #expect(dispositions == ["format enforced", "minLength checkedAfter", "maxLength checkedAfter"])
        #expect(grammar.accepts(#""1.2.3.4""#), "the grammar does not bound the length")
        #expect(!schema.validates(GeneratedContent("1.2.3.4")), "the validator checks the length after")
        #expect(!grammar.accepts(#""1.2.3.256""#))
    }

    @Test func lengthBoundsEveryFormattedStringMeetsAreEnforced() throws {
        for (document, expected) in [
            (
                ["type": "string", "format": "email", "minLength": 3, "maxLength": 1024] as GeneratedContent,
                ["format enforced", "minLength enforced", "maxLength enforced"]
            ),
            (["type": "string", "format": "date-time", "minLength": 1], ["format enforced", "minLength enforced"]),
            (
                ["type": "string", "format": "uri", "minLength": 1, "maxLength": 255],
                ["format enforced", "minLength enforced", "maxLength checkedAfter"]
            ),
        ] {
            let compiled = try GrammarCompiler.compile(try GenerationSchema.fromJSONSchema(document).schema)
            _ = try CheckedGrammar(compiled.gbnf)
            #expect(compiled.report.entries.map { "\($0.keyword) \($0.disposition)" } == expected)
        }
    }
}
