import Foundation
import GuidedSchema

/// Judge scores of labelled outputs (`Benchmarks/Fixtures/quality/judge-scores.jsonl`): for each
/// labelled text of a request — a notification, a whole step list, or one step — the score the
/// judge gave it, with the reader's label, so AUC and precision/coverage are computed from
/// committed data without a model.
struct JudgeScores {
    /// One scored, labelled text.
    struct Entry: Sendable {
        /// `notification`, `steps` (a whole list) or `step` (one step).
        var kind: String
        var id: String
        var split: String
        var text: String
        var keep: Bool
        var score: Double

        var json: GeneratedContent {
            GeneratedContent(properties: [
                ("kind", GeneratedContent(kind)), ("id", GeneratedContent(id)), ("split", GeneratedContent(split)),
                ("text", GeneratedContent(text)), ("keep", GeneratedContent(keep)),
                ("score", GeneratedContent((score * 10_000).rounded() / 10_000)),
            ])
        }
    }

    /// The committed file.
    static let defaultPath = QualityCorpus.defaultDirectory + "/judge-scores.jsonl"

    static func load(path: String = defaultPath) throws -> [Entry] {
        try ReaderLabels.jsonLines(path).map { place, json in
            guard let kind = json["kind"]?.stringValue, let id = json["id"]?.stringValue,
                let split = json["split"]?.stringValue, let text = json["text"]?.stringValue,
                let keep = json["keep"]?.boolValue, let score = json["score"]?.doubleValue
            else { throw ReaderLabels.LabelError("\(place): needs kind, id, split, text, keep and score") }
            return Entry(kind: kind, id: id, split: split, text: text, keep: keep, score: score)
        }
    }

    static func write(_ entries: [Entry], to path: String) throws {
        try entries.map { $0.json.jsonText() + "\n" }.joined().write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// The area under the ROC curve: the chance a kept text scores above a rejected one (ties
    /// count half); nil without both.
    static func auc(_ entries: [Entry]) -> Double? {
        let keeps = entries.filter(\.keep).map(\.score)
        let rejects = entries.filter { !$0.keep }.map(\.score)
        guard !keeps.isEmpty, !rejects.isEmpty else { return nil }
        var wins = 0.0
        for keep in keeps {
            for reject in rejects { wins += keep > reject ? 1 : keep == reject ? 0.5 : 0 }
        }
        return wins / Double(keeps.count * rejects.count)
    }
}
