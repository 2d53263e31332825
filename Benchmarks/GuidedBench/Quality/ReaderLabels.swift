import Foundation
import GuidedJSON
import GuidedSchema

/// A reader's verdicts on outputs of the quality corpus (`Benchmarks/Fixtures/quality/labels.jsonl`):
/// for each output of a request, **keep** ("I would show this to the person who wrote these
/// entries") or **reject** with a reason. Labelled blind to the checks' verdicts.
struct ReaderLabels {
    /// Why a reader rejects an output.
    enum Reason: String, CaseIterable, Sendable {
        case nonsense, changedFact, unsupportedClaim, ungrammatical, notAnAction, vague, other
    }

    /// One label.
    struct Label: Sendable {
        var keep: Bool
        /// Nil for a keep.
        var reason: Reason?

        /// The verdict of the label line `json` at `place` (`path:line`): its `label`, keep or
        /// reject, and a reject's `reason`; a line without them is an error naming it.
        static func read(_ json: GeneratedContent, at place: String) throws -> Label {
            guard let verdict = json["label"]?.stringValue, verdict == "keep" || verdict == "reject" else {
                throw LabelError("\(place): needs a label of keep or reject")
            }
            guard verdict == "reject" else { return Label(keep: true, reason: nil) }
            guard let name = json["reason"]?.stringValue, let reason = Reason(rawValue: name) else {
                throw LabelError(
                    "\(place): a reject needs a reason, one of "
                        + Reason.allCases.map(\.rawValue).joined(separator: ", "))
            }
            return Label(keep: false, reason: reason)
        }
    }

    private var labels: [String: Label]

    var count: Int { labels.count }

    init(_ labels: [String: Label]) { self.labels = labels }

    /// The reader's label for `output` of request `id` in `flow`, or nil when nobody labelled it.
    func label(_ flow: String, _ id: String, _ output: String) -> Label? {
        labels[Self.key(flow, id, output)]
    }

    /// The lookup key: flow, request and the output with its white space collapsed.
    static func key(_ flow: String, _ id: String, _ output: String) -> String {
        let words = output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return "\(flow)\u{1F}\(id)\u{1F}\(words)"
    }

    /// The committed labels (`labels.jsonl` beside the corpus). A malformed line is an error that
    /// names its line; a second label for the same output is one too.
    static func load(path: String = defaultPath) throws -> ReaderLabels {
        var labels: [String: Label] = [:]
        for entry in try entries(path: path) { labels[key(entry.flow, entry.id, entry.output)] = entry.label }
        return ReaderLabels(labels)
    }

    /// The labels file beside the corpus.
    static let defaultPath = QualityCorpus.defaultDirectory + "/labels.jsonl"

    /// Every label of the file at `path`, in its order.
    static func entries(path: String = defaultPath) throws -> [(
        flow: String, id: String, output: String, label: Label
    )] {
        var seen: Set<String> = []
        var entries: [(flow: String, id: String, output: String, label: Label)] = []
        for (place, json) in try jsonLines(path) {
            guard let flow = json["flow"]?.stringValue, let id = json["id"]?.stringValue,
                let output = json["output"]?.stringValue
            else { throw LabelError("\(place): needs flow, id, output and a label of keep or reject") }
            let label = try Label.read(json, at: place)
            guard seen.insert(key(flow, id, output)).inserted else {
                throw LabelError("\(place): \(id) has this output labelled twice")
            }
            entries.append((flow, id, output, label))
        }
        return entries
    }

    /// Each non-blank line of the JSON Lines file at `path`, parsed, with its place (`path:line`)
    /// for errors; a line that is not JSON is an error naming it.
    static func jsonLines(_ path: String) throws -> [(place: String, json: GeneratedContent)] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return try text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            .filter { !$0.element.trimmingCharacters(in: .whitespaces).isEmpty }
            .map { index, line in
                let place = "\(path):\(index + 1)"
                return (place, try JSONReader.parse(String(line), file: place))
            }
    }

    /// A labels file that cannot be read as labels.
    struct LabelError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
