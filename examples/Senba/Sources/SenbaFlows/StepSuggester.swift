public import Guided

/// Senba's step suggester: exactly three next steps toward one goal, from that goal's entries
/// and completed steps only, each at most 100 characters, cleaned and checked — or no
/// suggestion, so the person writes their own step. Never placeholder steps.
public struct StepSuggester: Sendable {
    /// The session: one per app, serving every goal (requests are independent and scoped).
    public let session: LanguageModelSession

    /// The checks the steps must pass: enough words and no duplicates, grounded in the goal's own
    /// facts, no scaffolding echoed, the outward voice, no step already done or copied from a
    /// fact, and the person-level checks (each step an action, no fragments, repetition or
    /// word salad).
    public static let validators = ValidatorChain(
        factChecks.validators + ValidatorChain.personLevel(stepItems: [JSONPointer("/steps")!]).validators)

    /// The checks that concern the facts alone, without the person-level reading.
    public static let factChecks = ValidatorChain([
        MinimumContentValidator(), GroundingValidator(), ScaffoldingEchoValidator(), BlockedPhraseValidator(),
        NotAlreadyDoneValidator(),
        CopiedFactValidator(), ExampleLeakValidator(),
    ])

    /// What the model is told, once, above the examples.
    public static let instructions =
        "Suggest three next steps toward the goal. Each step is one short action that starts with a verb and follows from the journal."

    /// The input line of every request and example.
    public static let prompt = "Suggest three next steps."

    /// Worked examples from other domains, each with its own facts: they show a base model how
    /// steps follow from a journal, and nothing in them can be copied into a Senba goal without
    /// failing the checks (their subjects — chess, origami, knots — trip ``ExampleLeakValidator``).
    /// They are `StepSuggestions`' own examples: a request brings none, so a backend with the
    /// type's `next-steps` adapter (the embedded server) writes the steps with it instead.
    public static let examples: [Example<StepSuggestions>] = [
        Example(
            prompt,
            grounding: [
                "Goal: get better at chess", "Journal: Lost two games to the same opening trap.",
                "Journal: Solved some puzzles before bed.",
            ],
            output: StepSuggestions(steps: [
                "Study the opening trap that beat you", "Solve a few puzzles every evening",
                "Replay one lost game move by move",
            ])),
        Example(
            prompt,
            grounding: [
                "Goal: learn origami", "Journal: Folded a paper crane from a square sheet.",
                "Journal: The creases on the boat came out crooked.",
            ],
            output: StepSuggestions(steps: [
                "Press each crease flat with a fingernail", "Fold the boat again on thinner paper",
                "Try a frog once the crane feels easy",
            ])),
        Example(
            prompt,
            grounding: [
                "Goal: learn to tie sailing knots", "Journal: Tied a bowline around the post.",
                "Journal: The clove hitch kept slipping.",
            ],
            output: StepSuggestions(steps: [
                "Tie the bowline again with your eyes closed", "Pull the clove hitch tight before letting go",
                "Practise both knots on a thicker rope",
            ])),
    ]

    /// Up to twelve candidates, two at a time, under grounded decoding, as the framework's
    /// default: the person writes their own step only when none of twelve passes. With six, the
    /// sourdough request fell back on two of three clean-clone CI runs.
    public static let candidates = CandidatePolicy(count: 12, batchSize: 2)

    /// A step suggester routing through `configuration`; the last three change what the flow
    /// does, for measuring it (`guided-bench quality`).
    public init(
        configuration: GuidedConfiguration, router: Router? = nil, validators: ValidatorChain = Self.validators,
        candidates: CandidatePolicy = Self.candidates, groundedDecoding: Bool = true
    ) throws(FlowError) {
        session = LanguageModelSession(instructions: Self.instructions, configuration: configuration, router: router)
        var policy = OutputPolicy<StepSuggestions>.noSuggestion(
            validators: validators, cleanup: .all(), candidates: candidates)
        policy.options.groundedDecoding = groundedDecoding
        do {
            try session.register(StepSuggestions.self, policy: policy)
        } catch {
            throw FlowError("the steps policy does not fit its schema: \(error)")
        }
    }

    /// The facts of `request`, all scoped to its goal: the goal and each entry for the model to
    /// read (undated: steps need no dates), each done step for the checks only.
    public static func facts(for request: StepRequest) -> (facts: [Fact], scope: FactScope) {
        let scope = FactScope.goal(request.goal)
        let facts =
            [JournalFacts.goal(request.goal, scopes: [scope])]
            + request.entries.map { JournalFacts.journal($0.text, scopes: [scope]) }
            + (request.done ?? []).map { JournalFacts.done($0, scopes: [scope]) }
        return (facts, scope)
    }

    /// Three checked steps from the model, or no suggestion and why.
    public func suggest(_ request: StepRequest, options: GenerationOptions = FlowDefaults.steps) async -> FlowReport {
        let (facts, scope) = Self.facts(for: request)
        let request = GenerationRequest<StepSuggestions>(
            Self.prompt, facts: facts, scope: scope, options: options)
        do throws(GenerationError) {
            return FlowReport(flow: "step-suggester", result: .success(try await session.respond(to: request)))
        } catch {
            return FlowReport(
                flow: "step-suggester",
                result: Result<GenerationOutcome<StepSuggestions>, GenerationError>.failure(error))
        }
    }

    /// The steps, numbered.
    public static func render(_ value: GeneratedContent) -> String {
        (value["steps"]?.arrayValue ?? []).enumerated().map { "\($0.offset + 1). \($0.element.stringValue ?? "")" }
            .joined(separator: "\n")
    }
}

/// The sampling each flow uses, measured with `guided-bench quality` (README).
///
/// Sampled, not greedy: greedy decoding gives one candidate, and on a base model that one is
/// usually the few-shot example copied or a run of commas. Nucleus (top-p) sampling, which
/// OpenAI-compatible servers can express too, so a configuration swap needs no code change. A
/// fixed seed keeps runs comparable (candidates share a cached prompt, so repeated runs can
/// still differ slightly). The repetition penalty discourages near-duplicate steps and copied
/// examples; the token limits cut rambling candidates early instead of paying for them.
public enum FlowDefaults {
    /// Three steps: top-p 0.95, seed 1, temperature 0.8, repetition penalty 1.0, at most 48 tokens.
    /// On the dev split, penalties 0.8, 1.0, 1.2, 1.4 and 1.6 shipped 75%, 75%, 88%, 94% and 75%
    /// (one run each; a setting varies by up to ±10 points between runs). This value was written
    /// as 1.4, but the initializer used to clamp it to 1.0, so every run of the flows, the demo
    /// and the README's output used 1.0: it stays 1.0 here, now stated, until a run of the flows
    /// at 1.4 is measured. (The framework's own default for lists of strings, ``OutputDefaults``,
    /// is 1.4, measured with `guided-bench quality --path default`.)
    public static let steps = GenerationOptions(
        sampling: .random(probabilityThreshold: 0.95, seed: 1), temperature: 0.8,
        maximumResponseTokens: 48, repetitionPenalty: 1.0)
    /// One notification: the same sampling, at most 70 tokens (180 characters), and the
    /// framework's repetition penalty (which llama-server leaves off a copy that quotes its
    /// entry: the grammar restates those words, and a penalty over the prompt punished them).
    public static let notification = GenerationOptions(
        sampling: .random(probabilityThreshold: 0.95, seed: 1), temperature: 0.8,
        maximumResponseTokens: 70)
}

/// A request or configuration the flow cannot use, said plainly.
public struct FlowError: Error, Sendable, CustomStringConvertible {
    /// What is wrong, and where.
    public var message: String
    /// The exit status: 2 for an error; 0 for ``help(_:)``, whose message goes to standard output.
    public var status: Int32 = 2

    /// Creates an error.
    public init(_ message: String) { self.message = message }

    /// Not an error: `--help` was asked for, and `usage` is the answer (exit status 0).
    public static func help(_ usage: String) -> FlowError {
        var answer = FlowError(usage)
        answer.status = 0
        return answer
    }

    /// The message.
    public var description: String { message }
}
