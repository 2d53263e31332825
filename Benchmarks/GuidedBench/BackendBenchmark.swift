import Foundation
import Guided
import GuidedGrammar
import GuidedHTTP
import GuidedManagedServer
import GuidedServerBackends

/// Live: the same prompt and schema through llama-server with (a) Guided's GBNF grammar,
/// (b) llama-server's own `json_schema` conversion, (c) no constraint — interleaved rounds,
/// medians, ratios from the same run. Run on a quiet machine: generation speed collapses when
/// another CPU-heavy job runs.
struct BackendBenchmark {
    let rounds: Int

    struct Sample {
        var wallMilliseconds: Double
        var tokens: Int
        var generationMillisecondsPerToken: Double
        var promptMilliseconds: Double
    }

    func run() async {
        let managed = ManagedLlamaServerBackend(name: "bench")
        let availability = await managed.availability()
        guard availability.isAvailable, let port = await managed.port else {
            print("embedded model unavailable: \(availability)")
            exit(1)
        }
        let http = JSONOverHTTP(client: HTTPClient(), backend: "bench", timeout: .seconds(300))
        let base = "http://127.0.0.1:\(port)/completion"
        print(
            "backend benchmark — llama-server + Gemma 3 270M, greedy, cache_prompt off, \(rounds) interleaved rounds, medians"
        )
        for (name, schema, prompt) in CanonicalBenchmarkPrompts.cases {
            let grammar = try! GrammarCompiler.compile(schema).gbnf
            let common: [(String, GeneratedContent)] = [
                ("prompt", GeneratedContent(prompt)), ("top_k", 1), ("temperature", 0), ("cache_prompt", false),
            ]
            let variants: [(String, GeneratedContent)] = [
                (
                    "a: Guided GBNF",
                    GeneratedContent(properties: common + [("n_predict", 400), ("grammar", GeneratedContent(grammar))])
                ),
                (
                    "b: llama json_schema",
                    GeneratedContent(
                        properties: common + [
                            ("n_predict", 400), ("json_schema", schema.serverSchema(.plain).document),
                        ])
                ),
                ("c: unconstrained", GeneratedContent(properties: common + [("n_predict", 64), ("ignore_eos", true)])),
            ]
            var samples: [String: [Sample]] = [:]
            for _ in 0..<rounds {
                for (label, body) in variants {
                    let started = ContinuousClock.now
                    guard let reply = try? await http.send(base, body: body), reply.status == 200, let json = reply.json
                    else {
                        print("  \(label): request failed")
                        continue
                    }
                    let wall = ContinuousClock.now - started
                    let tokens = json.value(at: ["timings", "predicted_n"])?.intValue ?? 0
                    let predictedMs = json.value(at: ["timings", "predicted_ms"])?.doubleValue ?? 0
                    samples[label, default: []].append(
                        Sample(
                            wallMilliseconds: Double(wall.components.seconds) * 1000 + Double(
                                wall.components.attoseconds) / 1e15,
                            tokens: tokens,
                            generationMillisecondsPerToken: tokens > 0 ? predictedMs / Double(tokens) : 0,
                            promptMilliseconds: json.value(at: ["timings", "prompt_ms"])?.doubleValue ?? 0))
                }
            }
            print("\n\(name):")
            print("  variant                 wall ms   tokens   ms/token   tok/s  prompt ms")
            var medians: [String: Sample] = [:]
            for (label, _) in variants {
                guard let list = samples[label], !list.isEmpty else { continue }
                let m = Sample(
                    wallMilliseconds: median(list.map(\.wallMilliseconds)),
                    tokens: Int(median(list.map { Double($0.tokens) })),
                    generationMillisecondsPerToken: median(list.map(\.generationMillisecondsPerToken)),
                    promptMilliseconds: median(list.map(\.promptMilliseconds)))
                medians[label] = m
                let padded = "  " + label + String(repeating: " ", count: max(0, 22 - label.count))
                print(
                    padded
                        + String(
                            format: " %8.0f %8d %10.1f %7.1f %10.0f", m.wallMilliseconds, m.tokens,
                            m.generationMillisecondsPerToken, 1000 / max(m.generationMillisecondsPerToken, 0.001),
                            m.promptMilliseconds))
            }
            if let a = medians["a: Guided GBNF"], let b = medians["b: llama json_schema"],
                let c = medians["c: unconstrained"]
            {
                print(
                    String(
                        format:
                            "  (a)/(b): wall %.2f×, ms/token %.2f×, tokens %d vs %d   (target: wall ≤ 1, fewer tokens)",
                        a.wallMilliseconds / b.wallMilliseconds,
                        a.generationMillisecondsPerToken / b.generationMillisecondsPerToken, a.tokens, b.tokens))
                print(
                    String(
                        format: "  (a)/(c): ms/token %.2f×   (target ≤ 1.10)",
                        a.generationMillisecondsPerToken / c.generationMillisecondsPerToken))
            }
        }
        await managed.shutdown()
    }

    private func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }
}
