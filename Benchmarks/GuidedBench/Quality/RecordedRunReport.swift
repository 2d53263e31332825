import Foundation
import GuidedJSON
import GuidedSchema

/// `guided-bench labels --run FILE`: the reader-keeps rate of a run recorded with
/// `guided-bench quality --record FILE`, once the labels cover what it shipped — so a run is
/// scored after its new outputs are labelled, without generating again. Per flow and split: the
/// corpus's requests, those whose model output shipped, how many of those the labels cover, the
/// share of requests whose shipped output the reader keeps (a fallback is not kept), and shipped
/// outputs the reader rejected for a changed fact or a claim the facts do not make; only the
/// requests the run recorded a candidate for are counted. When a judge scored the candidates, its
/// AUC on the labelled ones that passed the other checks.
struct RecordedRunReport {
    let path: String

    func print() throws {
        let corpus = try QualityCorpus.load()
        let labels = try ReaderLabels.load()
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var shipped: [String: String] = [:]
        var covered: Set<String> = []
        var judged: [JudgeScores.Entry] = []
        for line in text.split(separator: "\n") {
            let json = try JSONReader.parse(String(line), file: path)
            guard let flow = json["flow"]?.stringValue, let id = json["id"]?.stringValue,
                let output = json["output"]?.stringValue
            else { continue }
            covered.insert(flow + "/" + id)
            if json["shipped"]?.boolValue == true { shipped[flow + "/" + id] = output }
            if let score = json["judge"]?.doubleValue, let label = labels.label(flow, id, output) {
                judged.append(
                    .init(
                        kind: flow, id: id, split: json["split"]?.stringValue ?? "?", text: output, keep: label.keep,
                        score: score))
            }
        }
        Swift.print("reader keeps of the run recorded in \(path) (\(labels.count) labels)")
        Swift.print(
            "flow            split  requests  shipped  labelled  reader keeps  of shipped  changed/claim shipped")
        var unlabelled: [String] = []
        for (flow, requests) in [("steps", corpus.steps), ("notification", corpus.notifications)] {
            for split in ["dev", "test", "all"] {
                let group = requests.filter {
                    (split == "all" || $0.split == split) && covered.contains(flow + "/" + $0.id)
                }
                guard !group.isEmpty else { continue }
                let outputs = group.compactMap { request in
                    shipped[flow + "/" + request.id].map { (id: request.id, output: $0) }
                }
                let found: [ReaderLabels.Label] = outputs.compactMap { labels.label(flow, $0.id, $0.output) }
                if split == "all" {
                    unlabelled += outputs.filter { labels.label(flow, $0.id, $0.output) == nil }.map {
                        "  \(flow) \($0.id): \($0.output)"
                    }
                }
                let reader = ReaderKeeps(requests: group.count, shipped: outputs.count, labels: found)
                let (keeps, ofShipped) = reader.cells
                let factual = reader.factual
                Swift.print(
                    flow.padding(toLength: 15, withPad: " ", startingAt: 0) + " "
                        + split.padding(toLength: 5, withPad: " ", startingAt: 0)
                        + String(
                            format: " %9d %8d %9d  %@  %@  %21d", group.count, outputs.count, found.count, keeps,
                            ofShipped, factual))
            }
        }
        for (flow, split) in [("steps", "dev"), ("steps", "test"), ("notification", "dev"), ("notification", "test")] {
            let group = judged.filter { $0.kind == flow && $0.split == split }
            guard !group.isEmpty else { continue }
            Swift.print(
                "the judge on this run's \(flow) candidates that passed the other checks, \(split): "
                    + "AUC \(JudgeScores.auc(group).map { String(format: "%.2f", $0) } ?? "?") "
                    + "(\(group.filter(\.keep).count) kept, \(group.filter { !$0.keep }.count) rejected by the reader)")
        }
        if !unlabelled.isEmpty {
            Swift.print("\n\(unlabelled.count) shipped outputs have no label:\n" + unlabelled.joined(separator: "\n"))
        }
    }

}
