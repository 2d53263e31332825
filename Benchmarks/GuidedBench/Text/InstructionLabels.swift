import Foundation
import GuidedSchema

/// Readers' verdicts on answers to the instruction-following prompts
/// (`Benchmarks/Fixtures/text/instruction-labels.jsonl`): for one answer to one prompt, **keep**
/// ("it answers the prompt and follows the instructions; I would be glad to get it") or **reject**
/// with a reason. Readers label blind: they see the instructions, the prompt and the answer, never
/// the model that wrote it nor what the machine checks found (`labelling.md` beside it).
struct InstructionLabels {
    /// Why a reader rejects an answer.
    enum Reason: String, CaseIterable, Sendable {
        case echo, nonAnswer, ignoresInstruction, wrong, ungrammatical, other
    }

    private var labels: [String: Bool]

    /// Whether the reader kept `answer` to prompt `id`; nil when nobody labelled it.
    func keeps(_ id: String, _ answer: String) -> Bool? { labels[Self.key(id, answer)] }

    /// The lookup key: the prompt and the answer with its white space collapsed.
    static func key(_ id: String, _ answer: String) -> String {
        "\(id)\u{1F}" + answer.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The labels file beside the prompts.
    static let defaultPath = TextBenchmark.folder + "/instruction-labels.jsonl"

    /// The committed labels. A malformed line is an error naming it; so is a second label for
    /// the same answer.
    static func load(path: String = defaultPath) throws -> InstructionLabels {
        guard FileManager.default.fileExists(atPath: path) else { return InstructionLabels(labels: [:]) }
        var labels: [String: Bool] = [:]
        for (place, json) in try ReaderLabels.jsonLines(path) {
            guard let id = json["id"]?.stringValue, let answer = json["answer"]?.stringValue,
                let verdict = json["label"]?.stringValue, verdict == "keep" || verdict == "reject"
            else { throw ReaderLabels.LabelError("\(place): needs id, answer and a label of keep or reject") }
            if verdict == "reject" {
                guard let reason = json["reason"]?.stringValue, Reason(rawValue: reason) != nil else {
                    throw ReaderLabels.LabelError(
                        "\(place): a reject needs a reason, one of "
                            + Reason.allCases.map(\.rawValue).joined(separator: ", "))
                }
            }
            guard labels.updateValue(verdict == "keep", forKey: key(id, answer)) == nil else {
                throw ReaderLabels.LabelError("\(place): \(id) has this answer labelled twice")
            }
        }
        return InstructionLabels(labels: labels)
    }
}
