import Foundation
import Guided
import GuidedGrammar
import GuidedHTTP
import GuidedServerBackends

/// Live, against a running vLLM (`--url`, its `/v1`; `scripts/setup-vllm` writes the command
/// that starts one): the same prompt and schema through `/v1/completions` with (a) Guided's GBNF
/// as `structured_outputs.grammar`, as the backend sends it (plain strings), (a′) the same grammar
/// with JSON escapes in strings, (b) vLLM's own JSON Schema grammar (`structured_outputs.json`),
/// (c) no constraint (`ignore_eos`, 64 tokens) — greedy, interleaved rounds after one warm-up
/// round (the first structured request compiles the grammar for the whole vocabulary), medians,
/// ratios from the same run. vLLM reports no generation timings, so ms/token is the wall time per
/// completion token, prompt included. Run on a quiet machine.
struct EngineBenchmark {
    let url: String
    let model: String
    let rounds: Int

    struct Sample {
        var wallMilliseconds: Double
        var tokens: Int
        var millisecondsPerToken: Double { tokens > 0 ? wallMilliseconds / Double(tokens) : 0 }
    }

    func run() async {
        let http = JSONOverHTTP(client: HTTPClient(), backend: "engine", timeout: .seconds(300))
        guard let models = try? await http.send(url + "/models"), models.status == 200 else {
            print("no engine answers \(url)/models: start one (scripts/setup-vllm prints GUIDED_VLLM_SERVE)")
            exit(1)
        }
        print(
            "engine benchmark — \(url), model \(model), greedy, \(rounds) interleaved rounds after a warm-up, medians")
        for (name, schema, prompt) in CanonicalBenchmarkPrompts.cases {
            let grammar = try! GrammarCompiler.compile(schema, options: GrammarOptions(plainStrings: true)).gbnf
            let escaping = try! GrammarCompiler.compile(schema).gbnf
            let common: [(String, GeneratedContent)] = [
                ("model", GeneratedContent(model)), ("prompt", GeneratedContent(prompt)), ("temperature", 0),
            ]
            let variants: [(String, GeneratedContent)] = [
                (
                    "a: Guided GBNF",
                    GeneratedContent(
                        properties: common + [
                            ("max_tokens", 400), ("structured_outputs", ["grammar": GeneratedContent(grammar)]),
                        ])
                ),
                (
                    "a′: GBNF with escapes",
                    GeneratedContent(
                        properties: common + [
                            ("max_tokens", 400), ("structured_outputs", ["grammar": GeneratedContent(escaping)]),
                        ])
                ),
                (
                    "b: vLLM json",
                    GeneratedContent(
                        properties: common + [
                            ("max_tokens", 400),
                            ("structured_outputs", ["json": schema.serverSchema(.plain).document]),
                        ])
                ),
                (
                    "c: unconstrained",
                    GeneratedContent(properties: common + [("max_tokens", 64), ("ignore_eos", true)])
                ),
            ]
            var samples: [String: [Sample]] = [:]
            for round in 0...rounds {
                for (label, body) in variants {
                    let started = ContinuousClock.now
                    guard let reply = try? await http.send(url + "/completions", body: body), reply.status == 200,
                        let json = reply.json
                    else {
                        print("  \(label): request failed")
                        continue
                    }
                    let wall = ContinuousClock.now - started
                    guard round > 0 else { continue }
                    samples[label, default: []].append(
                        Sample(
                            wallMilliseconds: Double(wall.components.seconds) * 1000
                                + Double(wall.components.attoseconds) / 1e15,
                            tokens: json.value(at: ["usage", "completion_tokens"])?.intValue ?? 0))
                }
            }
            print("\n\(name):")
            print("  variant                 wall ms   tokens   ms/token   tok/s")
            var medians: [String: Sample] = [:]
            for (label, _) in variants {
                guard let list = samples[label], !list.isEmpty else { continue }
                let sorted = list.sorted { $0.wallMilliseconds < $1.wallMilliseconds }
                let middle = sorted[sorted.count / 2]
                medians[label] = middle
                let padded = "  " + label + String(repeating: " ", count: max(0, 22 - label.count))
                print(
                    padded
                        + String(
                            format: " %8.0f %8d %10.1f %7.1f", middle.wallMilliseconds, middle.tokens,
                            middle.millisecondsPerToken, 1000 / max(middle.millisecondsPerToken, 0.001)))
            }
            if let a = medians["a: Guided GBNF"], let b = medians["b: vLLM json"], let c = medians["c: unconstrained"] {
                print(
                    String(
                        format: "  (a)/(b): wall %.2f×, ms/token %.2f×, tokens %d vs %d",
                        a.wallMilliseconds / b.wallMilliseconds, a.millisecondsPerToken / b.millisecondsPerToken,
                        a.tokens, b.tokens))
                print(
                    String(
                        format: "  (a)/(c): ms/token %.2f×   (target ≤ 1.10)",
                        a.millisecondsPerToken / c.millisecondsPerToken))
            }
        }
    }
}
