import CanonicalSchemas
import Foundation
import Guided
import SenbaFlows

/// The two Senba flows exactly as the examples run them (`SenbaFlows`: `StepSuggester`,
/// `Copywriter`), on the corpus's requests, with the benchmark's settings swapped in for the
/// knobs it varies (candidates, grounded decoding, person-level checks, sampling).
struct SenbaQualityFlows {
    let configuration: GuidedConfiguration
    let settings: QualitySettings
    let router = Router(policy: RoutePolicy(deadline: .seconds(60)))

    private var candidates: CandidatePolicy {
        var policy = CandidatePolicy(count: settings.candidates, batchSize: settings.batch)
        policy.stopsEarly = settings.stopsEarly
        return policy
    }

    /// The step suggester's sampling with the benchmark's overrides.
    var stepOptions: GenerationOptions {
        var options = FlowDefaults.steps
        tune(&options)
        return options
    }

    /// The copywriter's sampling with the benchmark's overrides.
    var notificationOptions: GenerationOptions {
        var options = FlowDefaults.notification
        tune(&options)
        return options
    }

    private func tune(_ options: inout GenerationOptions) {
        options.sampling = options.sampling.map { _ in .random(probabilityThreshold: 0.95, seed: settings.seed) }
        if let temperature = settings.temperature { options.temperature = temperature }
        if let penalty = settings.repetitionPenalty { options.repetitionPenalty = penalty }
    }

    func steps(_ request: QualityCorpus.Request) async -> QualityBenchmark.Record {
        let suggester = try! StepSuggester(
            configuration: configuration, router: router,
            validators: settings.qualityChecks ? StepSuggester.validators : StepSuggester.factChecks,
            candidates: candidates, groundedDecoding: settings.grounded)
        let started = ContinuousClock.now
        let report = await suggester.suggest(Self.stepRequest(request), options: stepOptions)
        let facts = StepSuggester.facts(for: Self.stepRequest(request)).facts.map(\.text)
        return record("steps", request, report, facts: facts, started: started, stepItems: [JSONPointer("/steps")!])
    }

    func notification(_ request: QualityCorpus.Request) async -> QualityBenchmark.Record {
        let copywriter = try! Copywriter(
            configuration: configuration, router: router,
            validators: settings.qualityChecks ? Copywriter.validators : Copywriter.factChecks,
            candidates: candidates, groundedDecoding: settings.grounded)
        let started = ContinuousClock.now
        let report = try? await copywriter.write(Self.copyRequest(request), options: notificationOptions)
        let facts = Copywriter.facts(for: Self.copyRequest(request)).facts.map(\.text)
        return record("notification", request, report, facts: facts, started: started, stepItems: [])
    }

    // MARK: Corpus requests as the flows take them

    static func stepRequest(_ request: QualityCorpus.Request) -> StepRequest {
        StepRequest(
            goal: request.goal, entries: request.entries.map { DatedEntry(date: $0.date, text: $0.text) },
            done: request.done)
    }

    static func copyRequest(_ request: QualityCorpus.Request) -> CopyRequest {
        var copy = CopyRequest()
        copy.kind = request.kind == "callback" ? "callback" : nil
        copy.goal = request.goal
        copy.entries = request.entries.map { DatedEntry(date: $0.date, text: $0.text) }
        copy.template = request.template ?? "{entry}"
        return copy
    }

    // MARK: Records

    func record(
        _ flow: String, _ request: QualityCorpus.Request, _ report: FlowReport?, facts: [String],
        started: ContinuousClock.Instant, stepItems: [JSONPointer]
    ) -> QualityBenchmark.Record {
        let elapsed = ContinuousClock.now - started
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        let fromModel = report?.source == .model
        let value = report?.value
        let strings =
            flow == "steps"
            ? (value?["steps"]?.arrayValue ?? []).compactMap(\.stringValue) : [value?["text"]?.stringValue ?? ""]
        var reason: String?
        if !fromModel {
            reason =
                report?.attempts.last.map { $0.candidates.isEmpty ? $0.outcomeCode : Self.commonestRejection($0) }
                ?? "noReport"
        }
        var invented: [String] = []
        var person: [String] = []
        if fromModel, let value {
            invented = strings.flatMap { InventedSpecifics.find(in: $0, facts: facts) }
            let schema = flow == "steps" ? StepSuggestions.generationSchema : RewrittenNotification.generationSchema
            person = ValidatorChain.personLevel(stepItems: stepItems).run(
                value, in: ValidationContext(grounding: facts, schema: schema)
            )
            .map { "\($0.validator)/\($0.reason)" }
        }
        let all = report?.attempts.flatMap(\.candidates) ?? []
        let details = all.map { verdict -> String in
            var line = "\(verdict) \(verdict.text ?? "")"
            if case .rejected(let rejections) = verdict.outcome {
                line += "  ← " + rejections.map(\.description).joined(separator: " | ")
            }
            return line
        }
        return QualityBenchmark.Record(
            flow: flow, id: request.id, split: request.split, fromModel: fromModel, reason: reason,
            shipped: report?.source == QualityBenchmark.noValue ? "(no suggestion)" : strings.joined(separator: " | "),
            invented: invented, personFailures: person, milliseconds: milliseconds,
            candidates: all.count, verdicts: all.map(\.outcomeCode), details: details,
            outputs: all.compactMap { CandidateOutput(flow: flow, verdict: $0) },
            stoppedEarly: all.filter(\.stoppedEarly).count, judged: all.filter { $0.judgeScore != nil }.count)
    }

    /// The rejection most of an attempt's candidates met, as `outcome code`.
    static func commonestRejection(_ attempt: Attempt) -> String {
        var counts: [String: Int] = [:]
        for verdict in attempt.candidates { counts[verdict.outcomeCode, default: 0] += 1 }
        return counts.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }?.key
            ?? attempt.outcomeCode
    }
}
