import GuidedJSON
import GuidedSchema
import Testing

/// Malformed UTF-8 is an error at its byte, never a silent U+FFFD (issue 12), and a NUL byte is
/// named as such rather than read as "unexpected end of data".
@Suite struct StrictUTF8Tests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let bytes: [UInt8]
        let message: String
        var testDescription: String { name }
    }

    static func string(_ inner: [UInt8]) -> [UInt8] { Array(#"{"a":""#.utf8) + inner + Array(#""}"#.utf8) }

    static let rejected: [Case] = [
        Case(name: "overlong slash (C0 AF)", bytes: string([0xC0, 0xAF]), message: "overlong"),
        Case(name: "overlong NUL (E0 80 80)", bytes: string([0xE0, 0x80, 0x80]), message: "overlong"),
        Case(name: "overlong 4-byte (F0 80 80 AF)", bytes: string([0xF0, 0x80, 0x80, 0xAF]), message: "overlong"),
        Case(name: "encoded surrogate U+D800 (ED A0 80)", bytes: string([0xED, 0xA0, 0x80]), message: "surrogate"),
        Case(name: "encoded surrogate U+DFFF (ED BF BF)", bytes: string([0xED, 0xBF, 0xBF]), message: "surrogate"),
        Case(name: "U+110000 (F4 90 80 80)", bytes: string([0xF4, 0x90, 0x80, 0x80]), message: "above U+10FFFF"),
        Case(name: "F5 lead byte", bytes: string([0xF5, 0x80, 0x80, 0x80]), message: "never appears"),
        Case(name: "stray continuation byte", bytes: string([0x80]), message: "continuation"),
        Case(name: "cut character", bytes: string([0xE2, 0x82]), message: "cut short"),
        Case(
            name: "NUL between tokens", bytes: Array(#"{"a":1}"#.utf8).prefix(5) + [0] + Array("1}".utf8),
            message: "NUL byte"),
        Case(name: "NUL at the start", bytes: [0, 0x7B, 0x7D], message: "NUL byte"),
        Case(name: "UTF-8 byte-order mark", bytes: [0xEF, 0xBB, 0xBF] + Array("{}".utf8), message: "byte-order mark"),
        Case(name: "UTF-16 byte-order mark", bytes: [0xFF, 0xFE, 0x7B, 0x00], message: "UTF-16 byte-order mark"),
    ]

    @Test(arguments: rejected)
    func malformedBytesAreALocatedError(_ testCase: Case) {
        do {
            let value = try JSONReader.parse(bytes: testCase.bytes, file: "x.json")
            Issue.record("accepted as \(value.jsonText())")
        } catch {
            #expect(error.message.contains(testCase.message), "\(error)")
            #expect(error.description.hasPrefix("x.json:1:"), "\(error)")
        }
    }

    @Test func wellFormedCharactersOfEveryLengthAreKept() throws {
        let text = "a é € 𝄞 \u{10FFFF} \u{FFFD}"
        let value = try JSONReader.parse(bytes: Self.string(Array(text.utf8)))
        #expect(value["a"]?.stringValue == text)
    }
}
