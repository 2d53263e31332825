import CanonicalSchemas
import Foundation
import Guided

/// The two Senba flows as the benchmark runs them: facts from a corpus request, the prompt's
/// instructions and cross-domain examples, the output policy (candidates, grounded decoding,
/// checks) and the authored fallback.
struct SenbaQualityFlows {
    let configuration: GuidedConfiguration
    let settings: QualitySettings
    let router = Router(policy: RoutePolicy(deadline: .seconds(60)))

    // MARK: Steps

    static let stepInstructions = "Suggest three next steps toward the goal. Each step is one short action that starts with a verb and follows from the journal."

    static let stepExamples: [BackendRequest.Example] = [
        .init(input: "Suggest three next steps.", grounding: ["Goal: get better at chess", "Journal: Lost two games to the same opening trap.",
                                                            "Journal: Solved some puzzles before bed."],
              output: ["steps": ["Study the opening trap that beat you", "Solve a few puzzles every evening", "Replay one lost game move by move"]]),
        .init(input: "Suggest three next steps.", grounding: ["Goal: learn origami", "Journal: Folded a paper crane from a square sheet.",
                                                            "Journal: The creases on the boat came out crooked."],
              output: ["steps": ["Press each crease flat with a fingernail", "Fold the boat again on thinner paper", "Try a frog once the crane feels easy"]]),
        .init(input: "Suggest three next steps.", grounding: ["Goal: learn to tie sailing knots", "Journal: Tied a bowline around the post.",
                                                            "Journal: The clove hitch kept slipping."],
              output: ["steps": ["Tie the bowline again with your eyes closed", "Pull the clove hitch tight before letting go", "Practise both knots on a thicker rope"]]),
    ]

    func steps(_ request: QualityCorpus.Request) async -> QualityBenchmark.Record {
        let facts = ["Goal: \(request.goal)"] + request.entries.map { "Journal: \($0.text)" }
        var validators: [any OutputValidator] = [
            GroundingValidator(), MinimumContentValidator(), ScaffoldingEchoValidator(), CopiedFactValidator(others: request.done), ExampleLeakValidator(),
        ]
        if settings.qualityChecks { validators += ValidatorChain.personLevel(stepItems: [JSONPointer("/steps")!]).validators }
        let session = LanguageModelSession(instructions: Self.stepInstructions, configuration: configuration, router: router)
        try! session.register(StepSuggestions.self, policy: OutputPolicy(
            fallback: { _ in StepSuggestions(steps: ["Write your own next step", "Write your own next step too", "Write one more step"]) },
            validators: ValidatorChain(validators), cleanup: .all(), candidates: policy, groundedDecoding: settings.grounded))
        let started = ContinuousClock.now
        let outcome = try? await session.respond(to: "Suggest three next steps.", generating: StepSuggestions.self, grounding: facts,
                                                 examples: Self.stepExamples, options: options(maximumTokens: 48))
        return record("steps", request, outcome, facts: facts, started: started, shipped: outcome?.value.steps.joined(separator: " | ") ?? "",
                      content: outcome.map { $0.value.generatedContent }, stepItems: [JSONPointer("/steps")!])
    }

    // MARK: Notifications

    static let notificationInstructions = "Rewrite the reminder as one short, friendly notification for the person who wrote the entry. Keep their facts; add no new ones."

    static let notificationExamples: [BackendRequest.Example] = [
        .init(input: "Back in January you wrote: \"Solved some puzzles before bed.\"",
              grounding: ["Goal: get better at chess", "Entry, 12 January 2026: Solved some puzzles before bed."],
              output: ["text": "In January you solved some puzzles before bed. Up for a few more?"]),
        .init(input: "On 10 November you wrote: \"Folded a paper crane from a square sheet.\"",
              grounding: ["Goal: learn origami", "Entry, 10 November 2025: Folded a paper crane from a square sheet."],
              output: ["text": "On 10 November you folded a paper crane from a square sheet. Look how far your folding has come."]),
        .init(input: "Remember September? You wrote: \"The clove hitch kept slipping.\"",
              grounding: ["Goal: learn to tie sailing knots", "Entry, 2 September 2025: The clove hitch kept slipping."],
              output: ["text": "Remember September? Your clove hitch kept slipping. Ready to tie it tight now?"]),
    ]

    func notification(_ request: QualityCorpus.Request) async -> QualityBenchmark.Record {
        let entry = request.entries.first ?? QualityCorpus.Entry(date: "2026-01-01", text: "")
        let date = CorpusDate(entry.date)
        let facts = ["Goal: \(request.goal)", "Entry, \(date.day) \(date.month) \(date.year): \(entry.text)"]
        let filled = (request.template ?? "{entry}").replacingOccurrences(of: "{month}", with: date.month)
            .replacingOccurrences(of: "{day}", with: String(date.day)).replacingOccurrences(of: "{entry}", with: entry.text)
        var validators: [any OutputValidator] = [
            GroundingValidator(minimumSharedWords: 2), MinimumContentValidator(minimumWords: 4), ScaffoldingEchoValidator(),
            CopiedFactValidator(), ExampleLeakValidator(), ReaderVoiceValidator(),
        ]
        if settings.qualityChecks { validators += ValidatorChain.personLevel().validators }
        let session = LanguageModelSession(instructions: Self.notificationInstructions, configuration: configuration, router: router)
        try! session.register(RewrittenNotification.self, policy: OutputPolicy(
            fallback: { _ in RewrittenNotification(text: String(filled.prefix(180))) },
            validators: ValidatorChain(validators), cleanup: [.trim, .collapseWhitespace], candidates: policy, groundedDecoding: settings.grounded))
        let started = ContinuousClock.now
        let outcome = try? await session.respond(to: filled, generating: RewrittenNotification.self, grounding: facts,
                                                 examples: Self.notificationExamples, options: options(maximumTokens: 70))
        return record("notification", request, outcome, facts: facts, started: started, shipped: outcome?.value.text ?? "",
                      content: outcome.map { $0.value.generatedContent }, stepItems: [])
    }

    // MARK: Requests as a backend sees them (for the decoding-cost benchmark)

    /// The backend request the steps flow sends for `request` (plain grammar, one candidate).
    func stepsRequest(_ request: QualityCorpus.Request) -> BackendRequest {
        let facts = ["Goal: \(request.goal)"] + request.entries.map { "Journal: \($0.text)" }
        return BackendRequest(prompt: "Suggest three next steps.", instructions: Self.stepInstructions, schema: StepSuggestions.generationSchema,
                              options: options(maximumTokens: 48), grounding: facts, examples: Self.stepExamples)
    }

    /// The backend request the notification flow sends for `request` (plain grammar, one candidate).
    func notificationRequest(_ request: QualityCorpus.Request) -> BackendRequest {
        let entry = request.entries.first ?? QualityCorpus.Entry(date: "2026-01-01", text: "")
        let date = CorpusDate(entry.date)
        let facts = ["Goal: \(request.goal)", "Entry, \(date.day) \(date.month) \(date.year): \(entry.text)"]
        let filled = (request.template ?? "{entry}").replacingOccurrences(of: "{month}", with: date.month)
            .replacingOccurrences(of: "{day}", with: String(date.day)).replacingOccurrences(of: "{entry}", with: entry.text)
        return BackendRequest(prompt: filled, instructions: Self.notificationInstructions, schema: RewrittenNotification.generationSchema,
                              options: options(maximumTokens: 70), grounding: facts, examples: Self.notificationExamples)
    }

    // MARK: Shared

    private var policy: CandidatePolicy { CandidatePolicy(count: settings.candidates, batchSize: settings.batch) }

    private func options(maximumTokens: Int) -> GenerationOptions {
        GenerationOptions(sampling: .random(top: 40, seed: settings.seed), temperature: settings.temperature, maximumResponseTokens: maximumTokens,
                          repetitionPenalty: settings.repetitionPenalty)
    }

    private func record<Output>(_ flow: String, _ request: QualityCorpus.Request, _ outcome: GenerationOutcome<Output>?, facts: [String],
                                started: ContinuousClock.Instant, shipped: String, content: GeneratedContent?, stepItems: [JSONPointer]) -> QualityBenchmark.Record {
        let elapsed = ContinuousClock.now - started
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        let fromModel = outcome?.isFromModel ?? false
        var reason: String?
        if case .fallback(let why)? = outcome?.source {
            reason = outcome?.attempts.last.map { $0.candidates.isEmpty ? $0.outcomeCode : Self.commonestRejection($0) } ?? why.code.rawValue
        }
        var invented: [String] = []
        var person: [String] = []
        if fromModel, let content {
            let strings = flow == "steps" ? (content["steps"]?.arrayValue ?? []).compactMap(\.stringValue) : [content["text"]?.stringValue ?? ""]
            invented = strings.flatMap { InventedSpecifics.find(in: $0, facts: facts) }
            let schema = flow == "steps" ? StepSuggestions.generationSchema : RewrittenNotification.generationSchema
            let context = ValidationContext(grounding: facts, schema: schema)
            person = ValidatorChain.personLevel(stepItems: stepItems).run(content, in: context).map { "\($0.validator)/\($0.reason)" }
        }
        let all = outcome?.attempts.flatMap(\.candidates) ?? []
        let verdicts = all.map(\.outcomeCode)
        let details = all.map { verdict -> String in
            var line = "\(verdict) \(verdict.text ?? "")"
            if case .rejected(let rejections) = verdict.outcome { line += "  ← " + rejections.map(\.description).joined(separator: " | ") }
            return line
        }
        return QualityBenchmark.Record(flow: flow, id: request.id, split: request.split, fromModel: fromModel, reason: reason,
                                       shipped: shipped, invented: invented, personFailures: person, milliseconds: milliseconds,
                                       candidates: verdicts.count, verdicts: verdicts, details: details)
    }

    /// The rejection most of an attempt's candidates met, as `validator/reason`.
    static func commonestRejection(_ attempt: Attempt) -> String {
        var counts: [String: Int] = [:]
        for verdict in attempt.candidates { counts[verdict.outcomeCode, default: 0] += 1 }
        return counts.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }?.key ?? attempt.outcomeCode
    }
}

/// A `YYYY-MM-DD` date's parts as the prompts write them.
struct CorpusDate {
    var year: Int
    var month: String
    var day: Int

    init(_ text: String) {
        let parts = text.split(separator: "-").compactMap { Int($0) }
        let names = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
        year = parts.first ?? 2026
        month = names[max(0, min(11, (parts.count > 1 ? parts[1] : 1) - 1))]
        day = parts.count > 2 ? parts[2] : 1
    }
}
