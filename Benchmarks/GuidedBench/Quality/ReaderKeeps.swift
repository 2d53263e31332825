import Foundation

/// What a reader makes of one group of requests' shipped outputs: how many requests the group
/// has, how many shipped from the model, and the reader's labels on those (missing when an
/// output has none). The reader-keeps columns of `guided-bench quality` and
/// `guided-bench labels --run` both come from it, so both count alike.
struct ReaderKeeps {
    var requests: Int
    var shipped: Int
    var labels: [ReaderLabels.Label]

    /// Whether every shipped output is labelled: only then is a rate printed.
    var isComplete: Bool { labels.count == shipped }
    /// Shipped outputs the reader keeps.
    var kept: Int { labels.filter(\.keep).count }
    /// Shipped outputs the reader rejected for a changed fact or a claim the facts do not make.
    var factual: Int { labels.filter { $0.reason == .changedFact || $0.reason == .unsupportedClaim }.count }

    /// `reader keeps` (of all requests) and `of shipped`, right-aligned, or `?` when incomplete.
    var cells: (keeps: String, ofShipped: String) {
        guard isComplete else { return ("          ?", "         ?") }
        return (
            String(format: "%11.0f%%", percent(kept, requests)), String(format: "%9.0f%%", percent(kept, shipped))
        )
    }
}

/// `part` as a percentage of `whole`; 0 for an empty whole.
func percent(_ part: Int, _ whole: Int) -> Double { whole == 0 ? 0 : Double(part) * 100 / Double(whole) }

/// The `q` quantile (0 to 1) of `sorted`, the nearest rank; 0 for no values.
func quantile(_ sorted: [Double], _ q: Double) -> Double {
    guard !sorted.isEmpty else { return 0 }
    return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * q).rounded()))]
}
