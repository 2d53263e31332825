import Foundation

/// The benchmark's table: per flow and split, the numbers the issue asks for.
struct QualityReport {
    let records: [QualityBenchmark.Record]
    /// The routers' deadline on both paths (``DefaultPathFlows``, ``SenbaQualityFlows``).
    static let deadlineMilliseconds = 60_000.0

    func print() {
        Swift.print(
            "flow            split  requests  from model  fallback  invented  person-fail   p50 ms   p95 ms   max ms  late  fallback reasons"
        )
        for flow in ["steps", "notification"] {
            for split in ["dev", "test", "all"] {
                let group = records.filter { $0.flow == flow && (split == "all" || $0.split == split) }
                guard !group.isEmpty else { continue }
                let shipped = group.filter(\.fromModel)
                let latencies = group.map(\.milliseconds).sorted()
                var reasons: [String: Int] = [:]
                for record in group where !record.fromModel { reasons[record.reason ?? "?", default: 0] += 1 }
                let reasonText = reasons.sorted { $0.value > $1.value }.map { "\($0.key) \($0.value)" }.joined(
                    separator: ", ")
                Swift.print(
                    flow.padding(toLength: 15, withPad: " ", startingAt: 0) + " "
                        + split.padding(toLength: 5, withPad: " ", startingAt: 0)
                        + String(
                            format: " %9d %10.0f%% %8.0f%% %9d %12d %8.0f %8.0f %8.0f %5d  %@",
                            group.count, percent(shipped.count, group.count),
                            percent(group.count - shipped.count, group.count),
                            shipped.filter { !$0.invented.isEmpty }.count,
                            shipped.filter { !$0.personFailures.isEmpty }.count,
                            quantile(latencies, 0.5), quantile(latencies, 0.95), latencies.last ?? 0,
                            latencies.filter { $0 > Self.deadlineMilliseconds }.count, reasonText))
            }
        }
        Swift.print("(late: requests that took longer than both paths' 60 s deadline)")
        Swift.print(
            "\ncandidates: verdicts over every candidate generated (a candidate may have several rejections; the first is counted)"
        )
        for flow in ["steps", "notification"] {
            let verdicts = records.filter { $0.flow == flow }.flatMap(\.verdicts)
            guard !verdicts.isEmpty else { continue }
            var counts: [String: Int] = [:]
            for verdict in verdicts { counts[verdict, default: 0] += 1 }
            let top = counts.sorted { $0.value > $1.value }.prefix(8).map { "\($0.key) \($0.value)" }.joined(
                separator: ", ")
            Swift.print(
                String(
                    format: "  %@ %4d candidates, %4.1f per request, %d stopped early, %.1f judged per request: %@",
                    flow.padding(toLength: 13, withPad: " ", startingAt: 0), verdicts.count,
                    Double(verdicts.count) / Double(max(1, records.filter { $0.flow == flow }.count)),
                    records.filter { $0.flow == flow }.map(\.stoppedEarly).reduce(0, +),
                    Double(records.filter { $0.flow == flow }.map(\.judged).reduce(0, +))
                        / Double(max(1, records.filter { $0.flow == flow }.count)), top))
        }
    }
}
