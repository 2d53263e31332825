import Foundation
import GuidedPatterns
import GuidedSchema
import Testing

/// One fixture record.
struct PatternRecord: CustomStringConvertible, Sendable {
    var id: String
    var pattern: String
    /// The instance when it is a string; nil for other JSON types.
    var string: String?
    var valid: Bool

    var description: String { id }

    static func load(_ file: String) throws -> [PatternRecord] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures").appendingPathComponent(file)
        let text = try String(contentsOf: url, encoding: .utf8)
        return try text.split(separator: "\n").map { line in
            let object =
                try JSONSerialization.jsonObject(with: Data(line.utf8), options: [.fragmentsAllowed]) as! [String: Any]
            let schema = object["schema"] as! [String: Any]
            let semantics = object["semantics"] as? String ?? "json-schema"
            let verdict = semantics == "json-schema" ? object["expected_valid"] : object["jsonschema_valid"]
            let instanceText = object["instance_text"] as! String
            let instance = try JSONSerialization.jsonObject(with: Data(instanceText.utf8), options: [.fragmentsAllowed])
            return PatternRecord(
                id: object["id"] as! String, pattern: schema["pattern"] as! String,
                string: instance as? String, valid: verdict as! Bool)
        }
    }
}

@Suite struct FixtureTests {
    static let records = (try? PatternRecord.load("jsts-pattern.jsonl")) ?? []
    static let otherRecords = (try? PatternRecord.load("handout-pattern-other.jsonl")) ?? []

    @Test func fixturesLoad() {
        #expect(Self.records.count == 12)
        #expect(Self.otherRecords.count == 12)
    }

    @Test(arguments: records + otherRecords)
    func stringInstances(_ record: PatternRecord) throws {
        guard let string = record.string else {
            // `pattern` ignores non-strings: the suite must call them valid.
            #expect(record.valid, "\(record.id)")
            return
        }
        let pattern = try RegexPattern(record.pattern)
        #expect(
            pattern.matches(string) == record.valid, "\(record.id): /\(record.pattern)/ on \(string.debugDescription)")
    }

    @Test func unicodePropertyEscapesAreInTheSubset() throws {
        let letters = try RegexPattern("^\\p{Letter}+$")
        #expect(letters.matches("héllo") && letters.matches("αβγ") && !letters.matches("a1"))
        #expect(try RegexPattern("^\\P{L}$").matches("1"))
        #expect(throws: RegexSyntaxError.self) { try RegexPattern("\\p{Script=Greek}") }
    }
}
