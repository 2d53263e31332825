import GuidedJSON
import GuidedSchema
import GuidedValidation
import Testing

/// `{"steps": [string ≤ 80 chars] × 3…5}` — the goal-steps output type.
let stepsSchema = GenerationSchema(
    root: .object(
        ObjectConstraints([
            .init(
                "steps",
                .array(
                    ArrayConstraints(
                        items: .string(StringConstraints(minLength: 1, maxLength: 80)), minItems: 3, maxItems: 5)))
        ])))

/// `{"title": string, "body": string}` — the notification output type.
let notificationSchema = GenerationSchema(
    root: .object(
        ObjectConstraints([
            .init("title", .string(StringConstraints(maxLength: 40))),
            .init("body", .string(StringConstraints(maxLength: 120))),
        ])))

/// Parses a model's JSON text, as the pipeline would.
func output(_ json: String) throws -> GeneratedContent {
    try JSONReader.parse(json)
}

/// A JSON pointer from its text.
func pointer(_ text: String) -> JSONPointer {
    JSONPointer(text)!
}

/// The rejections as `"reason /pointer"` strings, in order: compact to compare.
func summary(_ rejections: [Rejection]) -> [String] {
    rejections.map { "\($0.reason) \($0.pointer)" }
}

/// Every validator, configured as an app would ship them.
let everyValidator = ValidatorChain([
    SchemaValidator(),
    CharacterCapValidator(maximum: 80),
    ScaffoldingEchoValidator(),
    BlockedPhraseValidator(phrases: ["unlock", "don't miss", "amazing"]),
    GroundingValidator(),
    MinimumContentValidator(),
])

/// The swimming request, as measured.
let swimGrounding = "Goal: learn to swim. Entries: bought goggles; pool opens at 7"

/// A rendered zero-shot prompt carrying the swimming grounding.
let swimPrompt = """
    You write short, concrete next steps toward a personal goal.
    Use only the facts below. Do not invent details.
    Facts:
    \(swimGrounding)
    Reply with a "steps" array of three short steps.
    """

/// A rendered few-shot prompt: the example is about running, the request about swimming.
let fewShotSwimPrompt = """
    You write short, concrete next steps toward a personal goal.
    Example facts: Goal: run a 5k. Entries: signed up for a race
    Example reply: {"steps":["Buy a pair of running shoes that fit well","Start with a 10-minute jog around the block","Stretch your calves after every run"]}
    Facts:
    \(swimGrounding)
    Reply:
    """
