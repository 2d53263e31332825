import Foundation
import GuidedSchema

/// A reader's verdicts on single steps (`Benchmarks/Fixtures/quality/step-labels.jsonl`): every
/// distinct step the `next-steps` adapter wrote for the corpus's step requests over six seeds,
/// judged one at a time — **keep** ("I would be glad to show this step to the person who wrote
/// these entries") or **reject** with a reason — blind to the checks and to which adapter wrote
/// it, with the mean log-probability the adapter gave the step's words when it wrote it (the
/// step-sense check's evidence).
struct StepLabels {
    /// One labelled step.
    struct Entry: Sendable {
        var id: String
        var split: String
        /// The adapter that wrote it (`next-steps v1`, `next-steps v2`, `next-steps v3 trial`).
        var adapter: String
        var step: String
        var meanLogProbability: Double
        var label: ReaderLabels.Label
        /// Whether the reader keeps it.
        var keep: Bool { label.keep }
    }

    /// The file beside the corpus.
    static let defaultPath = QualityCorpus.defaultDirectory + "/step-labels.jsonl"

    /// Every entry of the file at `path`, in its order; a malformed line is an error naming it,
    /// and so is a step labelled twice for one adapter and request.
    static func entries(path: String = defaultPath) throws -> [Entry] {
        var seen: Set<String> = []
        var entries: [Entry] = []
        for (place, json) in try ReaderLabels.jsonLines(path) {
            guard let id = json["id"]?.stringValue, let split = json["split"]?.stringValue,
                let adapter = json["adapter"]?.stringValue, let step = json["step"]?.stringValue,
                let mean = json["meanLogProbability"]?.doubleValue
            else {
                throw ReaderLabels.LabelError(
                    "\(place): needs id, split, adapter, step, meanLogProbability and a label of keep or reject")
            }
            let label = try ReaderLabels.Label.read(json, at: place)
            guard seen.insert("\(adapter)|\(id)|\(step)").inserted else {
                throw ReaderLabels.LabelError("\(place): \(adapter) has this step of \(id) labelled twice")
            }
            entries.append(
                Entry(
                    id: id, split: split, adapter: adapter, step: step, meanLogProbability: mean, label: label))
        }
        return entries
    }
}
