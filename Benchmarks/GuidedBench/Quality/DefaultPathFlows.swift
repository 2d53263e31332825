import Foundation
import Guided
import GuidedJSON
import SenbaFlows

/// The call a new user writes, on the corpus's requests: `guided generate` with only
/// `--schema --prompt --instructions --grounding --fallback` on the canonical schema files, as a
/// session runs it (`respond(to:schema:name:grounding:policy:)` with the fallback and, since
/// facts are given, the grounding check). Everything else is the framework's default
/// (``OutputDefaults``): the schema file's examples, candidates, grounded decoding, sampling,
/// token cap and checks. Nothing of the example apps' code is used but to fill the
/// notification's authored template.
struct DefaultPathFlows {
    let configuration: GuidedConfiguration
    let router = Router(policy: RoutePolicy(deadline: .seconds(60)))
    let flows: SenbaQualityFlows
    /// `--temperature` / `--repetition-penalty` on the default path: set only while sweeping a
    /// default; an unset field is the framework's (``OutputDefaults``).
    var overrides = GenerationOptions()
    /// Whether the schema files' adapters are used (`--no-adapter`: the base model with the
    /// examples, the baseline).
    var usesAdapters = true
    /// Whether the step-sense check judges the candidates (`--step-sense`; off, as by default).
    var checksStepSense = false
    /// Which worked examples the step requests are shown.
    var stepExamples = StepExamples.schema
    /// The judge that ranks the step candidates that pass (`--judge-threshold`); nil, as by default.
    var stepJudge: Judge?

    /// The worked examples a step request is shown (`--step-examples`).
    enum StepExamples: String, CaseIterable, CustomStringConvertible {
        /// The schema file's own, as a user's call shows them.
        case schema
        /// None: zero-shot.
        case none
        /// The three written step lists nearest the request, from `adapters/next-steps`.
        case nearest

        var description: String { rawValue }
    }

    /// The repository's written step lists (`adapters/next-steps/examples.jsonl` and
    /// `untrained-examples.jsonl`, on goals kept off the corpus) as worked examples.
    static let writtenStepLists: [Example<GeneratedContent>] = {
        ["examples.jsonl", "untrained-examples.jsonl"].flatMap { file in
            let path = repository + "/adapters/next-steps/" + file
            return ((try? ReaderLabels.jsonLines(path)) ?? []).compactMap { _, json -> Example<GeneratedContent>? in
                guard let goal = json["goal"]?.stringValue, let steps = json["steps"]?.arrayValue else { return nil }
                let facts =
                    ["Goal: \(goal)"]
                    + (json["entries"]?.arrayValue ?? []).compactMap(\.stringValue).map { "Journal: \($0)" }
                    + (json["done"]?.arrayValue ?? []).compactMap(\.stringValue).map { "Done: \($0)" }
                return Example(
                    "Suggest three next steps toward this goal: \(goal).", grounding: facts,
                    output: ["steps": GeneratedContent(elements: steps)])
            }
        }
    }()

    static let stepInstructions = "Suggest three next steps toward the goal."
    static let notificationInstructions = "Rewrite the reminder as one short, friendly notification."

    func steps(_ request: QualityCorpus.Request) async -> QualityBenchmark.Record {
        var schema = try! SchemaFile.load(Self.repository + "/schemas/StepSuggestions.json").schema
        if !usesAdapters { schema.adapter = nil }
        let facts =
            ["Goal: \(request.goal)"] + request.entries.map { "Journal: \($0.text)" }
            + request.done.map { "Done: \($0)" }
        let prompt = "Suggest three next steps toward this goal: \(request.goal)."
        var examples: [Example<GeneratedContent>] = []
        switch stepExamples {
        case .schema: break
        case .none: schema.examples = []
        case .nearest:
            examples = ExampleSelection.nearest(3, to: prompt, grounding: facts, from: Self.writtenStepLists)
        }
        let started = ContinuousClock.now
        let report = await respond(
            prompt, schema: schema, name: "StepSuggestions", examples: examples,
            instructions: Self.stepInstructions, facts: facts,
            fallback: [
                "steps": ["Write your own first step", "Write your own second step", "Write your own third step"]
            ],
            flow: "step-suggester", judge: stepJudge)
        return flows.record(
            "steps", request, report, facts: facts, started: started, stepItems: [JSONPointer("/steps")!])
    }

    func notification(_ request: QualityCorpus.Request) async -> QualityBenchmark.Record {
        var schema = try! SchemaFile.load(Self.repository + "/schemas/RewrittenNotification.json").schema
        if !usesAdapters { schema.adapter = nil }
        let copy = SenbaQualityFlows.copyRequest(request)
        let scoped = Copywriter.facts(for: copy)
        let template = try? AuthoredTemplate(copy.template).filled(from: scoped.facts)
        let facts = scoped.facts.map(\.text)
        let text = template?.text ?? request.entries.first?.text ?? ""
        let started = ContinuousClock.now
        let report = await respond(
            text, schema: schema, name: "RewrittenNotification", examples: [],
            instructions: Self.notificationInstructions,
            facts: facts, fallback: ["text": GeneratedContent(String(text.prefix(180)))], flow: "copywriter",
            judge: nil)
        return flows.record("notification", request, report, facts: facts, started: started, stepItems: [])
    }

    private func respond(
        _ prompt: String, schema: GenerationSchema, name: String, examples: [Example<GeneratedContent>],
        instructions: String, facts: [String], fallback: GeneratedContent, flow: String, judge: Judge?
    ) async -> FlowReport? {
        let session = LanguageModelSession(instructions: instructions, configuration: configuration, router: router)
        var policy = OutputPolicy<GeneratedContent>.noSuggestion(validators: ValidatorChain([GroundingValidator()]))
        policy.fallback = { _ in fallback }
        policy.options = overrides
        if checksStepSense || judge != nil {
            var candidates = OutputDefaults.candidates
            candidates.checksStepSense = checksStepSense
            candidates.judge = judge
            policy.candidates = candidates
        }
        do throws(GenerationError) {
            let outcome = try await session.respond(
                to: GenerationRequest(
                    prompt, schema: schema, name: name, grounding: facts, examples: examples, policy: policy))
            switch outcome.source {
            case .model(let backend, _, _):
                return FlowReport(
                    flow: flow, value: outcome.value, source: .model, backend: backend, reason: nil,
                    attempts: outcome.attempts)
            case .fallback(let reason):
                return FlowReport(
                    flow: flow, value: outcome.value, source: .fallback, backend: nil, reason: reason.description,
                    attempts: outcome.attempts)
            }
        } catch {
            return FlowReport(
                flow: flow, value: nil, source: .none, backend: nil, reason: error.reason.description,
                attempts: error.attempts)
        }
    }

    static var repository: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().path
    }
}
