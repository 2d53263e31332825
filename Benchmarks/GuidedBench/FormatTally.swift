import Foundation
import GuidedSchema

/// Counts the `format` entries of lowering reports by format name (`date`, `email`, …): which
/// formats a corpus uses and how many of their uses the grammar enforces.
struct FormatTally {
    private var counts: [String: [LoweringReport.Disposition: Int]] = [:]

    /// Adds a report entry for `format`, named by its note's first word (the compiler starts
    /// every format note with the format's name).
    mutating func add(_ entry: LoweringReport.Entry) {
        guard entry.keyword == "format" else { return }
        let name = String(entry.note.prefix { $0 != ";" && $0 != " " })
        counts[name.isEmpty ? "?" : name, default: [:]][entry.disposition, default: 0] += 1
    }

    /// One line per format, most used first.
    var lines: [String] {
        counts.sorted { ($0.value.values.reduce(0, +), $1.key) > ($1.value.values.reduce(0, +), $0.key) }.map {
            name, counts in
            let enforced = counts[.enforced, default: 0]
            let after = counts[.checkedAfter, default: 0]
            return "    \(name.padding(toLength: 20, withPad: " ", startingAt: 0))"
                + " enforced \(String(enforced).leftPadded(5))   checked after \(String(after).leftPadded(5))"
        }
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String {
        String(repeating: " ", count: max(0, width - count)) + self
    }
}
