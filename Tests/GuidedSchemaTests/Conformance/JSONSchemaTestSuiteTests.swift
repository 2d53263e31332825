import GuidedJSON
import GuidedSchema
import Testing

/// The official JSON-Schema-Test-Suite (draft 2020-12) cases for the keywords Guided supports.
///
/// Each case's schema is read with the default (strict) options. A case passes when the schema
/// is accepted and the validator's verdict equals the suite's. Cases whose schema uses
/// something Guided rejects as unsupported are listed in `knownUnsupported` with the reason;
/// the test also proves each listed case really is unsupported, so the list cannot go stale.
@Suite struct JSONSchemaTestSuiteTests {
    /// Reasons by case-id prefix (a group of cases sharing one schema).
    static let knownUnsupported: [(prefix: String, reason: String)] = KnownUnsupportedCases.list

    struct Outcome {
        var passed = 0
        var total = 0
    }

    @Test func everySupportedCasePasses() throws {
        let records = try FixtureLoader.records("jsts-draft2020-12.jsonl")
        #expect(records.count == 936)
        var perFile: [String: Outcome] = [:]
        var failures: [String] = []
        var unsupportedSeen: Set<String> = []
        for record in records {
            let id = record["id"]!.stringValue!
            let file = record["keyword_file"]!.stringValue!
            perFile[file, default: Outcome()].total += 1
            let listed = Self.knownUnsupported.first { id.hasPrefix($0.prefix) }
            let verdict = Self.run(record)
            switch verdict {
            case .pass:
                perFile[file]!.passed += 1
                if let listed { failures.append("\(id): passes but is listed as unsupported (\(listed.reason))") }
            case .unsupported(let why):
                if listed == nil { failures.append("\(id): schema rejected: \(why)") } else { unsupportedSeen.insert(listed!.prefix) }
            case .wrongVerdict(let detail):
                if listed == nil { failures.append("\(id): \(detail)") } else { unsupportedSeen.insert(listed!.prefix) }
            }
        }
        let report = perFile.keys.sorted().map { file in
            let o = perFile[file]!
            return "\(file): \(o.passed)/\(o.total)"
        }
        print("JSON-Schema-Test-Suite pass rate per keyword file:\n  " + report.joined(separator: "\n  "))
        #expect(failures.isEmpty, "\(failures.count) failures:\n\(failures.prefix(60).joined(separator: "\n"))")
        let stale = Self.knownUnsupported.map(\.prefix).filter { !unsupportedSeen.contains($0) }
        #expect(stale.isEmpty, "listed as unsupported but no case failed: \(stale)")
    }

    enum Verdict {
        case pass
        case unsupported(String)
        case wrongVerdict(String)
    }

    static func run(_ record: GeneratedContent) -> Verdict {
        let schema: GenerationSchema
        do {
            schema = try GenerationSchema.fromJSONSchema(record["schema"]!).schema
        } catch {
            return .unsupported(error.description)
        }
        let expected = record["expected_valid"]!.boolValue!
        let text = record["instance_text"]!.stringValue!
        guard let instance = try? JSONReader.parse(text) else {
            return .wrongVerdict("instance text \(text) does not parse")
        }
        let violations = schema.violations(of: instance)
        if violations.isEmpty == expected { return .pass }
        return .wrongVerdict("expected \(expected ? "valid" : "invalid"), got \(violations.isEmpty ? "valid" : violations.description) for \(text)")
    }
}
