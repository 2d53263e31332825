import GuidedJSON
import GuidedSchema
import Testing

/// Numbers compare and divide exactly on their decimal text: no 64-bit saturation, no double
/// rounding (issue 12: `1000000000000000000000` failed `minimum: 1e20` with "got
/// 18446744073709551615", and `123456789012345678901234567890` passed `maximum: 18446744073709551615`).
@Suite struct ExactNumberTests {
    static func number(_ text: String) -> JSONNumber { JSONNumber(text: text)! }

    @Test func longIntegersKeepTheirTextThroughTheReader() throws {
        for text in [
            "1000000000000000000000", "123456789012345678901234567890", "-98765432109876543210987",
            "18446744073709551616",
        ] {
            let value = try JSONReader.parse("[\(text), {\"n\": \(text)}]")
            #expect(value[0]?.numberValue?.text == text)
            #expect(value[1]?["n"]?.numberValue?.text == text)
        }
        // Ordinary numbers are untouched, including ones that end like the protecting exponent.
        #expect(
            try JSONReader.parse("[12, 1.5E+0, 9223372036854775807]").jsonText() == "[12,1.5E+0,9223372036854775807]")
    }

    @Test func syntaxErrorsAfterALongIntegerKeepTheirColumn() throws {
        do {
            _ = try JSONReader.parse("[123456789012345678901234567890, x]")
            Issue.record("parsed")
        } catch {
            #expect(error.column == 34)
        }
    }

    @Test func bigIntegersCompareExactlyAgainstBounds() throws {
        let minimum = try GenerationSchema.fromJSONSchema([
            "type": "integer", "minimum": GeneratedContent(kind: .number(Self.number("1e20"))),
        ]).schema
        #expect(minimum.validates(try JSONReader.parse("1000000000000000000000")))
        #expect(!minimum.validates(try JSONReader.parse("99999999999999999999")))
        let maximum = try GenerationSchema.fromJSONSchema(try JSONReader.parse(#"{"maximum": 18446744073709551615}"#))
            .schema
        #expect(!maximum.validates(try JSONReader.parse("123456789012345678901234567890")))
        #expect(!maximum.validates(try JSONReader.parse("18446744073709551616")))
        #expect(maximum.validates(try JSONReader.parse("18446744073709551615")))
        let violation = try #require(minimum.violations(of: try JSONReader.parse("99999999999999999999")).first)
        #expect(violation.description.contains("got 99999999999999999999"))
    }

    @Test func equalityAndOrderAreExact() {
        #expect(Self.number("1e2") == Self.number("100"))
        #expect(Self.number("1.0") == Self.number("1"))
        #expect(Self.number("0.10") == Self.number("1e-1"))
        #expect(Self.number("18446744073709551616") != Self.number("18446744073709551615"))
        #expect(Self.number("18446744073709551615") < Self.number("18446744073709551616"))
        #expect(Self.number("-1e400") < Self.number("-1e399"))
        #expect(Self.number("0.30000000000000001") > Self.number("0.3"))
        #expect(Self.number("-0") == Self.number("0"))
        #expect(Self.number("1e400").isIntegral && !Self.number("1.5").isIntegral && Self.number("2.50e1").isIntegral)
    }

    @Test func multipleOfIsExactForDecimals() {
        #expect(Self.number("0.3").isMultiple(of: Self.number("0.1")))
        #expect(Self.number("0.0075").isMultiple(of: Self.number("0.0001")))
        #expect(!Self.number("0.00751").isMultiple(of: Self.number("0.0001")))
        #expect(Self.number("4.5").isMultiple(of: Self.number("1.5")))
        #expect(!Self.number("35").isMultiple(of: Self.number("1.5")))
        #expect(Self.number("1e308").isMultiple(of: Self.number("0.5")))
        #expect(!Self.number("1e308").isMultiple(of: Self.number("0.123456789")))
        #expect(Self.number("123456789012345678901234567890").isMultiple(of: Self.number("10")))
        #expect(!Self.number("123456789012345678901234567891").isMultiple(of: Self.number("123456789012345678901")))
        #expect(Self.number("0").isMultiple(of: Self.number("7")))
        #expect(Self.number("-21").isMultiple(of: Self.number("7")))
    }

    @Test func integerRoundingIsExact() {
        #expect(Self.number("9007199254740993").floorInt64 == 9_007_199_254_740_993)
        #expect(Self.number("-0.5").floorInt64 == -1 && Self.number("-0.5").ceilingInt64 == 0)
        #expect(Self.number("2.5").floorInt64 == 2 && Self.number("2.5").ceilingInt64 == 3)
        #expect(Self.number("1e19").floorInt64 == nil)
        #expect(Self.number("-9223372036854775808").floorInt64 == .min)
    }

    @Test func multipleOfIsValidated() throws {
        let schema = try GenerationSchema.fromJSONSchema(["type": "number", "multipleOf": 0.01]).schema
        #expect(schema.validates(try JSONReader.parse("19.99")))
        #expect(schema.violations(of: try JSONReader.parse("19.999")).map(\.keyword) == ["multipleOf"])
    }
}
