import GuidedJSON
import GuidedSchema
import Testing

/// `JSONReader.parse` turns JSON text into `GeneratedContent`: values, order and number text.
@Suite struct JSONReaderValueTests {
    @Test(
        arguments: [
            ("1", GeneratedContent(1)),
            ("-17", GeneratedContent(-17)),
            ("null", GeneratedContent.null),
            ("true", GeneratedContent(true)),
            ("false", GeneratedContent(false)),
            (#""x""#, GeneratedContent("x")),
            ("  \n\t 42 \r\n", GeneratedContent(42)),
        ] as [(String, GeneratedContent)])
    func scalarsAtTopLevel(_ text: String, _ expected: GeneratedContent) throws {
        let value = try JSONReader.parse(text)
        #expect(value == expected)
        #expect(value.jsonTypeName == expected.jsonTypeName)
    }

    @Test func nestedValues() throws {
        let value = try JSONReader.parse(#"{"a": [1, {"b": [null, true, "s"]}, []], "c": {}}"#)
        let expected: GeneratedContent = [
            "a": [1, ["b": [nil, true, "s"]], []],
            "c": GeneratedContent(kind: .object([])),
        ]
        #expect(value == expected)
        #expect(value["a"]?[1]?["b"]?[2]?.stringValue == "s")
        #expect(value["c"]?.properties?.isEmpty == true)
        #expect(value["a"]?[2]?.arrayValue?.isEmpty == true)
    }

    @Test func objectKeysKeepDocumentOrder() throws {
        let value = try JSONReader.parse(#"{"zeta": 1, "alpha": 2, "mid": 3, "beta": 4, "a": 5}"#)
        #expect(value.properties?.map(\.name) == ["zeta", "alpha", "mid", "beta", "a"])
        #expect(value.jsonText() == #"{"zeta":1,"alpha":2,"mid":3,"beta":4,"a":5}"#)
    }

    @Test func duplicateKeyKeepsFirstPositionAndLastValue() throws {
        let value = try JSONReader.parse(#"{"a": 1, "b": 2, "a": 3}"#)
        #expect(value.properties?.map(\.name) == ["a", "b"])
        #expect(value["a"] == 3)
    }

    @Test func stringEscapes() throws {
        let value = try JSONReader.parse(#"["\"", "\\", "\/", "\b", "\f", "\n", "\r", "\t", "\u00e9", "\ud83d\ude00"]"#)
        #expect(value == ["\"", "\\", "/", "\u{08}", "\u{0C}", "\n", "\r", "\t", "é", "😀"])
    }

    @Test func escapedNulIsKeptInsideStrings() throws {
        let value = try JSONReader.parse(#"{"s": "a\u0000b"}"#)
        let string = try #require(value["s"]?.stringValue)
        #expect(Array(string.unicodeScalars) == ["a", "\u{0}", "b"])
        #expect(value.jsonText() == #"{"s":"a\u0000b"}"#)
    }

    @Test func utf8TextIsDecoded() throws {
        let value = try JSONReader.parse(#"{"grüße": "naïve ☕️ 日本語 👨‍👩‍👧"}"#)
        #expect(value.properties?.first?.name == "grüße")
        #expect(value["grüße"]?.stringValue == "naïve ☕️ 日本語 👨‍👩‍👧")
    }

    @Test(arguments: ["1.0", "1e2", "1E2", "-0.5", "2.50", "1.5e-7", "123456789.123456789"])
    func numberTextIsKept(_ literal: String) throws {
        let value = try JSONReader.parse("[\(literal)]")
        let number = try #require(value[0]?.numberValue)
        #expect(number.text == literal)
        #expect(number.doubleValue == Double(literal))
        #expect(value.jsonText() == "[\(literal)]")
    }

    @Test func integralLiteralsCountAsIntegers() throws {
        #expect(try JSONReader.parse("1.0").jsonTypeName == "integer")
        #expect(try JSONReader.parse("1e2").intValue == 100)
        #expect(try JSONReader.parse("1.5").jsonTypeName == "number")
    }

    @Test func largeIntegersKeepTheirDigits() throws {
        #expect(try JSONReader.parse("9223372036854775807").numberValue?.text == "9223372036854775807")
        #expect(try JSONReader.parse("-9223372036854775808").numberValue?.text == "-9223372036854775808")
        #expect(try JSONReader.parse("18446744073709551615").numberValue?.text == "18446744073709551615")
    }

    @Test func deepNestingWithinTheLimitParses() throws {
        let depth = 500
        let text = String(repeating: "[", count: depth) + "7" + String(repeating: "]", count: depth)
        var value = try JSONReader.parse(text)
        for _ in 0..<depth {
            value = try #require(value[0])
        }
        #expect(value == 7)
    }

    @Test func parsesBytesAndFilesAlike() throws {
        let bytes = Array(#"{"k": ["v"]}"#.utf8)
        #expect(try JSONReader.parse(bytes: bytes) == ["k": ["v"]])
    }
}

/// Malformed JSON fails with a `JSONSyntaxError` that says where.
@Suite struct JSONReaderErrorTests {
    func failure(_ text: String, file: String? = nil) -> JSONSyntaxError? {
        failure(bytes: Array(text.utf8), file: file)
    }

    func failure(bytes: [UInt8], file: String? = nil) -> JSONSyntaxError? {
        do {
            let value = try JSONReader.parse(bytes: bytes, file: file)
            Issue.record("parsed as \(value.jsonText())")
            return nil
        } catch {
            return error
        }
    }

    @Test func emptyInputIsAnError() throws {
        let error = try #require(failure(""))
        #expect(error.line == 1)
        #expect(error.column == 1)
        #expect(error.message.contains("end of data"))
    }

    @Test func truncatedInputPointsAtTheEnd() throws {
        let error = try #require(failure("{\n  \"a\": [1,\n  2"))
        #expect(error.message.contains("end of data"))
        #expect(error.line == 3)
        #expect(error.column == 4)
        #expect(error.offset == 16)
    }

    @Test func truncatedStringPointsAtTheEnd() throws {
        let error = try #require(failure(#"["abc"#))
        #expect(error.line == 1)
        #expect(error.column == 6)
    }

    @Test func trailingGarbageIsAnError() throws {
        let error = try #require(failure("{\"a\": 1}\n  x"))
        #expect(!error.message.isEmpty)
        #expect(error.line == 2)
        #expect(error.column == 3)
    }

    @Test func secondTopLevelValueIsAnError() throws {
        let error = try #require(failure("1 2"))
        #expect(error.line == 1)
        #expect(error.column == 3)
    }

    @Test func singleQuotesAreRejected() throws {
        let error = try #require(failure("{\"ok\": \"it's\",\n 'bad': 1}"))
        #expect(error.message.contains("single-quoted"))
        #expect(error.line == 2)
        #expect(error.column == 2)
    }

    @Test(arguments: ["NaN", "[NaN]", "Infinity", "[-Infinity]", "{\"a\": nan}"])
    func nonFiniteNumbersAreRejected(_ text: String) {
        #expect(failure(text) != nil)
    }

    @Test func trailingCommaIsRejected() throws {
        let error = try #require(failure("[1,]"))
        #expect(error.line == 1)
        #expect(error.column == 4)
        let objectError = try #require(failure("{\"a\": 1,}"))
        #expect(objectError.column == 9)
    }

    @Test(arguments: ["[01]", "[1.]", "[.5]", "[+1]", "[0x10]", "{a: 1}", "[true false]", "{\"a\" 1}", "// c\n1"])
    func nonStandardSyntaxIsRejected(_ text: String) {
        #expect(failure(text) != nil)
    }

    @Test(arguments: ["[\"a\tb\"]", "{\"k\": \"line\nbreak\"}", "[\"\u{1F}\"]"])
    func rawControlCharactersInStringsAreRejected(_ text: String) throws {
        let error = try #require(failure(text))
        #expect(error.message.contains("control character"))
        let offset = try #require(text.utf8.firstIndex { $0 < 0x20 })
        #expect(error.offset == text.utf8.distance(from: text.utf8.startIndex, to: offset))
    }

    @Test func escapedNulInPropertyNameIsRejectedNotTruncated() throws {
        let error = try #require(failure(#"{"ok": "a\u0000b", "a\u0000b": 1}"#))
        #expect(error.message.contains("property name"))
        #expect(error.column == 22)
    }

    @Test func invalidUTF8IsRejected() throws {
        let bytes: [UInt8] = Array("[\"ab".utf8) + [0xC3, 0x28] + Array("\"]".utf8)
        let error = try #require(failure(bytes: bytes))
        #expect(error.line == 1)
        #expect(error.offset >= 4 && error.offset <= 6)
        #expect(failure(bytes: [0x22, 0xFF, 0x22]) != nil)
    }

    @Test func columnsCountUnicodeScalars() throws {
        let error = try #require(failure("{\"é😀\": 1 x}"))
        #expect(error.line == 1)
        #expect(error.column == 10)
    }

    @Test func nestingBeyondTheLimitIsRejected() throws {
        let depth = Int(JSONReader.maximumDepth) + 10
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let error = try #require(failure(text))
        #expect(error.message.contains("depth") || error.message.contains("deep"))
    }

    @Test func errorDescriptionNamesFileLineAndColumn() throws {
        let error = try #require(failure("[1,\n2,,3]", file: "data.json"))
        #expect(error.file == "data.json")
        #expect(error.description.hasPrefix("data.json:2:3: error: "))
    }

    @Test func missingFileIsAnError() {
        #expect(throws: JSONSyntaxError.self) {
            try JSONReader.read(file: "/nonexistent/guided-\(UInt64.random(in: 0...UInt64.max)).json")
        }
    }
}
