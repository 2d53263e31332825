import CanonicalSchemas
import Guided

/// The prompt and schema per canonical type that the speed benchmarks (`backends`, `engines`)
/// send, in llama-server's prompt format, so their numbers compare.
enum CanonicalBenchmarkPrompts {
    static let cases: [(name: String, schema: GenerationSchema, prompt: String)] = [
        (
            "StepSuggestions", StepSuggestions.generationSchema,
            "Suggest three short, concrete next steps toward the user's goal.\n\nInput: Goal: learn to swim.\nOutput:"
        ),
        (
            "RewrittenNotification", RewrittenNotification.generationSchema,
            "Rewrite the notification in plain, friendly words.\n\nInput: Shipment 1Z999 status: DELAYED (weather). New ETA: Friday.\nOutput:"
        ),
    ]
}
