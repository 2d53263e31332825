import Foundation

/// The judge's part of `guided-bench labels`, offline: the committed judge runs
/// (`judge-runs/DATE-SPLIT-NAME.jsonl`, written by `guided-bench judge --write`) read against the
/// reader labels they carry — each run's AUC per kind and split — and, for each judge run on both
/// splits (the same NAME on dev and on test), the threshold chosen on dev for the precision target
/// and what that threshold does on test.
struct JudgeRunsReport {
    /// The folder of the committed runs.
    static let defaultDirectory = QualityCorpus.defaultDirectory + "/judge-runs"
    /// The share of shipped texts a reader keeps that the threshold is chosen for (issue 39's target).
    static let targetPrecision = 0.7

    let runs: [(name: String, entries: [JudgeScores.Entry])]

    /// Every run in `directory`, by file name; a file that is not a run is an error naming its line.
    static func load(directory: String = defaultDirectory) throws -> JudgeRunsReport {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".jsonl") }
            .sorted()
        return JudgeRunsReport(
            runs: try names.map { ($0, try JudgeScores.load(path: directory + "/" + $0)) })
    }

    func print() {
        Swift.print("\nthe judge (judge-runs/, \(runs.count) runs): AUC of its score against the reader's labels")
        Swift.print(pad("run", 46) + pad("kind", 22) + pad("split", 7) + pad("keeps", 7) + pad("rejects", 9) + "AUC")
        for run in runs {
            for kind in Set(run.entries.map(\.kind)).sorted() {
                for split in ["dev", "test"] {
                    let group = run.entries.filter { $0.kind == kind && $0.split == split }
                    guard !group.isEmpty else { continue }
                    Swift.print(
                        pad(run.name, 46) + pad(kind, 22) + pad(split, 7) + pad("\(group.filter(\.keep).count)", 7)
                            + pad("\(group.filter { !$0.keep }.count)", 9)
                            + (JudgeScores.auc(group).map { String(format: "%.2f", $0) } ?? "?"))
                }
            }
        }
        for (dev, test) in pairs() { printThreshold(dev: dev, test: test) }
    }

    /// Runs of one judge on dev and on test: file names that differ only in the split after the date.
    private func pairs() -> [(
        dev: (name: String, entries: [JudgeScores.Entry]), test: (name: String, entries: [JudgeScores.Entry])
    )] {
        runs.compactMap { run in
            guard run.name.contains("-dev-") else { return nil }
            let testName = run.name.replacingOccurrences(of: "-dev-", with: "-test-")
            return runs.first { $0.name == testName }.map { (run, $0) }
        }
    }

    private func printThreshold(
        dev: (name: String, entries: [JudgeScores.Entry]), test: (name: String, entries: [JudgeScores.Entry])
    ) {
        let devSteps = dev.entries.filter { $0.kind == "step" && $0.split == "dev" }
        guard !devSteps.isEmpty else { return }
        let chosen = JudgeThreshold(dev: devSteps, target: Self.targetPrecision)
        let target = String(format: "%.0f%%", Self.targetPrecision * 100)
        Swift.print("\nthreshold for \(target) of single steps kept, chosen on \(dev.name), reported on \(test.name):")
        guard let point = chosen.precise ?? chosen.best else {
            Swift.print("  no threshold lets through \(JudgeThreshold.minimumAbove) dev steps")
            return
        }
        if chosen.precise == nil {
            Swift.print(
                "  no threshold reaches \(target) on dev; the most precise covering a tenth of dev is shown instead")
        }
        Swift.print(pad("  threshold", 13) + pad("kind", 22) + pad("split", 7) + pad("kept of passed", 16) + "passed")
        Swift.print(line(point.threshold, "step", "dev", point))
        for kind in ["step", "steps, step by step"] {
            let group = test.entries.filter { $0.kind == kind && $0.split == "test" }
            guard !group.isEmpty else { continue }
            Swift.print(line(point.threshold, kind, "test", JudgeThreshold.point(point.threshold, on: group)))
        }
    }

    private func line(_ threshold: Double, _ kind: String, _ split: String, _ point: JudgeThreshold.Point) -> String {
        pad(String(format: "  %.4f", threshold), 13) + pad(kind, 22) + pad(split, 7)
            + pad(String(format: "%.0f%% (%d)", point.precision * 100, point.above), 16)
            + String(format: "%.0f%%", point.coverage * 100)
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.padding(toLength: max(width, text.count + 1), withPad: " ", startingAt: 0)
    }
}
