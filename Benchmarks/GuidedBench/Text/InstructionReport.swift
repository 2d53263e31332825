import Foundation
import GuidedTestSupport

/// The table `guided-bench text` prints: per model and split, how many answers came from the
/// model, passed every check, a reader kept, and both — the target — with p50/p95 latency. A
/// reader's column prints "?" while any answer from the model is unlabelled.
struct InstructionReport {
    var records: [TextBenchmark.Record]
    var labels: InstructionLabels
    var models: [String]

    func print() {
        Swift.print(
            "model                           split  prompts  from model  pass checks  reader keeps  checks and reader     p50 ms   p95 ms"
        )
        for model in models {
            for split in ["dev", "test", "all"] {
                let group = records.filter { $0.model == model && (split == "all" || $0.prompt.split == split) }
                guard !group.isEmpty else { continue }
                // Only the model's answers need a label: no answer is never kept.
                let kept = group.map { $0.fromModel ? labels.keeps($0.prompt.id, $0.answer) : false }
                let complete = !kept.contains(nil)
                let passes = group.filter { $0.fromModel && $0.checkFailure == nil }
                let both = zip(group, kept).filter { $0.0.fromModel && $0.0.checkFailure == nil && $0.1 == true }
                let latencies = group.map(\.milliseconds).sorted()
                Swift.print(
                    String(
                        format: "%-31@ %-5@ %8d %10.0f%% %11.0f%% %@ %@ %9.0f %8.0f", model, split, group.count,
                        percent(group.filter(\.fromModel).count, group.count), percent(passes.count, group.count),
                        cell(complete, kept.filter { $0 == true }.count, group.count, width: 12),
                        cell(complete, both.count, group.count, width: 17), quantile(latencies, 0.5),
                        quantile(latencies, 0.95)))
            }
        }
    }

    private func cell(_ complete: Bool, _ part: Int, _ whole: Int, width: Int) -> String {
        let text = complete ? String(format: "%.0f%%", percent(part, whole)) : "?"
        return String(repeating: " ", count: max(0, width - text.count)) + text
    }
}
