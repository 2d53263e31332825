import Foundation
import GuidedSession

/// The steps-one-at-a-time part of `guided-bench labels`: per adapter and split, how many of its
/// steps a reader keeps; then the step-sense check (`StepSense`) on the shipped adapter's steps —
/// at its calibrated floor, per split: the rejects it catches (recall), how many of its rejections
/// the reader agrees with (precision), the keeps it drops and the keep rate of the steps it lets
/// through — and the sweep of floors on the dev split the floor was chosen from.
struct StepLabelReport {
    let entries: [StepLabels.Entry]
    /// The adapter version the step-sense floor is calibrated for (the one `adapters/` ships).
    let shipped: String
    let floor: Double

    func print() {
        Swift.print(
            "\nsteps one at a time (step-labels.jsonl, \(entries.count) labels): does the reader keep each step?")
        Swift.print(pad("adapter", 21) + pad("split", 7) + pad("steps", 7) + "reader keeps")
        for adapter in Set(entries.map(\.adapter)).sorted() {
            for split in ["dev", "test"] {
                let group = entries.filter { $0.adapter == adapter && $0.split == split }
                guard !group.isEmpty else { continue }
                Swift.print(
                    pad(adapter, 21) + pad(split, 7) + pad("\(group.count)", 7)
                        + shown(group.filter(\.keep).count, group.count))
            }
        }
        Swift.print("\nstep-sense check on \(shipped)'s steps at its floor \(floor): a step below it is rejected")
        Swift.print(
            pad("split", 7) + pad("rejects caught", 16) + pad("precision", 11) + pad("keeps dropped", 15)
                + "reader keeps, all → passing")
        for split in ["dev", "test"] {
            Swift.print(pad(split, 7) + measured(at: floor, split: split))
        }
        Swift.print("dev sweep (the floor is chosen here; test is reported, never tuned on):")
        for candidate in stride(from: -2.6, through: -1.5, by: 0.1) {
            let value = (candidate * 10).rounded() / 10
            Swift.print("  " + pad("\(value)", 6) + measured(at: value, split: "dev"))
        }
    }

    private func measured(at floor: Double, split: String) -> String {
        let group = entries.filter { $0.adapter == shipped && $0.split == split }
        let rejects = group.filter { !$0.keep }
        let keeps = group.filter(\.keep)
        let caught = rejects.filter { $0.meanLogProbability < floor }.count
        let dropped = keeps.filter { $0.meanLogProbability < floor }.count
        let passing = group.filter { $0.meanLogProbability >= floor }
        return pad("\(caught)/\(rejects.count) \(shown(caught, rejects.count))", 16)
            + pad(shown(caught, caught + dropped), 11) + pad("\(dropped)/\(keeps.count)", 15)
            + shown(keeps.count, group.count) + " → " + shown(passing.filter(\.keep).count, passing.count)
    }

    /// `part` of `whole` as a percentage to one decimal (the quality reports' `percent`); a dash
    /// for an empty whole.
    private func shown(_ part: Int, _ whole: Int) -> String {
        whole == 0 ? "–" : String(format: "%.1f%%", percent(part, whole))
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.padding(toLength: max(width, text.count + 1), withPad: " ", startingAt: 0)
    }
}
