import Foundation

/// The benchmark's headline against the reader's labels, per flow and split:
/// - **reader keeps**: the share of requests whose shipped output the reader keeps (a fallback or
///   no suggestion is not kept), counted only when every shipped output of the group is labelled;
/// - the checks against the labels, over every labelled candidate: **recall** (the share of
///   reader rejects the checks reject) and **precision** (the share of the checks' rejections the
///   reader also rejects), with the keeps they dropped;
/// - the outputs no label covers, listed so they can be labelled. No rate is guessed.
struct ReaderLabelReport {
    let records: [QualityBenchmark.Record]
    let labels: ReaderLabels

    func print() {
        Swift.print(
            "\nreader labels (\(labels.count) committed): would a reader show this to the person who wrote the entries?"
        )
        Swift.print(
            "flow            split  requests  shipped labelled  reader keeps  of shipped  changed/claim shipped  check recall  check precision  keeps dropped  unlabelled"
        )
        for flow in ["steps", "notification"] {
            for split in ["dev", "test", "all"] {
                let group = records.filter { $0.flow == flow && (split == "all" || $0.split == split) }
                guard !group.isEmpty else { continue }
                Swift.print(row(flow, split, group))
            }
        }
        var listed: Set<String> = []
        let unlabelled = records.flatMap { record in
            record.outputs.filter {
                labels.label(record.flow, record.id, $0.readable) == nil
                    && listed.insert(ReaderLabels.key(record.flow, record.id, $0.readable)).inserted
            }.map { (record, $0) }
        }
        guard !unlabelled.isEmpty else { return }
        Swift.print(
            "\n\(unlabelled.count) outputs have no label (label them in labels.jsonl; `--record FILE` writes them all):"
        )
        for (record, output) in unlabelled.prefix(40) {
            Swift.print("  \(record.flow) \(record.id): \(output.readable)")
        }
        if unlabelled.count > 40 { Swift.print("  … and \(unlabelled.count - 40) more") }
    }

    private func row(_ flow: String, _ split: String, _ group: [QualityBenchmark.Record]) -> String {
        // A shipped output that is unlabelled, or not readable, leaves the group incomplete.
        let shippedLabels = group.filter(\.fromModel).compactMap { record in
            record.outputs.first(where: \.shipped).flatMap { labels.label(flow, record.id, $0.readable) }
        }
        let shippedCount = group.filter(\.fromModel).count
        let reader = ReaderKeeps(requests: group.count, shipped: shippedCount, labels: shippedLabels)
        var readerRejects = 0
        var caught = 0
        var checkRejects = 0
        var keepsDropped = 0
        var unlabelled = 0
        for record in group {
            for output in record.outputs {
                guard let label = labels.label(flow, record.id, output.readable) else {
                    unlabelled += 1
                    continue
                }
                if !label.keep { readerRejects += 1 }
                if !output.passed {
                    checkRejects += 1
                    if label.keep { keepsDropped += 1 } else { caught += 1 }
                }
            }
        }
        let (keeps, ofShipped) = reader.cells
        let factual = reader.factual
        let labelled = "\(shippedLabels.count)/\(shippedCount)"
        return flow.padding(toLength: 15, withPad: " ", startingAt: 0) + " "
            + split.padding(toLength: 5, withPad: " ", startingAt: 0)
            + String(
                format: " %9d  %15@ %@  %@  %21d  %11.0f%%  %15.0f%%  %13d  %10d", group.count, labelled, keeps,
                ofShipped, factual, percent(caught, readerRejects), percent(caught, checkRejects), keepsDropped,
                unlabelled)
    }

}
