import Foundation
import GuidedConformance
import GuidedGrammar
import GuidedJSON
import GuidedSchema

/// `guided-bench realworld`: "the grammar accepts an instance iff it is valid" on real-world
/// schemas, for Guided's grammar and for llama.cpp's own JSON-Schema converter on the same
/// instances, per split.
///
/// The instances (`Benchmarks/Fixtures/realworld/instances.jsonl`, made by
/// `scripts/realworld-instances`) are valid and invalid values of a sample of the JSONSchemaBench
/// schemas, each with python-jsonschema's verdict. Guided's side imports each schema in default
/// mode, compiles it, and asks llama.cpp's `test-gbnf-validator` (the parser the server runs) and
/// our own matcher; a valid value whose text is refused is tried once more in its canonical
/// spelling (compact, keys in schema order), since the grammar fixes the key order. llama.cpp's
/// side is `scripts/llama-converter-grammars` (llama.cpp's C++ converter, the one llama-server
/// applies to `json_schema`), run in the same benchmark. Its grammar writes required keys before
/// optional ones, so a valid instance in schema order can fail there on key order alone; that
/// counts against it as written, and the report says so.
///
/// The instances are tidied (printable ASCII strings, numbers below 10^6 with at most three
/// decimals, no undeclared keys where properties are listed): this measures keywords and
/// structure, while escapes, number spelling and open objects are the conformance suites' job
/// (`guided-bench grammar`).
struct RealWorldGrammarBenchmark {
    static let root = GrammarBenchmark.root

    /// How one side fared on a set of instances.
    struct Tally {
        var total = 0
        var passed = 0
        /// Invalid instances the grammar accepted.
        var falsePositives = 0
        /// Valid instances the grammar refused.
        var falseNegatives = 0
        /// Instances whose schema gave no grammar (each counts as failed).
        var notCompiled = 0

        mutating func add(accepted: Bool?, valid: Bool) {
            total += 1
            guard let accepted else {
                notCompiled += 1
                return
            }
            if accepted == valid {
                passed += 1
            } else if accepted {
                falsePositives += 1
            } else {
                falseNegatives += 1
            }
        }

        var line: String {
            String(
                format: "%5.1f%%  (%3d/%3d)   false positives %3d   false negatives %3d   no grammar %3d",
                total == 0 ? 0 : Double(passed) / Double(total) * 100, passed, total, falsePositives,
                falseNegatives, notCompiled)
        }
    }

    func run() {
        let instances: [RealWorldInstance]
        do {
            instances = try RealWorldInstance.load(Self.root + "/Benchmarks/Fixtures/realworld/instances.jsonl")
        } catch {
            return print("no instances (\(error)): run scripts/realworld-instances")
        }
        let checker = try? LlamaGrammarChecker()
        print(
            "real-world grammar benchmark — \(instances.count) instances of "
                + "\(Set(instances.map(\.file)).count) JSONSchemaBench schemas (oracle: python-jsonschema)")
        var ours: [String: Tally] = [:]
        var ourMatcher: [String: Tally] = [:]
        var validator: [String: Tally] = [:]
        var grammars: [String: (GenerationSchema, String, GBNFGrammar)?] = [:]
        var misses: [String] = []
        for instance in instances {
            if grammars[instance.file] == nil { grammars[instance.file] = .some(compile(instance.file)) }
            let value = try? JSONReader.parse(instance.text)
            let compiled = grammars[instance.file] ?? nil
            // The texts a grammar is asked about: as written, then (valid only) canonically spelled.
            var texts = [instance.text]
            if instance.valid, let compiled, let value {
                texts.append(CanonicalSpelling.text(of: value, in: compiled.0))
            }
            let matcherVerdict = compiled.map { grammar in texts.contains { grammar.2.accepts($0) } }
            let llamaVerdict: Bool? = compiled.flatMap { grammar in
                guard let checker else { return nil }
                return texts.contains { (try? checker.check(grammar: grammar.1, input: $0)) == .accepted }
            }
            let verdict = compiled.flatMap { grammar in value.map { grammar.0.validates($0) } }
            let grammarVerdict = checker == nil ? matcherVerdict : llamaVerdict
            if grammarVerdict != instance.valid || verdict != instance.valid {
                misses.append(
                    "  \(instance.id) (\(instance.valid ? "valid" : "invalid")): grammar "
                        + "\(grammarVerdict.map { $0 ? "accepts" : "refuses" } ?? "missing"), validator "
                        + "\(verdict.map { $0 ? "accepts" : "refuses" } ?? "missing")")
            }
            for split in [instance.split, "all"] {
                ours[split, default: Tally()].add(
                    accepted: checker == nil ? matcherVerdict : llamaVerdict, valid: instance.valid)
                ourMatcher[split, default: Tally()].add(accepted: matcherVerdict, valid: instance.valid)
                validator[split, default: Tally()].add(accepted: verdict, valid: instance.valid)
            }
        }
        let baseline = llamaConverter(instances)
        for split in ["dev", "test", "all"] {
            print("")
            print("\(split):")
            print("  Guided's grammar, llama.cpp's parser   \(ours[split, default: Tally()].line)")
            print("  Guided's grammar, Guided's matcher     \(ourMatcher[split, default: Tally()].line)")
            if let baseline {
                print("  llama.cpp's converter, its parser      \(baseline[split, default: Tally()].line)")
            }
            print("  Guided's validator (after generation)  \(validator[split, default: Tally()].line)")
        }
        print("\ninstances Guided's grammar or validator gets wrong:")
        for miss in misses { print(miss) }
        print(
            "\n(llama.cpp's converter puts required keys first; most of its false negatives are valid instances "
                + "whose optional keys come first in the schema's order)")
        if checker == nil { print("\n(test-gbnf-validator not found: run scripts/setup-model; the matcher stands in)") }
        if let baseline, let all = baseline["all"], let mine = ours["all"], all.falsePositives > 0 {
            print(
                String(
                    format: "\nfalse positives against llama.cpp's converter: %d / %d = %.2f× (target ≤ 0.50×)",
                    mine.falsePositives, all.falsePositives, Double(mine.falsePositives) / Double(all.falsePositives)))
        }
    }

    /// The schema in default import mode, its GBNF and our parse of it; nil when any step fails.
    private func compile(_ file: String) -> (GenerationSchema, String, GBNFGrammar)? {
        let path = Self.root + "/Benchmarks/Fixtures/jsonschemabench/" + file
        guard let bytes = FileBytes.read(path), let document = try? JSONReader.parse(bytes: bytes),
            let schema = try? GenerationSchema.fromJSONSchema(document).schema,
            let grammar = try? GrammarCompiler.compile(schema), let parsed = try? GBNFGrammar(parsing: grammar.gbnf)
        else { return nil }
        return (schema, grammar.gbnf, parsed)
    }

    /// llama.cpp's converter on the same instances, through `scripts/llama-converter-grammars`;
    /// nil (and said) when it cannot run.
    private func llamaConverter(_ instances: [RealWorldInstance]) -> [String: Tally]? {
        let output = NSTemporaryDirectory() + "guided-llama-converter-\(getpid()).jsonl"
        defer { try? FileManager.default.removeItem(atPath: output) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.root + "/scripts/llama-converter-grammars")
        process.arguments = ["--out", output]
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        do { try process.run() } catch {
            print("\nllama.cpp's converter: scripts/llama-converter-grammars did not start (\(error))")
            return nil
        }
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0, let bytes = FileBytes.read(output) else {
            print("\nllama.cpp's converter: scripts/llama-converter-grammars failed: \(message.suffix(400))")
            return nil
        }
        var verdicts: [String: Bool?] = [:]
        for line in bytes.split(separator: UInt8(ascii: "\n")) {
            guard let record = try? JSONReader.parse(bytes: Array(line)), let id = record["id"]?.stringValue else {
                continue
            }
            verdicts[id] = .some(record["accepted"]?.boolValue)
        }
        var tallies: [String: Tally] = [:]
        for instance in instances {
            let accepted = verdicts[instance.id] ?? nil
            for split in [instance.split, "all"] {
                tallies[split, default: Tally()].add(accepted: accepted, valid: instance.valid)
            }
        }
        return tallies
    }
}
