import Foundation
import GuidedCodegen
import GuidedSchema
import Testing

/// A schema the DSL cannot declare, or a bad schema, is an error at the line and column of the
/// offending key, in the compiler format a build shows (`path:line:col: error: …`). `1️⃣` marks
/// where each error must point.
@Suite struct SchemaCodegenErrorTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let marked: String
        let message: String
        var testDescription: String { message }
    }

    static let cases: [Case] = [
        Case(
            marked:
                "{\n  \"type\": \"object\",\n  \"properties\": {\n    1️⃣\"first-name\": {\"type\": \"string\"}\n  }\n}",
            message: "the key \"first-name\" is not a Swift property name as a Swift type"),
        Case(
            marked:
                "{\"type\": \"object\", \"properties\": {\n  1️⃣\"pet\": {\"anyOf\": [{\"type\": \"string\"}, {\"type\": \"integer\"}]}}}",
            message: "a union (anyOf/oneOf) cannot be declared yet as a Swift type"),
        Case(
            marked:
                "{\"type\": \"object\",\n \"properties\": {\"name\": {\"type\": \"string\", 1️⃣\"minLength\": 5, \"maxLength\": 2}}}",
            message: "minLength 5 is greater than maxLength 2"),
        Case(
            marked: "{\"type\": \"object\",\n \"properties\": {\"n\": {1️⃣\"type\": \"intger\"}}}",
            message: "intger"),
        Case(
            marked: "{\"type\": \"object\",\n  \"properties\": {\"a\": {\"type\": \"string\"},1️⃣,}}",
            message: "invalid JSON"),
    ]

    @Test(arguments: cases)
    func errorsPointAtTheOffendingKey(testCase: Case) throws {
        let marker = try #require(testCase.marked.range(of: "1️⃣"))
        let before = testCase.marked[..<marker.lowerBound]
        let line = before.filter { $0 == "\n" }.count + 1
        let column = before.split(separator: "\n", omittingEmptySubsequences: false).last!.unicodeScalars.count + 1
        let path = NSTemporaryDirectory() + "codegen-\(getpid())-\(line)-\(column).schema.json"
        try testCase.marked.replacingOccurrences(of: "1️⃣", with: "").write(
            toFile: path, atomically: true, encoding: .utf8)
        #expect { try SchemaCodegen.generate(file: path) } throws: { error in
            let text = (error as? SchemaError)?.description ?? ""
            guard text.hasPrefix("\(path):\(line):\(column): error: "), text.contains(testCase.message) else {
                Issue.record("got \(text), expected \(path):\(line):\(column): error: …\(testCase.message)…")
                return false
            }
            return true
        }
    }

    @Test func typeNamesComeFromFileNames() {
        #expect(SchemaCodegen.typeName(forFile: "a/b/StepSuggestions.schema.json") == "StepSuggestions")
        #expect(SchemaCodegen.typeName(forFile: "step-suggestions.schema.json") == "StepSuggestions")
        #expect(SchemaCodegen.typeName(forFile: "journal_entry.json") == "JournalEntry")
    }
}
