import Foundation
import Guided
import GuidedGrammar
import GuidedHTTP
import GuidedLlamaServer
import GuidedManagedServer
import GuidedServerBackends

/// Live: per canonical type and prompt, the same request through llama-server with (a) Guided's
/// GBNF grammar as the llama-server backend sends it (with the completion frame: the line breaks
/// after the value accepted, a stop at the first), (e) the same with a leading space accepted
/// too, (d) with every string's length bound dropped, (a0) the grammar without the frame, (b)
/// llama-server's own `json_schema` conversion and (c) no constraint — interleaved rounds,
/// medians, ratios from the same run. Two prompts per type:
/// the one the default path sends (the session's request captured: the schema's examples, the
/// facts, the grounded vocabulary) and a zero-shot one. A type whose schema names an adapter the
/// server has loaded is measured as sent — the adapter applied to every variant, the prompt
/// without examples — and as the base model is sent it without the adapter. Run on a quiet
/// machine: generation speed collapses when another CPU-heavy job runs.
struct BackendBenchmark {
    let rounds: Int

    struct Sample {
        var wallMilliseconds: Double
        var tokens: Int
        var generationMillisecondsPerToken: Double
        var promptMilliseconds: Double
    }

    /// The call the default path makes per type: prompt, instructions, facts.
    static let defaultPathCalls: [String: (prompt: String, instructions: String, facts: [String])] = [
        "StepSuggestions": (
            "Suggest three next steps toward this goal: learn to swim.", DefaultPathFlows.stepInstructions,
            [
                "Goal: learn to swim", "Journal: Stood in the shallow end and put my face in the water.",
                "Journal: Floated on my back with a board.",
            ]
        ),
        "RewrittenNotification": (
            "Remember this? On 15 March you ran 5 km.", DefaultPathFlows.notificationInstructions,
            ["Entry from 15 March 2026: Ran 5 km, slow and steady."]
        ),
    ]

    func run() async {
        let managed = ManagedLlamaServerBackend(name: "bench")
        let availability = await managed.availability()
        guard availability.isAvailable, let port = await managed.port else {
            print("embedded model unavailable: \(availability)")
            exit(1)
        }
        let http = JSONOverHTTP(client: HTTPClient(), backend: "bench", timeout: .seconds(300))
        let base = "http://127.0.0.1:\(port)/completion"
        let adapters = LlamaServerBackend.adapterTable(
            try? await http.send("http://127.0.0.1:\(port)/lora-adapters", timeout: .seconds(5)).json)
        print(
            "backend benchmark — llama-server + Gemma 3 270M, greedy, cache_prompt off, \(rounds) interleaved rounds, medians"
        )
        for (name, schema, zeroShot) in CanonicalBenchmarkPrompts.cases {
            let call = Self.defaultPathCalls[name]!
            let sent = await SentRequest.of(
                call.prompt, schema: schema, name: name, instructions: call.instructions, facts: call.facts)
            var prompts: [(label: String, prompt: String, vocabulary: GroundedVocabulary?, adapter: Int?)] = []
            if let adapter = sent.adapter, let id = adapters[adapter.name]?.id {
                var adapted = sent
                adapted.examples = []
                prompts.append(
                    (
                        "the default path's prompt and grammar, with its adapter \(adapter)",
                        CompletionPrompt.render(adapted), sent.groundedVocabulary, id
                    ))
            }
            prompts += [
                (
                    "the default path's prompt and grammar\(prompts.isEmpty ? "" : " for the base model (no adapter)")",
                    CompletionPrompt.render(sent), sent.groundedVocabulary, nil
                ),
                ("zero-shot prompt, plain grammar", zeroShot, nil, nil),
            ]
            for (label, prompt, vocabulary, adapter) in prompts {
                await measure(
                    "\(name), \(label)", schema: schema, prompt: prompt, vocabulary: vocabulary, adapter: adapter,
                    http: http, url: base)
            }
        }
        await managed.shutdown()
    }

    /// `adapter`: the id of the adapter applied to every variant (nil: none, sent as `lora: []`).
    private func measure(
        _ title: String, schema: GenerationSchema, prompt: String, vocabulary: GroundedVocabulary?, adapter: Int?,
        http: JSONOverHTTP, url base: String
    ) async {
        func grammar(framed: Bool) -> String {
            try! GrammarCompiler.compile(
                schema, options: GrammarOptions(groundedVocabulary: vocabulary, completionFrame: framed)
            ).gbnf
        }
        let scales = adapter.map { [GeneratedContent(properties: [("id", GeneratedContent($0)), ("scale", 1)])] } ?? []
        let common: [(String, GeneratedContent)] = [
            ("prompt", GeneratedContent(prompt)), ("top_k", 1), ("temperature", 0), ("cache_prompt", false),
            ("lora", GeneratedContent(elements: scales)),
        ]
        /// A body sending `grammar` with the completion frame's stop, as the backend does.
        func framed(_ grammar: String) -> GeneratedContent {
            GeneratedContent(
                properties: common + [
                    ("n_predict", 400), ("grammar", GeneratedContent(grammar)),
                    ("stop", [GeneratedContent(CompletionFrame.stop)]),
                ])
        }
        let sent = grammar(framed: true)
        let variants: [(String, GeneratedContent)] = [
            ("a: Guided, as sent", framed(sent)),
            ("e: (a), a leading space", framed(Self.leadingSpace(sent))),
            ("d: (a), lengths unbounded", framed(Self.unbounded(sent))),
            (
                "a0: Guided, no frame",
                GeneratedContent(
                    properties: common + [("n_predict", 400), ("grammar", GeneratedContent(grammar(framed: false)))])
            ),
            (
                "b: llama json_schema",
                GeneratedContent(
                    properties: common + [("n_predict", 400), ("json_schema", schema.serverSchema(.plain).document)])
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
        var refusals: [String: Int] = [:]
        for (label, body) in variants where label != "c: unconstrained" {
            refusals[label] = await refusedTokens(body, http: http, url: base)
        }
        print("\n\(title):")
        print("  variant                      wall ms   tokens   ms/token   tok/s  prompt ms  refused")
        var medians: [String: Sample] = [:]
        for (label, _) in variants {
            guard let list = samples[label], !list.isEmpty else { continue }
            let m = Sample(
                wallMilliseconds: median(list.map(\.wallMilliseconds)),
                tokens: Int(median(list.map { Double($0.tokens) })),
                generationMillisecondsPerToken: median(list.map(\.generationMillisecondsPerToken)),
                promptMilliseconds: median(list.map(\.promptMilliseconds)))
            medians[label] = m
            let padded = "  " + label + String(repeating: " ", count: max(0, 27 - label.count))
            print(
                padded
                    + String(
                        format: " %8.0f %8d %10.1f %7.1f %10.0f  %@", m.wallMilliseconds, m.tokens,
                        m.generationMillisecondsPerToken, 1000 / max(m.generationMillisecondsPerToken, 0.001),
                        m.promptMilliseconds, refusals[label].map { String($0) } ?? "-"))
        }
        guard let a = medians["a: Guided, as sent"], let a0 = medians["a0: Guided, no frame"],
            let b = medians["b: llama json_schema"], let c = medians["c: unconstrained"],
            let d = medians["d: (a), lengths unbounded"], let e = medians["e: (a), a leading space"]
        else { return }
        print(
            String(
                format: "  (a)/(b): wall %.2f×, ms/token %.2f×, tokens %d vs %d   (target: wall ≤ 1, fewer tokens)",
                a.wallMilliseconds / b.wallMilliseconds,
                a.generationMillisecondsPerToken / b.generationMillisecondsPerToken, a.tokens, b.tokens))
        print(
            String(
                format:
                    "  (a)/(c): ms/token %.2f×   (target ≤ 1.10)   (e)/(c): %.2f×   (d)/(c): %.2f×   (a0)/(c): %.2f×   (b)/(c): %.2f×",
                a.generationMillisecondsPerToken / c.generationMillisecondsPerToken,
                e.generationMillisecondsPerToken / c.generationMillisecondsPerToken,
                d.generationMillisecondsPerToken / c.generationMillisecondsPerToken,
                a0.generationMillisecondsPerToken / c.generationMillisecondsPerToken,
                b.generationMillisecondsPerToken / c.generationMillisecondsPerToken))
    }

    /// `grammar` that also accepts one space before the value: the token (` {`) a base model
    /// continues `Output:` with, which the completion frame leaves out.
    static func leadingSpace(_ grammar: String) -> String {
        grammar.replacingOccurrences(of: "root ::= ", with: #"root ::= " "? "#, options: .anchored)
    }

    /// `grammar` with every bounded repetition of a string's characters unbounded
    /// (`json-char{1,100}` → `json-char+`, `{0,180}` → `*`): what the bound costs.
    static func unbounded(_ grammar: String) -> String {
        var text = grammar
        while let range = text.range(of: #"json-char\{[0-9]+,[0-9]+\}"#, options: .regularExpression) {
            let minimum = text[range].hasPrefix("json-char{0,") ? "*" : "+"
            text.replaceSubrange(range, with: "json-char" + minimum)
        }
        return text
    }

    /// How many tokens the grammar refused in one more run of `body`: with `n_probs`, llama-server
    /// lists the model's unconstrained top tokens at each step, so a step whose top token is not
    /// the one generated is one where the sampled token was refused and the whole vocabulary
    /// masked. Nil when the reply has no probabilities.
    private func refusedTokens(_ body: GeneratedContent, http: JSONOverHTTP, url base: String) async -> Int? {
        guard case .object(let properties) = body.kind else { return nil }
        let probing = GeneratedContent(properties: properties.map { ($0.name, $0.value) } + [("n_probs", 1)])
        guard let reply = try? await http.send(base, body: probing), reply.status == 200,
            let steps = reply.json?["completion_probabilities"]?.arrayValue
        else { return nil }
        return steps.filter { step in
            let top = step["top_logprobs"]?.arrayValue?.first?["token"]?.stringValue
            return top != nil && top != step["token"]?.stringValue
        }.count
    }

    private func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }
}
