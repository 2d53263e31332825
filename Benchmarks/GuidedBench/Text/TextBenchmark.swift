import Foundation
import Guided
import GuidedJSON
import GuidedManagedServer

/// `guided-bench text`: free text on the embedded model over the committed prompts
/// (`Benchmarks/Fixtures/text/prompts.jsonl`: stories, summaries, rewrites, questions and math
/// with tutor instructions, short and long caps), with the session's defaults and greedy
/// sampling. Per split it reports the share of answers that came from the model, ended on a
/// sentence end within the cap and hold no prompt scaffolding; how often a second greedy run from
/// a clean session repeated the first exactly; and p50/p95 latency.
struct TextBenchmark {
    var repeats: Int
    /// `greedy`, `top-k` (40, seed 7) or `top-p` (0.9, seed 7).
    var sampling = "greedy"

    var mode: GenerationOptions.SamplingMode {
        switch sampling {
        case "top-k": .random(top: 40, seed: 7)
        case "top-p": .random(probabilityThreshold: 0.9, seed: 7)
        default: .greedy
        }
    }

    struct Prompt {
        var id: String
        var split: String
        var kind: String
        var prompt: String
        var instructions: String?
        var maxTokens: Int
    }

    struct Record {
        var prompt: Prompt
        var fromModel: Bool
        var endsOnSentence: Bool
        var scaffolding: Bool
        var truncated: Bool
        var repeated: Int
        var milliseconds: Double
        var text: String
    }

    func run() async {
        let prompts: [Prompt]
        do { prompts = try Self.load() } catch { return fail("cannot read the prompts: \(error)") }
        let backend = ManagedLlamaServerBackend(name: "embedded")
        guard await backend.availability().isAvailable else { return fail("the embedded model cannot serve") }
        let configuration = GuidedConfiguration(backends: [backend])
        print(
            "text benchmark — free text on Gemma 3 270M (embedded llama-server), sampling \(sampling), \(repeats) repeat(s)"
        )
        var records: [Record] = []
        for prompt in prompts {
            records.append(await measure(prompt, configuration))
            let record = records.last!
            print(
                String(
                    format: "  %-8@ %6.0f ms %@%@%@ repeated %d/%d: %@", prompt.id, record.milliseconds,
                    record.fromModel ? "model" : "NONE", record.truncated ? " CUT" : "",
                    record.scaffolding ? " SCAFFOLD" : "", record.repeated, repeats, record.text))
        }
        await backend.shutdown()
        print("")
        print(
            "split  prompts  good answers  from model  ends on a sentence  no scaffolding  same again      p50 ms   p95 ms"
        )
        for split in ["dev", "test", "all"] {
            let group = records.filter { split == "all" || $0.prompt.split == split }
            let good = group.filter { $0.fromModel && $0.endsOnSentence && !$0.scaffolding }
            let latencies = group.map(\.milliseconds).sorted()
            print(
                String(
                    format: "%-5@ %8d %12.0f%% %10.0f%% %18.0f%% %14.0f%% %9d/%-5d %8.0f %8.0f", split, group.count,
                    percent(good.count, group.count), percent(group.filter(\.fromModel).count, group.count),
                    percent(group.filter(\.endsOnSentence).count, group.count),
                    percent(group.filter { !$0.scaffolding }.count, group.count),
                    group.map(\.repeated).reduce(0, +), group.count * repeats, quantile(latencies, 0.5),
                    quantile(latencies, 0.95)))
        }
    }

    private func measure(_ prompt: Prompt, _ configuration: GuidedConfiguration) async -> Record {
        let options = GenerationOptions(sampling: mode, maximumResponseTokens: prompt.maxTokens)
        let started = ContinuousClock.now
        let session = LanguageModelSession(instructions: prompt.instructions, configuration: configuration)
        let outcome = try? await session.respond(to: prompt.prompt, options: options)
        let elapsed = ContinuousClock.now - started
        let text = outcome?.value ?? ""
        var repeated = 0
        for _ in 0..<repeats {
            let again = LanguageModelSession(instructions: prompt.instructions, configuration: configuration)
            if let other = try? await again.respond(to: prompt.prompt, options: options), other.value == text {
                repeated += 1
            }
        }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let ends = trimmed.last.map { ".!?\"')".contains($0) } ?? false
        let scaffolding = ["Input:", "Output:", "Facts:"].contains { trimmed.contains($0) }
        return Record(
            prompt: prompt, fromModel: outcome?.isFromModel ?? false,
            endsOnSentence: ends && !(outcome?.isTruncated ?? true), scaffolding: scaffolding,
            truncated: outcome?.isTruncated ?? false, repeated: repeated,
            milliseconds: Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15,
            text: trimmed.replacingOccurrences(of: "\n", with: " ⏎ "))
    }

    static func load() throws -> [Prompt] {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/text/prompts.jsonl").path
        return try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map { line in
            let json = try JSONReader.parse(String(line))
            return Prompt(
                id: json["id"]?.stringValue ?? "?", split: json["split"]?.stringValue ?? "dev",
                kind: json["kind"]?.stringValue ?? "", prompt: json["prompt"]?.stringValue ?? "",
                instructions: json["instructions"]?.stringValue, maxTokens: json["maxTokens"]?.intValue ?? 60)
        }
    }

    private func quantile(_ sorted: [Double], _ q: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * q).rounded()))]
    }

    private func fail(_ message: String) {
        FileHandle.standardError.write(Data("guided-bench text: \(message)\n".utf8))
        exit(1)
    }
}
