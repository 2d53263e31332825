import Foundation
import GuidedJSON
import GuidedSchema
import GuidedTestTraits
import Testing

/// The whole JSON-Schema-Test-Suite for drafts 2020-12, 7 and 4: every keyword file, required
/// and optional (formats included), scored per file and printed.
///
/// Required files run with JSON Schema's defaults (formats are annotations); the optional
/// format files run with format assertion on, as the suite intends. A case passes when the
/// schema imports and the validator's verdict equals the suite's. Targets (issue 11): every
/// required case, and at least 95% of the 2020-12 optional format cases.
@Suite(.ownThreads) struct JSONSchemaTestSuiteTests {
    struct Score {
        var passed = 0
        var total = 0
        var failures: [String] = []
    }

    static let records: [GeneratedContent] = (try? FixtureLoader.records("jsts-full.jsonl")) ?? []

    /// Scores every record, by "draft required|optional keyword-file".
    static let scores: [String: Score] = {
        var scores: [String: Score] = [:]
        var schemas: [String: Result<GenerationSchema, SchemaError>] = [:]
        for record in records {
            let optional = record["optional"]?.boolValue ?? false
            let file = record["keyword_file"]!.stringValue!
            let key = "\(record["draft"]!.stringValue!) \(optional ? "optional" : "required") \(file)"
            let formats = file.hasPrefix("optional/format/")
            let schemaText = record["schema"]!.jsonText()
            let cacheKey = record["draft"]!.stringValue! + (formats ? "F" : "A") + schemaText
            let draft: JSONSchemaDraft =
                ["draft4": .draft4, "draft7": .draft7][record["draft"]!.stringValue!] ?? .draft2020_12
            let schema =
                schemas[cacheKey]
                ?? Result { () throws(SchemaError) in
                    try GenerationSchema.fromJSONSchema(
                        record["schema"]!,
                        options: JSONSchemaImportOptions(
                            formatAssertion: formats, baseURI: "http://localhost:1234/test-root.json",
                            assumedDraft: draft,
                            retrieve: SuiteDocuments.retrieve)
                    ).schema
                }
            schemas[cacheKey] = schema
            scores[key, default: Score()].total += 1
            let text = record["instance_text"]!.stringValue!
            let expected = record["expected_valid"]!.boolValue!
            let label = "\(record["id"]!.stringValue!) (\(record["description"]!.stringValue!)): \(text.prefix(60))"
            switch schema {
            case .failure(let error):
                scores[key]!.failures.append("\(label): schema rejected: \(error.message)")
            case .success(let schema):
                guard let instance = try? JSONReader.parse(text) else {
                    scores[key]!.failures.append("\(label): instance does not parse")
                    continue
                }
                if schema.validates(instance) == expected {
                    scores[key]!.passed += 1
                } else {
                    scores[key]!.failures.append("\(label): expected \(expected ? "valid" : "invalid")")
                }
            }
        }
        return scores
    }()

    static func total(_ prefix: String) -> Score {
        scores.filter { $0.key.hasPrefix(prefix) }.values.reduce(into: Score()) {
            $0.passed += $1.passed
            $0.total += $1.total
            $0.failures += $1.failures
        }
    }

    @Test func fixtureHoldsTheWholeSuite() {
        #expect(Self.records.count == 4883)
        #expect(SuiteDocuments.byURI.count > 80)
    }

    @Test func everyKeywordFileHasCasesAndItsPassRateIsPrinted() {
        #expect(Self.scores.count > 100, "the suite's keyword files were not all read")
        #expect(Self.scores.values.allSatisfy { $0.total > 0 && $0.passed <= $0.total })
        var lines: [String] = []
        for key in Self.scores.keys.sorted() {
            let score = Self.scores[key]!
            lines.append("  \(key): \(score.passed)/\(score.total)")
        }
        for prefix in [
            "draft2020-12 required", "draft2020-12 optional optional/format/", "draft2020-12 optional",
            "draft7 required",
            "draft7 optional", "draft4 required", "draft4 optional",
        ] {
            let score = Self.total(prefix)
            lines.append(
                String(
                    format: "  TOTAL %@: %d/%d (%.1f%%)", prefix, score.passed, score.total,
                    Double(score.passed) / Double(max(score.total, 1)) * 100))
        }
        print("JSON-Schema-Test-Suite pass rate per keyword file:\n" + lines.joined(separator: "\n"))
    }

    @Test(arguments: ["draft2020-12 required", "draft7 required", "draft4 required"])
    func everyRequiredCasePasses(_ prefix: String) {
        let score = Self.total(prefix)
        #expect(score.total > 600)
        #expect(
            score.failures.isEmpty,
            "\(score.failures.count) of \(score.total) fail:\n\(score.failures.prefix(80).joined(separator: "\n"))")
    }

    @Test func optionalFormatsPassAtLeast95Percent() {
        let score = Self.total("draft2020-12 optional optional/format/")
        #expect(score.total > 750)
        #expect(
            score.passed * 100 >= score.total * 95,
            "\(score.passed)/\(score.total):\n\(score.failures.prefix(80).joined(separator: "\n"))")
    }
}
