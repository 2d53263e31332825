import Foundation
import GuidedJSON
import GuidedSchema
import Testing

/// A document a person wrote (a schema, a configuration, examples) that repeats a key is an
/// error at the repeat: json-c keeps the last value, so the second probe's
/// `{"type": "string", "type": "integer"}` was judged as an integer and a second `"backends"`
/// array silently replaced the first. Wire data keeps RFC 8259's leniency.
@Suite struct DuplicateKeyTests {
    @Test func aRepeatedKeyIsAnErrorAtTheRepeatWithItsPointer() throws {
        let text = "{\n  \"properties\": {\"a\": {\"type\": \"string\",\n    \"type\": \"integer\"}}\n}"
        let error = #expect(throws: JSONSyntaxError.self) {
            try JSONReader.parse(bytes: Array(text.utf8), file: "s.json", rejectingDuplicateKeys: true)
        }
        #expect(error?.line == 3 && error?.column == 5, "\(String(describing: error))")
        #expect(
            error?.message.hasPrefix(#"duplicate key "type" (at #/properties/a/type)"#) == true,
            "\(String(describing: error))")
    }

    /// Keys are told apart as json-c reads them: two escaped astral characters (Python's
    /// `json.dump` writes them as surrogate pairs) and `é` against `e` + U+0301 are different keys.
    @Test(arguments: [
        #"{"\ud83d\ude00": 1, "\ud83d\ude01": 2}"#, "{\"\u{E9}\": 1, \"e\u{301}\": 2}",
        #"{"a\nb": 1, "a\tb": 2}"#,
    ])
    func keysThatOnlyLookAlikeAreNotDuplicates(_ text: String) throws {
        #expect(throws: Never.self) { try JSONReader.parse(bytes: Array(text.utf8), rejectingDuplicateKeys: true) }
    }

    @Test func aKeySpelledOnceEscapedAndOncePlainIsADuplicate() throws {
        #expect(throws: JSONSyntaxError.self) {
            try JSONReader.parse(bytes: Array(#"{"a": 1, "\u0061": 2}"#.utf8), rejectingDuplicateKeys: true)
        }
    }

    @Test func theSameKeyInDifferentObjectsIsFine() throws {
        let text = #"{"a": {"type": "string"}, "b": {"type": "string"}, "c": [{"x": 1}, {"x": 2}]}"#
        #expect(throws: Never.self) {
            try JSONReader.parse(bytes: Array(text.utf8), rejectingDuplicateKeys: true)
        }
    }

    @Test func aFileIsReadRejectingDuplicates() throws {
        let path = NSTemporaryDirectory() + "guided-duplicate-\(UUID().uuidString).json"
        try #"{"backends": [], "backends": [{"name": "b"}]}"#.write(toFile: path, atomically: true, encoding: .utf8)
        let error = #expect(throws: JSONSyntaxError.self) { try JSONReader.read(file: path) }
        #expect(error?.column == 18, "\(String(describing: error))")
    }

    /// JSONTestSuite's `y_object_duplicated_key`: a parser must accept it, and server replies and
    /// model output are read that way.
    @Test func wireDataMayRepeatAKey() throws {
        let value = try JSONReader.parse(#"{"a":"b","a":"c"}"#)
        #expect(value["a"]?.stringValue == "c")
    }
}
