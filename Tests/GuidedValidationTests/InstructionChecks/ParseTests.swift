import GuidedTestSupport
import Testing

/// `InstructionCheck.parse`: every key with its value shape, and errors that name the key.
@Suite struct ParseTests {
    @Test func readsEveryCheck() throws {
        #expect(
            try InstructionCheck.parse(key: "sentences", value: .range(min: 1, max: 1)) == .sentences(min: 1, max: 1))
        #expect(try InstructionCheck.parse(key: "words", value: .range(min: nil, max: 20)) == .words(min: nil, max: 20))
        #expect(try InstructionCheck.parse(key: "decimal", value: .number(0.75)) == .decimal(0.75))
        #expect(try InstructionCheck.parse(key: "noFraction", value: .bool(true)) == .noFraction)
        #expect(try InstructionCheck.parse(key: "numberedList", value: .number(3)) == .numberedList(3))
        #expect(try InstructionCheck.parse(key: "bulletList", value: .number(4)) == .bulletList(4))
        #expect(try InstructionCheck.parse(key: "commaList", value: .number(5)) == .commaList(5))
        #expect(try InstructionCheck.parse(key: "lines", value: .number(3)) == .lines(3))
        #expect(
            try InstructionCheck.parse(key: "startsWith", value: .strings(["Yes", "No"])) == .startsWith(["Yes", "No"]))
        #expect(try InstructionCheck.parse(key: "exactly", value: .string("Hi.")) == .exactly("Hi."))
        #expect(try InstructionCheck.parse(key: "contains", value: .strings(["Paris"])) == .contains(["Paris"]))
        #expect(
            try InstructionCheck.parse(key: "containsAny", value: .strings(["a", "b"])) == .containsAny(["a", "b"]))
        #expect(try InstructionCheck.parse(key: "forbidden", value: .strings(["sorry"])) == .forbidden(["sorry"]))
        #expect(try InstructionCheck.parse(key: "lowercase", value: .bool(true)) == .lowercase)
        #expect(try InstructionCheck.parse(key: "notRefusal", value: .bool(true)) == .notRefusal)
    }

    @Test func theKeyRoundTrips() throws {
        let checks: [InstructionCheck] = [
            .sentences(min: 1, max: nil), .words(min: 3, max: 9), .decimal(1.5), .noFraction, .numberedList(2),
            .bulletList(2), .commaList(2), .lines(2), .startsWith(["Yes"]), .exactly("Hi"), .contains(["a"]),
            .containsAny(["a"]), .forbidden(["a"]), .lowercase, .notRefusal,
        ]
        #expect(Set(checks.map(\.key)).count == 15)
    }

    @Test func anUnknownKeyIsNamed() {
        #expect(throws: InstructionCheckError.unknownKey("sentence")) {
            try InstructionCheck.parse(key: "sentence", value: .range(min: 1, max: 1))
        }
        #expect(InstructionCheckError.unknownKey("sentence").description == #"unknown check "sentence""#)
    }

    @Test(arguments: [
        ("sentences", CheckValue.number(1)), ("sentences", .range(min: nil, max: nil)),
        ("words", .range(min: 5, max: 3)), ("words", .range(min: -1, max: nil)),
        ("decimal", .string("0.75")), ("decimal", .number(.infinity)),
        ("numberedList", .number(0)), ("bulletList", .number(2.5)), ("commaList", .string("5")), ("lines", .bool(true)),
        ("startsWith", .string("Yes")), ("contains", .strings([])), ("containsAny", .strings(["a", " "])),
        ("forbidden", .number(1)), ("exactly", .strings(["Hi"])), ("exactly", .string("  ")),
        ("noFraction", .bool(false)), ("lowercase", .number(1)), ("notRefusal", .string("true")),
    ])
    func aValueOfTheWrongShapeNamesItsKey(key: String, value: CheckValue) {
        do {
            _ = try InstructionCheck.parse(key: key, value: value)
            Issue.record("\(key) accepted \(value)")
        } catch {
            #expect(error.key == key)
            #expect(error.description.hasPrefix("\"\(key)\" takes "))
        }
    }
}
