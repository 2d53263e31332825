import GuidedJSON
import GuidedSchema
import GuidedTestTraits
import Testing

/// The streaming reader against JSONTestSuite: every valid text reads whole and is a viable
/// beginning at every prefix, snapshots only grow, and every invalid text ends in an error or
/// stays incomplete.
@Suite(.ownThreads) struct PartialJSONTests {
    static let records: [(id: String, text: String, valid: Bool?)] = {
        guard let records = try? FixtureLoader.records("jsontestsuite.jsonl") else { return [] }
        // Texts that are not valid UTF-8 have no JSON string form in the fixture (null): skipped.
        return records.compactMap { record in
            record["text"]?.stringValue.map { (record["id"]!.stringValue!, $0, record["valid"]!.boolValue) }
        }
    }()

    @Test func fixtureLoads() { #expect(Self.records.count == 293) }

    @Test func validTextsReadWholeAndEveryPrefixIsViableAndGrows() {
        var failures: [String] = []
        for record in Self.records where record.valid == true {
            guard case .complete = PartialJSON.parse(record.text) else {
                failures.append("\(record.id): not complete")
                continue
            }
            let scalars = Array(record.text.unicodeScalars)
            var previous: GeneratedContent?
            for end in 0..<scalars.count {
                let prefix = String(String.UnicodeScalarView(scalars[0..<end]))
                switch PartialJSON.parse(prefix) {
                case .invalid(let offset):
                    failures.append("\(record.id): prefix of \(end) invalid at \(offset)")
                case .incomplete(let value), .complete(let value as GeneratedContent?):
                    if let previous, let value, !Self.extends(previous, value) {
                        failures.append("\(record.id): snapshot at \(end) does not extend the previous one")
                    }
                    if value != nil { previous = value }
                }
                if failures.count > 20 { break }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(20).joined(separator: "\n"))")
    }

    @Test func invalidTextsNeverReadAsComplete() {
        let wrong = Self.records.filter { $0.valid == false }.filter { record in
            if case .complete = PartialJSON.parse(record.text) { return true }
            return false
        }
        #expect(wrong.isEmpty, "\(wrong.map(\.id).prefix(20))")
    }

    @Test func snapshotsOfAStreamedObject() {
        #expect(PartialJSON.parse(#"{"steps":["Find a po"#) == .incomplete(["steps": ["Find a po"]]))
        #expect(PartialJSON.parse(#"{"steps":["a","#) == .incomplete(["steps": ["a"]]))
        #expect(PartialJSON.parse(#"{"count":12"#) == .incomplete([:]))
        #expect(PartialJSON.parse(#"{"count":12,"#) == .incomplete(["count": 12]))
        #expect(PartialJSON.parse(#"{"ok":tr"#) == .incomplete([:]))
        #expect(PartialJSON.parse(#"{"a":1}"#) == .complete(["a": 1]))
        #expect(PartialJSON.parse(#"{"a":1}}"#) == .invalid(offset: 7))
        #expect(PartialJSON.parse("") == .incomplete(nil))
    }

    /// Whether `b` could be a later snapshot of the same stream as `a`.
    static func extends(_ a: GeneratedContent, _ b: GeneratedContent) -> Bool {
        switch (a.kind, b.kind) {
        case (.string(let x), .string(let y)): return y.unicodeScalars.starts(with: x.unicodeScalars)
        case (.array(let x), .array(let y)):
            guard x.count <= y.count else { return false }
            return zip(x, y).allSatisfy { extends($0, $1) }
        case (.object(let x), .object(let y)):
            guard x.count <= y.count else { return false }
            return zip(x, y).allSatisfy { $0.name == $1.name && extends($0.value, $1.value) }
        default: return a == b
        }
    }
}
