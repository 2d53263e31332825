import Guided

struct RewrittenNotification: Generable {
    @Guide(description: "The notification text, at most 180 characters", .maximumLength(180))
    var text: String = ""
}

struct StepSuggestions: Generable {
    @Guide(description: "Exactly three next steps, in the order to do them", .count(3), .element(.length(1...100)))
    var steps: [String] = []
}

// The embedded default: Qwen2.5-Coder-1.5B-Instruct on a llama-server Guided starts (scripts/setup-model).
let session = LanguageModelSession(configuration: try GuidedConfiguration.load())

do throws(GenerationError) {
    let note = try await session.respond(
        to: "Back in March you wrote: \"Fed the starter twice.\"", generating: RewrittenNotification.self,
        grounding: ["Goal: bake sourdough at home", "1 March 2026: Fed the starter twice."])
    print(note.value.text, "|", note.source)

    let steps = try await session.respond(
        to: "Suggest three next steps.", generating: StepSuggestions.self,
        grounding: ["Goal: bake sourdough at home", "Journal: Fed the starter twice."])
    print(steps.value.steps.joined(separator: " / "), "|", steps.source)
} catch {
    // Nothing passed and these calls bring no fallback ("no suggestion"): the error says why.
    print("no suggestion:", error.codeName, "|", error.details ?? error.message)
}
