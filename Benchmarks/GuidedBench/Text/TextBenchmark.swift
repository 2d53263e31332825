import Foundation
import Guided
import GuidedJSON
import GuidedManagedServer
import GuidedTestSupport

/// `guided-bench text`: instruction following on the embedded model, over the committed prompts
/// (`Benchmarks/Fixtures/text/instructions.jsonl`: 48 chat-app instructions and messages — roles,
/// tasks, styles, formats, refusals, "if asked X, say Y" — each with checks a machine runs,
/// dev/test 24/24). Each model of the catalogue named (`--models`, default: the embedded default
/// and Gemma 3 270M, the baseline) answers every prompt through a session with the prompt's
/// instructions and token cap, greedily unless `--sampling` says otherwise. Per model and split it
/// reports answers from the model, answers that pass every check, answers a reader keeps
/// (`instruction-labels.jsonl`; "?" while an answer is unlabelled), answers that do both — the
/// target — and p50/p95 latency. `--record FILE` writes the answers no label covers, shuffled and
/// without the model's name, for blind readers.
struct TextBenchmark {
    var models: [String]
    var split = "all"
    /// `greedy`, `top-k` (40, seed 7) or `top-p` (0.9, seed 7).
    var sampling = "greedy"
    var recordPath: String?
    var verbose = false

    /// The fixtures folder.
    static let folder =
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/text").path

    var mode: GenerationOptions.SamplingMode {
        switch sampling {
        case "top-k": .random(top: 40, seed: 7)
        case "top-p": .random(probabilityThreshold: 0.9, seed: 7)
        default: .greedy
        }
    }

    /// One answer.
    struct Record {
        var model: String
        var prompt: InstructionPrompt
        var answer: String
        var fromModel: Bool
        var checkFailure: String?
        var milliseconds: Double
    }

    /// `--score FILE`: the checks on answers written elsewhere (JSON Lines of `{id, answer}`, e.g.
    /// another prompt layout tried on the dev split), per split, with each failure.
    static func score(_ path: String) {
        do {
            let prompts = Dictionary(uniqueKeysWithValues: try load().map { ($0.id, $0) })
            var passed: [String: (Int, Int)] = [:]
            for (place, json) in try ReaderLabels.jsonLines(path) {
                guard let id = json["id"]?.stringValue, let prompt = prompts[id],
                    let answer = json["answer"]?.stringValue
                else { throw ReaderLabels.LabelError("\(place): needs the id of a prompt and an answer") }
                let failure = prompt.failure(of: answer)
                if let failure { print("  \(id) FAILS \(failure): \(oneLine(answer))") }
                var tally = passed[prompt.split] ?? (0, 0)
                tally = (tally.0 + (failure == nil ? 1 : 0), tally.1 + 1)
                passed[prompt.split] = tally
            }
            for (split, tally) in passed.sorted(by: { $0.key < $1.key }) {
                print("\(split): \(tally.0) of \(tally.1) pass every check")
            }
        } catch {
            FileHandle.standardError.write(Data("guided-bench text: \(error)\n".utf8))
            exit(1)
        }
    }

    func run() async {
        let prompts: [InstructionPrompt]
        let labels: InstructionLabels
        do {
            prompts = try Self.load().filter { split == "all" || $0.split == split }
            labels = try InstructionLabels.load()
        } catch { return fail("\(error)") }
        print("text benchmark — instruction following, \(prompts.count) prompts, sampling \(sampling)")
        var records: [Record] = []
        for model in models {
            var settings = ManagedLlamaServerBackend.Settings()
            settings.model = model
            let backend = ManagedLlamaServerBackend(name: "embedded", settings: settings)
            let availability = await backend.availability()
            guard availability.isAvailable else { return fail("\(model) cannot serve: \(availability)") }
            let configuration = GuidedConfiguration(backends: [backend])
            print("\n\(model):")
            for prompt in prompts {
                let record = await answer(prompt, model: model, configuration)
                records.append(record)
                let verdict = record.checkFailure.map { "FAILS \($0)" } ?? "passes"
                let label = labels.keeps(prompt.id, record.answer).map { $0 ? "kept" : "rejected" } ?? "unlabelled"
                print(
                    String(format: "  %@ %6.0f ms %@, %@: ", prompt.id, record.milliseconds, verdict, label)
                        + Self.oneLine(record.answer))
            }
            await backend.shutdown()
        }
        print("")
        InstructionReport(records: records, labels: labels, models: models).print()
        if let recordPath {
            do { try record(records, labels: labels, to: recordPath) } catch {
                return fail("cannot write \(recordPath): \(error)")
            }
        }
    }

    private func answer(_ prompt: InstructionPrompt, model: String, _ configuration: GuidedConfiguration) async
        -> Record
    {
        let options = GenerationOptions(sampling: mode, maximumResponseTokens: prompt.maxTokens)
        let session = LanguageModelSession(instructions: prompt.instructions, configuration: configuration)
        let started = ContinuousClock.now
        let outcome = try? await session.respond(to: prompt.prompt, options: options)
        let elapsed = ContinuousClock.now - started
        let answer = (outcome?.value ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        return Record(
            model: model, prompt: prompt, answer: answer, fromModel: outcome?.isFromModel ?? false,
            checkFailure: prompt.failure(of: answer),
            milliseconds: Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
    }

    /// The answers no label covers, once each, in a shuffled order that hides which model wrote
    /// them, as readers get them: `{id, split, kind, instructions, prompt, answer}`.
    private func record(_ records: [Record], labels: InstructionLabels, to path: String) throws {
        var seen: Set<String> = []
        var lines: [String] = []
        for record in records where labels.keeps(record.prompt.id, record.answer) == nil && record.fromModel {
            guard seen.insert(InstructionLabels.key(record.prompt.id, record.answer)).inserted else { continue }
            let line = GeneratedContent(properties: [
                ("id", GeneratedContent(record.prompt.id)), ("split", GeneratedContent(record.prompt.split)),
                ("kind", GeneratedContent(record.prompt.kind)),
                ("instructions", record.prompt.instructions.map { GeneratedContent($0) } ?? GeneratedContent.null),
                ("prompt", GeneratedContent(record.prompt.prompt)), ("answer", GeneratedContent(record.answer)),
            ])
            lines.append(line.jsonText())
        }
        var generator = SeededShuffle(seed: 2026)
        lines.shuffle(using: &generator)
        try (lines.map { $0 + "\n" }.joined()).write(toFile: path, atomically: true, encoding: .utf8)
        print("\nrecorded \(lines.count) unlabelled answers to \(path) (shuffled, no model named)")
    }

    static func load() throws -> [InstructionPrompt] {
        try ReaderLabels.jsonLines(folder + "/instructions.jsonl").map { try InstructionPrompt(line: $0.json) }
    }

    static func oneLine(_ text: String) -> String { text.replacingOccurrences(of: "\n", with: " ⏎ ") }

    private func fail(_ message: String) {
        FileHandle.standardError.write(Data("guided-bench text: \(message)\n".utf8))
        exit(1)
    }
}

/// A reproducible shuffle (SplitMix64), so a recording's order is the same from run to run.
struct SeededShuffle: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
