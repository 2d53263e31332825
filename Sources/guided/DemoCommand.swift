import CanonicalSchemas
import Guided
import GuidedGrammar

/// `guided demo`: the main job. The two canonical types generated on the embedded model (Gemma
/// 3 270M through a managed llama-server) through a session with validators and authored
/// fallbacks: every value shown either passed the schema and every check, or is the app's
/// fallback — and the demo says which, and why.
enum DemoCommand {
    static func run(_ arguments: ParsedArguments) async throws(CommandFailure) {
        let configuration = try GenerationArguments.configuration(arguments)
        Console.out("== StepSuggestions, declared in Swift, compiled to GBNF ==")
        do {
            Console.out(try GrammarCompiler.compile(StepSuggestions.generationSchema).gbnf)
        } catch {
            throw .usage(error.description)
        }
        let options = GenerationOptions(sampling: .greedy, maximumResponseTokens: 300)

        let steps = LanguageModelSession(instructions: "Suggest three short, concrete next steps toward the goal. Use only the facts given.",
                                         configuration: configuration)
        let notifications = LanguageModelSession(instructions: "Rewrite the notification in plain, friendly words. Keep every fact; add none.",
                                                 configuration: configuration)
        do {
            try steps.register(StepSuggestions.self, policy: OutputPolicy(
                fallback: { _ in StepSuggestions(steps: ["Write down your first small step", "Pick a time this week to do it", "Note what helped afterwards"]) },
                validators: ValidatorChain([MinimumContentValidator(), GroundingValidator(), ScaffoldingEchoValidator()]),
                cleanup: .all()))
            try notifications.register(RewrittenNotification.self, policy: OutputPolicy(
                fallback: { context in RewrittenNotification(text: "Update: " + (context.grounding.first ?? "open the app for details")) },
                validators: ValidatorChain([MinimumContentValidator(minimumWords: 4), GroundingValidator(minimumSharedWords: 2),
                                            BlockedPhraseValidator(phrases: ["unlock", "don't miss", "amazing"])]),
                cleanup: [.trim, .collapseWhitespace]))
        } catch {
            throw .usage(error.description)
        }

        let goal = ["Goal: learn to swim", "Entry: bought goggles", "Entry: the public pool opens at 7"]
        let stepExamples = [BackendRequest.Example(
            input: "Goal: read more books",
            output: ["steps": ["Renew the library card", "Pick one short novel", "Read ten pages each evening"]])]
        await show("StepSuggestions", try? await steps.respond(to: "Goal: learn to swim", generating: StepSuggestions.self,
                                                                grounding: goal, examples: stepExamples, options: options)) { value in
            value.steps.enumerated().map { "  \($0.offset + 1). \($0.element)" }.joined(separator: "\n")
        }

        let facts = ["parcel 1Z999 is delayed by weather", "new delivery day: Friday"]
        await show("RewrittenNotification", try? await notifications.respond(
            to: "Shipment 1Z999 status: DELAYED (weather). New ETA: Friday.", generating: RewrittenNotification.self,
            grounding: facts, options: options)) { "  " + $0.text }
    }

    private static func show<Output: Sendable>(_ name: String, _ outcome: GenerationOutcome<Output>?, render: (Output) -> String) async {
        Console.out("\n== \(name) ==")
        guard let outcome else { return Console.out("  (no value: no fallback registered)") }
        Console.out(render(outcome.value))
        switch outcome.source {
        case .model(let backend, let tokens, let milliseconds):
            Console.out("  [from the model on \(backend): \(tokens ?? 0) tokens, \(Int(milliseconds)) ms; passed the schema and every check]")
        case .fallback(let reason):
            Console.out("  [authored fallback — \(reason)]")
            for attempt in outcome.attempts { Console.out("    \(attempt)") }
        }
    }
}
