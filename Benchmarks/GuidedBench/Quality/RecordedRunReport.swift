import Foundation
import GuidedJSON
import GuidedSchema

/// `guided-bench labels --run FILE`: the reader-keeps rate of a run recorded with
/// `guided-bench quality --record FILE`, once the labels cover what it shipped — so a run is
/// scored after its new outputs are labelled, without generating again. Per flow and split: the
/// corpus's requests, those whose model output shipped, how many of those the labels cover, the
/// share of requests whose shipped output the reader keeps (a fallback is not kept), and shipped
/// outputs the reader rejected for a changed fact or a claim the facts do not make.
struct RecordedRunReport {
    let path: String

    func print() throws {
        let corpus = try QualityCorpus.load()
        let labels = try ReaderLabels.load()
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var shipped: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let json = try JSONReader.parse(String(line), file: path)
            guard json["shipped"]?.boolValue == true, let flow = json["flow"]?.stringValue,
                let id = json["id"]?.stringValue, let output = json["output"]?.stringValue
            else { continue }
            shipped[flow + "/" + id] = output
        }
        Swift.print("reader keeps of the run recorded in \(path) (\(labels.count) labels)")
        Swift.print(
            "flow            split  requests  shipped  labelled  reader keeps  of shipped  changed/claim shipped")
        var unlabelled: [String] = []
        for (flow, requests) in [("steps", corpus.steps), ("notification", corpus.notifications)] {
            for split in ["dev", "test", "all"] {
                let group = requests.filter { split == "all" || $0.split == split }
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
        if !unlabelled.isEmpty {
            Swift.print("\n\(unlabelled.count) shipped outputs have no label:\n" + unlabelled.joined(separator: "\n"))
        }
    }

}
