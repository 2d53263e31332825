import GuidedSchema
import GuidedValidation

/// `{"steps": [string, 1…100 chars] × 3}` — StepSuggestions, as `schemas/StepSuggestions.json` declares it.
let stepSuggestionsSchema = GenerationSchema(
    root: .object(
        ObjectConstraints([
            .init(
                "steps",
                .array(
                    ArrayConstraints(
                        items: .string(StringConstraints(minLength: 1, maxLength: 100)), minItems: 3, maxItems: 3)))
        ])))

/// `{"text": string ≤ 180 chars}` — RewrittenNotification.
let rewrittenNotificationSchema = GenerationSchema(
    root: .object(
        ObjectConstraints([
            .init("text", .string(StringConstraints(maxLength: 180)))
        ])))

/// The person-level checks as the CLI would run them on step suggestions.
let stepChecks = ValidatorChain.personLevel(stepItems: [pointer("/steps")])

/// The rejections as `"validator.reason /pointer"` strings, in order.
func verdicts(_ rejections: [Rejection]) -> [String] {
    rejections.map { "\($0.validator).\($0.reason) \($0.pointer)" }
}

/// The reasons `validator` gives for one string checked at the root, with `grounding` and
/// `prompt` in the context and an open schema.
func reasons(_ validator: some OutputValidator, _ text: String, grounding: [String] = [], prompt: String = "")
    -> [String]
{
    let context = ValidationContext(prompt: prompt, grounding: grounding, schema: GenerationSchema(root: .any))
    return validator.check(GeneratedContent(text), in: context).map(\.reason)
}
