import Foundation
import GuidedJSON
import GuidedSchema

/// The committed quality corpus (`Benchmarks/Fixtures/quality`): Senba-style step requests and
/// notification rewrites, each marked `dev` (used while tuning) or `test` (held out).
struct QualityCorpus {
    /// One dated journal entry.
    struct Entry: Sendable {
        var date: String
        var text: String
    }

    /// One request of either flow.
    struct Request: Sendable {
        var id: String
        var split: String
        var goal: String
        var entries: [Entry]
        var done: [String]
        var template: String?
        var kind: String?
        var style: String?
    }

    var steps: [Request]
    var notifications: [Request]

    /// The corpus under `directory` (defaults to the repository's fixtures, found from this file).
    static func load(directory: String = Self.defaultDirectory) throws -> QualityCorpus {
        QualityCorpus(
            steps: try records(directory + "/steps.jsonl"),
            notifications: try records(directory + "/notifications.jsonl"))
    }

    static var defaultDirectory: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("Fixtures/quality").path
    }

    private static func records(_ path: String) throws -> [Request] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return try text.split(separator: "\n").map { line in
            let json = try JSONReader.parse(String(line))
            return Request(
                id: json["id"]?.stringValue ?? "?", split: json["split"]?.stringValue ?? "dev",
                goal: json["goal"]?.stringValue ?? "",
                entries: (json["entries"]?.arrayValue ?? []).map {
                    Entry(date: $0["date"]?.stringValue ?? "", text: $0["text"]?.stringValue ?? "")
                },
                done: (json["done"]?.arrayValue ?? []).compactMap(\.stringValue),
                template: json["template"]?.stringValue,
                kind: json["kind"]?.stringValue, style: json["style"]?.stringValue)
        }
    }
}
