import Foundation
import GuidedConformance
import GuidedGrammar
import GuidedJSON
import GuidedSchema

/// Compiles the JSONSchemaBench corpus and scores the grammars on the conformance instances.
struct GrammarBenchmark {
    let repeats: Int

    static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    func run() {
        let corpus = loadCorpus()
        print("grammar compiler benchmark — \(corpus.count) JSONSchemaBench schemas, median of \(repeats) runs each")
        measureCompile(corpus)
        measureConformance()
    }

    private func loadCorpus() -> [(name: String, text: [UInt8])] {
        let base = Self.root + "/Benchmarks/Fixtures/jsonschemabench"
        var result: [(String, [UInt8])] = []
        for collection in (try? FileManager.default.contentsOfDirectory(atPath: base).sorted()) ?? [] {
            let folder = base + "/" + collection
            for file in (try? FileManager.default.contentsOfDirectory(atPath: folder).sorted()) ?? []
            where file.hasSuffix(".json") {
                if let bytes = FileBytes.read(folder + "/" + file) { result.append((collection + "/" + file, bytes)) }
            }
        }
        return result
    }

    private func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    private func measureCompile(_ corpus: [(name: String, text: [UInt8])]) {
        let clock = ContinuousClock()
        var strictOK = 0
        var lenientOK = 0
        var ourParserOK = 0
        var llamaOK = 0
        var llamaChecked = 0
        var compileTimes: [Double] = []
        var parseTimes: [Double] = []
        var failures: [String: Int] = [:]
        var refusals: [String: Int] = [:]
        var withoutUnsupported = 0
        var dispositions: [String: [LoweringReport.Disposition: Int]] = [:]
        var formats = FormatTally()
        let checker = try? LlamaGrammarChecker()
        for entry in corpus {
            guard let document = try? JSONReader.parse(bytes: entry.text) else {
                failures["JSON syntax", default: 0] += 1
                continue
            }
            do {
                let imported = try GenerationSchema.fromJSONSchema(document)
                strictOK += 1
                if let grammar = try? GrammarCompiler.compile(imported.schema) {
                    if imported.warnings.isEmpty && grammar.report.entries(.unsupported).isEmpty {
                        withoutUnsupported += 1
                    }
                    for entry in grammar.report.entries
                    where entry.disposition == .enforced || entry.disposition == .checkedAfter {
                        dispositions[entry.keyword, default: [:]][entry.disposition, default: 0] += 1
                        formats.add(entry)
                    }
                }
            } catch {
                refusals[error.message.prefix(70).description, default: 0] += 1
            }
            var grammar: CompiledGrammar?
            var times: [Double] = []
            var parses: [Double] = []
            for _ in 0..<repeats {
                let start = clock.now
                _ = try? JSONReader.parse(bytes: entry.text)
                let parsed = clock.now
                do {
                    let schema = try GenerationSchema.fromJSONSchema(
                        document, options: JSONSchemaImportOptions(allowUnsupported: true)
                    ).schema
                    grammar = try GrammarCompiler.compile(schema)
                } catch {
                    failures[
                        String(describing: error).split(separator: "(").first.map(String.init) ?? "error", default: 0] +=
                        1
                    grammar = nil
                    break
                }
                let end = clock.now
                parses.append(seconds(parsed - start))
                times.append(seconds(end - parsed))
            }
            guard let grammar, !times.isEmpty else { continue }
            lenientOK += 1
            compileTimes.append(median(times))
            parseTimes.append(median(parses))
            if (try? GBNFGrammar(parsing: grammar.gbnf)) != nil { ourParserOK += 1 }
            if let checker, let verdict = try? checker.check(grammar: grammar.gbnf, input: "{}") {
                llamaChecked += 1
                if case .grammarError = verdict {} else { llamaOK += 1 }
            }
        }
        let total = Double(corpus.count)
        compileTimes.sort()
        parseTimes.sort()
        let sum = compileTimes.reduce(0, +)
        print("")
        print("compile (import + GBNF) of \(compileTimes.count) schemas:")
        print(String(format: "  schemas/second        %10.0f", Double(compileTimes.count) / sum))
        print(
            String(
                format: "  median per schema     %10.3f ms   (target ≤ 0.22 ms, llama.cpp's converter)",
                percentile(compileTimes, 0.5) * 1000))
        print(String(format: "  p99 per schema        %10.3f ms", percentile(compileTimes, 0.99) * 1000))
        print(
            String(
                format: "  baseline: json-c parse of the same schema, median %.3f ms; compile/parse ratio %.1f×",
                percentile(parseTimes, 0.5) * 1000,
                percentile(compileTimes, 0.5) / max(percentile(parseTimes, 0.5), 1e-9)))
        print("coverage:")
        print(
            String(
                format: "  refused in default mode                      %5.1f%%   (%d of %d; target ≤ 1%%)",
                Double(corpus.count - strictOK) / total * 100, corpus.count - strictOK, corpus.count))
        for (reason, count) in refusals.sorted(by: { $0.value > $1.value }).prefix(8) {
            print("    refused: \(count) × \(reason)")
        }
        print(
            String(
                format: "  compiled, no unsupported entry (default)     %5.1f%%   (%d; target ≥ 95%%)",
                Double(withoutUnsupported) / total * 100, withoutUnsupported))
        print(
            String(
                format: "  compiled (unsupported keywords as warnings)  %5.1f%%   (target ≥ 98.6%%)",
                Double(lenientOK) / total * 100))
        print(
            String(format: "  grammar parsed by our GBNF parser            %5.1f%%", Double(ourParserOK) / total * 100))
        if checker != nil {
            print(
                String(
                    format: "  grammar accepted by llama.cpp's parser       %5.1f%%   (%d checked)",
                    Double(llamaOK) / total * 100, llamaChecked))
        } else {
            print("  llama.cpp's parser: test-gbnf-validator not found (run scripts/setup-model)")
        }
        for (reason, count) in failures.sorted(by: { $0.value > $1.value }).prefix(8) {
            print("  not compiled: \(count) × \(reason)")
        }
        print("keywords enforced by the grammar vs checked after generation (default import, every compiled schema):")
        for (keyword, counts) in dispositions.sorted(by: { $0.key < $1.key }) {
            let enforced = counts[.enforced, default: 0]
            let after = counts[.checkedAfter, default: 0]
            let name = keyword.padding(toLength: 22, withPad: " ", startingAt: 0)
            print(
                "  \(name)"
                    + String(
                        format: " enforced %5d   checked after %5d   (%5.1f%% enforced)", enforced, after,
                        pct(enforced, enforced + after)))
            if keyword == "format" { for line in formats.lines { print(line) } }
        }
    }

    private func measureConformance() {
        let path = Self.root + "/Tests/GuidedGrammarTests/Fixtures/grammar-conformance.jsonl"
        guard let bytes = FileBytes.read(path) else { return print("conformance fixture missing: \(path)") }
        var scorer = GrammarConformanceScorer()
        var counts: [GrammarConformanceScorer.Outcome: Int] = [:]
        for line in bytes.split(separator: UInt8(ascii: "\n")) {
            guard let record = try? JSONReader.parse(bytes: Array(line)) else { continue }
            let outcome = scorer.score(
                schema: record["schema"]!, instance: record["instance_text"]!.stringValue!,
                valid: record["valid"]!.boolValue!)
            counts[outcome, default: 0] += 1
        }
        let valid = counts.filter { entry in
            switch entry.key {
            case .validAccepted, .validAcceptedCanonically, .validRejected, .validRejectedByPolicy: true
            default: false
            }
        }.values.reduce(0, +)
        let acceptedRaw = counts[.validAccepted, default: 0]
        let acceptedCanonical = acceptedRaw + counts[.validAcceptedCanonically, default: 0]
        let enforcedInvalid = counts[.invalidRejected, default: 0] + counts[.invalidAccepted, default: 0]
        print("")
        print("conformance instances (JSON-Schema-Test-Suite + llama.cpp tests), schemas that compile:")
        print(
            String(
                format: "  valid accepted as written            %5.1f%%  (%d/%d)", pct(acceptedRaw, valid), acceptedRaw,
                valid))
        print(
            String(
                format: "  valid accepted, canonical spelling   %5.1f%%  (target ≥ 99.5%%)",
                pct(acceptedCanonical, valid)))
        print(
            String(
                format: "  invalid rejected (enforced rules)    %5.1f%%  (%d/%d, target 100%%)",
                pct(counts[.invalidRejected, default: 0], enforcedInvalid), counts[.invalidRejected, default: 0],
                enforcedInvalid))
        for (outcome, count) in counts.sorted(by: { "\($0.key)" < "\($1.key)" }) { print("    \(outcome): \(count)") }
    }

    private func pct(_ a: Int, _ b: Int) -> Double { b == 0 ? 0 : Double(a) / Double(b) * 100 }
    private func median(_ values: [Double]) -> Double { percentile(values.sorted(), 0.5) }
    private func percentile(_ sorted: [Double], _ p: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * p))]
    }
}
