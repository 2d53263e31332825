import CanonicalSchemas
import Foundation
import Guided
import GuidedServerBackends
import GuidedSession
import GuidedValidation
import SenbaFlows

/// `guided-bench labels`: every check against the reader's labels, offline (no model, so it runs
/// in seconds from a clean clone). Each labelled output is rebuilt as the value it came from (a
/// step list's items split at ` | `, a notification's text), with its request's facts, and run
/// through two chains: the framework's default checks for that kind of request
/// (`OutputDefaults.checks`, plus `ChangedFactValidator` for a polished notification) and the
/// Senba flow's own (`StepSuggester.validators`, `Copywriter.validators`).
///
/// Per flow and split: how many reader rejects each chain catches (recall), how many of its
/// rejections the reader agrees with (precision), the keeps it drops, and the reader's reasons
/// it misses; then per check, what it catches and drops. Checks that need the model (the
/// grounded-decoding check, token scores) are not in it: `guided-bench quality` measures those live.
struct LabelledChecksBenchmark {
    /// `--verbose`: list the rejects the default chain misses and the keeps it drops.
    var verbose = false
    /// `--split dev|test|all`: the labels listed by `--verbose` (tune on dev).
    var split = "dev"

    /// One labelled output, rebuilt.
    struct Case {
        var flow: String
        var split: String
        var keep: Bool
        var reason: ReaderLabels.Reason?
        var value: GeneratedContent
        var context: ValidationContext
        var output: String
        var id: String

        /// The case as a request showing examples with `exampleFacts` checks it.
        func shown(_ exampleFacts: [String]) -> Case {
            var copy = self
            copy.context = ValidationContext(
                grounding: context.grounding, input: context.input, schema: context.schema,
                exampleGrounding: exampleFacts)
            return copy
        }
    }

    func run() {
        let corpus: QualityCorpus
        let labels: [(flow: String, id: String, output: String, label: ReaderLabels.Label)]
        do {
            corpus = try QualityCorpus.load()
            labels = try ReaderLabels.entries()
        } catch {
            FileHandle.standardError.write(Data("guided-bench labels: \(error)\n".utf8))
            exit(1)
        }
        let requests = Dictionary(
            (corpus.steps + corpus.notifications).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let cases = labels.compactMap { entry -> Case? in
            guard let request = requests[entry.id] else { return nil }
            return Self.rebuild(entry.flow, request, entry.output, entry.label)
        }
        print("labels — the checks against \(cases.count) reader-labelled outputs, offline (no model)")
        print(
            "flow          split  chain      labelled  reader rejects  caught  recall  check rejects  precision  keeps dropped  missed rejects by reason"
        )
        for flow in ["steps", "notification"] {
            for split in ["dev", "test", "all"] {
                let group = cases.filter { $0.flow == flow && (split == "all" || $0.split == split) }
                guard !group.isEmpty else { continue }
                for (name, chain, examples) in Self.chains(flow) {
                    print(row(flow, split, name, chain, group.map { $0.shown(examples) }))
                }
            }
        }
        print("\nper check (default chain), all splits: caught reader rejects / dropped keeps")
        for flow in ["steps", "notification"] {
            let group = cases.filter { $0.flow == flow }
            guard let (_, chain, examples) = Self.chains(flow).first else { continue }
            var caught: [String: Int] = [:]
            var dropped: [String: Int] = [:]
            for item in group.map({ $0.shown(examples) }) {
                for name in Set(chain.run(item.value, in: item.context).map(\.validator)) {
                    if item.keep { dropped[name, default: 0] += 1 } else { caught[name, default: 0] += 1 }
                }
            }
            let names = Set(caught.keys).union(dropped.keys).sorted()
            print(
                "  \(flow): "
                    + names.map { "\($0) \(caught[$0] ?? 0)/\(dropped[$0] ?? 0)" }.joined(separator: ", "))
        }
        do {
            // The floor the adapter's own metadata carries, as the embedded server reads it.
            let weights = DefaultPathFlows.repository + "/adapters/next-steps.gguf"
            guard let floor = try AdapterMetadata.read(besideWeights: weights)?.calibration.stepSenseFloor else {
                FileHandle.standardError.write(
                    Data("guided-bench labels: adapters/next-steps.json has no stepSenseFloor\n".utf8))
                exit(1)
            }
            StepLabelReport(entries: try StepLabels.entries(), shipped: Self.shippedStepAdapter, floor: floor).print()
            try JudgeRunsReport.load().print()
        } catch {
            FileHandle.standardError.write(Data("guided-bench labels: \(error)\n".utf8))
            exit(1)
        }
        if verbose { list(cases) }
    }

    /// The version of `next-steps` that `adapters/next-steps.gguf` holds, as step-labels.jsonl
    /// names it: the step-sense floor is calibrated on its steps.
    static let shippedStepAdapter = "next-steps v2"

    /// The default chain's misses and wrong drops on the `split` labels, one line each.
    private func list(_ cases: [Case]) {
        for flow in ["steps", "notification"] {
            guard let (_, chain, examples) = Self.chains(flow).first else { continue }
            print("\n\(flow), \(split) split: reader rejects the default chain passes, then keeps it drops")
            let group = cases.filter { $0.flow == flow && (split == "all" || $0.split == split) }
                .map { $0.shown(examples) }
            for item in group where !item.keep && chain.run(item.value, in: item.context).isEmpty {
                print("  missed \(item.reason?.rawValue ?? "?") \(item.id): \(item.output)")
            }
            for item in group where item.keep {
                let rejections = chain.run(item.value, in: item.context)
                guard !rejections.isEmpty else { continue }
                print(
                    "  dropped \(item.id): \(item.output)  ← \(rejections.map(\.description).joined(separator: " | "))")
            }
        }
    }

    private func row(_ flow: String, _ split: String, _ name: String, _ chain: ValidatorChain, _ group: [Case])
        -> String
    {
        var rejects = 0
        var caught = 0
        var flagged = 0
        var dropped = 0
        var missed: [String: Int] = [:]
        for item in group {
            let rejected = !chain.run(item.value, in: item.context).isEmpty
            if !item.keep { rejects += 1 }
            if rejected { flagged += 1 }
            if rejected && item.keep { dropped += 1 }
            if rejected && !item.keep { caught += 1 }
            if !rejected && !item.keep { missed[item.reason?.rawValue ?? "?", default: 0] += 1 }
        }
        let missedText = missed.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map { "\($0.key) \($0.value)" }
            .joined(separator: ", ")
        return flow.padding(toLength: 13, withPad: " ", startingAt: 0) + " "
            + split.padding(toLength: 5, withPad: " ", startingAt: 0) + "  "
            + name.padding(toLength: 9, withPad: " ", startingAt: 0)
            + String(
                format: " %9d %15d %7d %6.0f%% %14d %9.0f%% %14d  %@", group.count, rejects, caught,
                percent(caught, rejects), flagged, percent(caught, flagged), dropped, missedText)
    }

    /// The two chains a flow's outputs are checked by, as a session builds them for the flow's
    /// request (grounded; a notification is a polished copy), each with the facts of the examples
    /// its requests show (the example-leak check compares against them): the framework's defaults
    /// alone with the schema's own examples, then the flow's own checks plus the defaults it does
    /// not override, with the flow's examples.
    static func chains(_ flow: String) -> [(name: String, chain: ValidatorChain, exampleFacts: [String])] {
        let polishing = flow != "steps"
        let schema = polishing ? RewrittenNotification.generationSchema : StepSuggestions.generationSchema
        let own = polishing ? Copywriter.validators : StepSuggester.validators
        let flowExamples =
            polishing ? Copywriter.examples.flatMap(\.grounding) : StepSuggester.examples.flatMap(\.grounding)
        return [
            (
                "default",
                OutputDefaults.validators(ValidatorChain([]), schema: schema, grounded: true, polishing: polishing),
                schema.examples.flatMap(\.grounding)
            ),
            (
                "flow", OutputDefaults.validators(own, schema: schema, grounded: true, polishing: polishing),
                flowExamples
            ),
        ]
    }

    /// The value and context one labelled output came from.
    static func rebuild(
        _ flow: String, _ request: QualityCorpus.Request, _ output: String, _ label: ReaderLabels.Label
    ) -> Case {
        let value: GeneratedContent
        let facts: [String]
        let schema: GenerationSchema
        var input = ""
        if flow == "steps" {
            let items = output.components(separatedBy: " | ").map { GeneratedContent($0) }
            value = ["steps": GeneratedContent(elements: items)]
            facts = StepSuggester.facts(for: SenbaQualityFlows.stepRequest(request)).facts.map(\.text)
            schema = StepSuggestions.generationSchema
        } else {
            value = ["text": GeneratedContent(output)]
            let copy = SenbaQualityFlows.copyRequest(request)
            let scoped = Copywriter.facts(for: copy)
            facts = scoped.facts.map(\.text)
            input = (try? AuthoredTemplate(copy.template).filled(from: scoped.facts))?.text ?? ""
            schema = RewrittenNotification.generationSchema
        }
        return Case(
            flow: flow, split: request.split, keep: label.keep, reason: label.reason, value: value,
            context: ValidationContext(grounding: facts, input: input, schema: schema), output: output,
            id: request.id)
    }
}
