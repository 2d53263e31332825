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
/// target — and p50/p95 latency. `--record FILE` writes every answer with its model, so that
/// `--run FILE` prints the table again, from the file and the labels, once readers have labelled
/// the new answers (blind: the batches they get name no model).
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
            do { try Self.write(records, to: recordPath) } catch {
                return fail("cannot write \(recordPath): \(error)")
            }
            let unlabelled = records.filter { $0.fromModel && labels.keeps($0.prompt.id, $0.answer) == nil }.count
            print("\nrecorded every answer to \(recordPath); \(unlabelled) from a model have no label")
        }
    }

    /// `--run FILE`: the table of a run recorded with `--record`, with today's labels.
    static func report(run path: String) {
        do {
            let prompts = Dictionary(uniqueKeysWithValues: try load().map { ($0.id, $0) })
            var records: [Record] = []
            var models: [String] = []
            for (place, json) in try ReaderLabels.jsonLines(path) {
                guard let model = json["model"]?.stringValue, let id = json["id"]?.stringValue,
                    let prompt = prompts[id], let answer = json["answer"]?.stringValue,
                    let fromModel = json["fromModel"]?.boolValue, let milliseconds = json["ms"]?.doubleValue
                else { throw ReaderLabels.LabelError("\(place): needs model, id, answer, fromModel and ms") }
                if !models.contains(model) { models.append(model) }
                records.append(
                    Record(
                        model: model, prompt: prompt, answer: answer, fromModel: fromModel,
                        checkFailure: prompt.failure(of: answer), milliseconds: milliseconds))
            }
            print("instruction following of the run recorded in \(path)")
            InstructionReport(records: records, labels: try InstructionLabels.load(), models: models).print()
        } catch {
            FileHandle.standardError.write(Data("guided-bench text: \(error)\n".utf8))
            exit(1)
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

    /// Every answer of the run, one JSON line each: `{model, id, split, answer, fromModel, ms}`.
    static func write(_ records: [Record], to path: String) throws {
        let lines = records.map { record in
            GeneratedContent(properties: [
                ("model", GeneratedContent(record.model)), ("id", GeneratedContent(record.prompt.id)),
                ("split", GeneratedContent(record.prompt.split)), ("answer", GeneratedContent(record.answer)),
                ("fromModel", GeneratedContent(record.fromModel)), ("ms", GeneratedContent(record.milliseconds)),
            ]).jsonText()
        }
        try (lines.map { $0 + "\n" }.joined()).write(toFile: path, atomically: true, encoding: .utf8)
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
