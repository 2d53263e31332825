import Foundation
import Guided
import GuidedManagedServer
import GuidedValidation

/// `guided-bench judge`: how well a judge (``Judge``) separates what readers kept from what they
/// rejected. It scores, on the embedded model, every labelled single step (`step-labels.jsonl`)
/// and the labelled step lists and notifications (`labels.jsonl`: every keep and, per split, up to
/// `--rejects N` rejects, a fixed sample), a list both whole and step by step (its lowest step),
/// writes the scores (`--write FILE`), and prints AUC per kind and split and the precision and
/// coverage at each threshold. `--report FILE` prints the same from scores already written.
struct JudgeBenchmark {
    var judge = Judge(threshold: 0.5)
    var model: String?
    var split = "all"
    var rejectsPerSplit = 150
    var writePath: String?
    /// `--only step|steps|notification`: score one kind (a quick look at a question on dev).
    var only: String?
    /// `--step-rejects N`: at most N rejected single steps per split (default: all).
    var stepRejectsPerSplit = Int.max
    /// `--examples N`: few-shot judging with N kept and N rejected single steps of the dev split
    /// (each from its own request), whose requests are then left out of the scoring.
    var examplesPerLabel = 0

    /// The question the committed step runs asked (`--question`), and the quality benchmark's judge's.
    static let stepQuestion =
        "Is this a sensible, concrete, well-written next step toward the goal that fits the journal?"

    func run() async {
        let corpus: QualityCorpus
        let requests: JudgeRequests
        let steps: [StepLabels.Entry]
        let lists: [(flow: String, id: String, output: String, label: ReaderLabels.Label)]
        do {
            corpus = try QualityCorpus.load()
            requests = try JudgeRequests(corpus: corpus)
            steps = try StepLabels.entries()
            lists = try ReaderLabels.entries()
        } catch { return Self.fail("\(error)") }
        var settings = ManagedLlamaServerBackend.Settings()
        settings.model = model
        let backend = ManagedLlamaServerBackend(name: "judge", settings: settings)
        let availability = await backend.availability()
        guard availability.isAvailable else { return Self.fail("the judge's model cannot serve: \(availability)") }
        let splitOf = Dictionary(uniqueKeysWithValues: (corpus.steps + corpus.notifications).map { ($0.id, $0.split) })
        var judge = judge
        judge.examples = Self.examples(examplesPerLabel, from: steps, requests: requests)
        let exampleIDs = Set(steps.filter { entry in judge.examples.contains { $0.text == entry.step } }.map(\.id))
        print("judge benchmark — \(model ?? ModelCatalogue.defaultModel), question: \(judge.question)")
        for example in judge.examples {
            print("  example (\(example.keep ? "kept" : "rejected")): \(example.text)")
        }

        var cache: [String: Double] = [:]
        func score(_ text: String, item: Bool, id: String) async -> Double? {
            let key = "\(id)\u{1F}\(item)\u{1F}\(text)"
            if let known = cache[key] { return known }
            guard let asked = requests.byID[id] else { return nil }
            do {
                let tokens = try await backend.nextTokenLogProbabilities(
                    for: judge.question(about: text, item: item, for: asked), count: 20)
                let value = Judge.score(tokens)
                cache[key] = value
                return value
            } catch {
                FileHandle.standardError.write(Data("  \(id): \(error)\n".utf8))
                return nil
            }
        }
        var scored: [JudgeScores.Entry] = []
        let wanted = { (split: String, id: String) in
            (self.split == "all" || split == self.split) && !exampleIDs.contains(id)
        }
        // Single steps, request by request so the server's prompt cache serves each request's facts.
        var seenSteps: Set<String> = []
        var generator = SeededShuffle(seed: 7)
        var rejectsTaken: [String: Int] = [:]
        let sampledSteps = steps.shuffled(using: &generator).filter { entry in
            guard !entry.keep else { return true }
            rejectsTaken[entry.split, default: 0] += 1
            return rejectsTaken[entry.split]! <= stepRejectsPerSplit
        }
        for entry in sampledSteps.sorted(by: { $0.id < $1.id })
        where wanted(entry.split, entry.id) && (only == nil || only == "step") {
            guard seenSteps.insert(entry.id + "\u{1F}" + entry.step).inserted,
                let value = await score(entry.step, item: true, id: entry.id)
            else { continue }
            scored.append(
                .init(kind: "step", id: entry.id, split: entry.split, text: entry.step, keep: entry.keep, score: value))
        }
        print("  scored \(scored.count) single steps")
        for entry in Self.sample(lists, rejectsPerSplit: rejectsPerSplit, split: { splitOf[$0.id] ?? "?" })
        where wanted(splitOf[entry.id] ?? "?", entry.id)
            && (only == nil || only == (entry.flow == "steps" ? "steps" : entry.flow))
        {
            let split = splitOf[entry.id] ?? "?"
            if entry.flow == "notification" {
                let whole = ["text": GeneratedContent(entry.output)] as GeneratedContent
                guard let value = await score(whole.jsonText(), item: false, id: entry.id) else { continue }
                scored.append(
                    .init(
                        kind: "notification", id: entry.id, split: split, text: entry.output, keep: entry.label.keep,
                        score: value))
                continue
            }
            let items = entry.output.components(separatedBy: " | ")
            let list = ["steps": GeneratedContent(elements: items.map { GeneratedContent($0) })] as GeneratedContent
            guard let whole = await score(list.jsonText(), item: false, id: entry.id) else { continue }
            var lowest = 1.0
            for item in items {
                guard let value = await score(item, item: true, id: entry.id) else { continue }
                lowest = min(lowest, value)
            }
            scored.append(
                .init(
                    kind: "steps", id: entry.id, split: split, text: entry.output, keep: entry.label.keep, score: whole)
            )
            scored.append(
                .init(
                    kind: "steps, step by step", id: entry.id, split: split, text: entry.output,
                    keep: entry.label.keep, score: lowest))
        }
        await backend.shutdown()
        if let writePath {
            do { try JudgeScores.write(scored, to: writePath) } catch {
                return Self.fail("cannot write \(writePath): \(error)")
            }
            print("  wrote \(scored.count) scores to \(writePath)")
        }
        Self.report(scored)
    }

    /// `count` kept and `count` rejected dev steps, each from a request of its own, in a fixed
    /// shuffled order: the judge's worked examples.
    static func examples(_ count: Int, from steps: [StepLabels.Entry], requests: JudgeRequests) -> [Judge.Example] {
        guard count > 0 else { return [] }
        var generator = SeededShuffle(seed: 11)
        var usedIDs: Set<String> = []
        var taken = [true: 0, false: 0]
        var chosen: [Judge.Example] = []
        for entry in steps.shuffled(using: &generator) where entry.split == "dev" {
            guard taken[entry.keep]! < count, !usedIDs.contains(entry.id), let asked = requests.byID[entry.id] else {
                continue
            }
            usedIDs.insert(entry.id)
            taken[entry.keep]! += 1
            chosen.append(
                Judge.Example(asked: asked.prompt, facts: asked.grounding, text: entry.step, keep: entry.keep))
        }
        return chosen
    }

    /// Every keep, and up to `rejectsPerSplit` rejects per flow and split, in a fixed shuffled order.
    static func sample(
        _ lists: [(flow: String, id: String, output: String, label: ReaderLabels.Label)], rejectsPerSplit: Int,
        split: ((flow: String, id: String, output: String, label: ReaderLabels.Label)) -> String
    ) -> [(flow: String, id: String, output: String, label: ReaderLabels.Label)] {
        var generator = SeededShuffle(seed: 2026)
        var taken: [String: Int] = [:]
        return lists.shuffled(using: &generator).filter { entry in
            if entry.label.keep { return true }
            let group = entry.flow + "/" + split(entry)
            taken[group, default: 0] += 1
            return taken[group]! <= rejectsPerSplit
        }.sorted { $0.id < $1.id }
    }

    /// AUC per kind and split, and precision and coverage by threshold.
    static func report(_ scored: [JudgeScores.Entry]) {
        print("")
        print("kind                   split  keeps  rejects    AUC")
        let kinds = ["step", "steps", "steps, step by step", "notification"]
        for kind in kinds {
            for split in ["dev", "test"] {
                let group = scored.filter { $0.kind == kind && $0.split == split }
                guard !group.isEmpty else { continue }
                let auc = JudgeScores.auc(group).map { String(format: "%.2f", $0) } ?? "?"
                print(
                    kind.padding(toLength: 22, withPad: " ", startingAt: 0) + " "
                        + split.padding(toLength: 5, withPad: " ", startingAt: 0)
                        + String(format: " %6d %8d", group.filter(\.keep).count, group.filter { !$0.keep }.count)
                        + "   " + auc)
            }
        }
        print("\nprecision (kept of those at or above the threshold) and coverage (share at or above it):")
        print("threshold  " + kinds.map { $0.padding(toLength: 24, withPad: " ", startingAt: 0) }.joined())
        for threshold in [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95] {
            var line = String(format: "%9.2f  ", threshold)
            for kind in kinds {
                var cell = ""
                for split in ["dev", "test"] {
                    let group = scored.filter { $0.kind == kind && $0.split == split }
                    let above = group.filter { $0.score >= threshold }
                    cell +=
                        above.isEmpty
                        ? "  –   "
                        : String(
                            format: "%3.0f/%-3.0f", percent(above.filter(\.keep).count, above.count),
                            percent(above.count, group.count))
                    cell += split == "dev" ? " " : ""
                }
                line += cell.padding(toLength: 24, withPad: " ", startingAt: 0)
            }
            print(line)
        }
        print("(each cell: dev precision/coverage, then test, in percent)")
    }

    static func fail(_ message: String) {
        FileHandle.standardError.write(Data("guided-bench judge: \(message)\n".utf8))
        exit(1)
    }
}
