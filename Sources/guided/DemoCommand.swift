import CanonicalSchemas
import Guided
import GuidedGrammar

/// `guided demo`: the two canonical types generated on the embedded model (Gemma 3 270M
/// through a managed llama-server) — or, when it cannot serve, the app's authored fallback,
/// saying why. Every model output shown has passed the full schema.
enum DemoCommand {
    static func run(_ arguments: ParsedArguments) async throws(CommandFailure) {
        let configuration = try GenerationArguments.configuration(arguments)
        Console.out("== StepSuggestions, declared in Swift, as JSON Schema ==")
        Console.out(StepSuggestions.generationSchema.jsonSchema().jsonText(.pretty))
        do {
            let grammar = try GrammarCompiler.compile(StepSuggestions.generationSchema)
            Console.out("\n== its GBNF grammar ==\n" + grammar.gbnf)
        } catch {
            throw .usage(error.description)
        }

        let steps = try await generate(
            StepSuggestions.self, configuration: configuration,
            instructions: "Suggest three short, concrete next steps toward the user's goal.",
            prompt: "Goal: learn to swim. Notes: I can float a little; the public pool opens at 7.",
            fallback: StepSuggestions(steps: ["Write down your first small step", "Pick a time this week to do it", "Note what helped"]))
        Console.out("\n== StepSuggestions ==")
        for (index, step) in steps.steps.enumerated() { Console.out("\(index + 1). \(step)") }

        let notification = try await generate(
            RewrittenNotification.self, configuration: configuration,
            instructions: "Rewrite the notification in plain, friendly words. Keep every fact; add none.",
            prompt: "Shipment 1Z999 status: DELAYED (weather). New ETA: Friday.",
            fallback: RewrittenNotification(text: "Your parcel 1Z999 is delayed by weather and should arrive on Friday."))
        Console.out("\n== RewrittenNotification ==\n" + notification.text)
    }

    /// A model output that passed the schema, or the fallback, with the reason on stdout.
    static func generate<Output: Generable>(_ type: Output.Type, configuration: GuidedConfiguration, instructions: String, prompt: String,
                                            fallback: Output) async throws(CommandFailure) -> Output {
        let request = BackendRequest(prompt: prompt, instructions: instructions, schema: Output.generationSchema,
                                     options: GenerationOptions(sampling: .greedy, maximumResponseTokens: 256))
        var reasons: [String] = []
        for backend in configuration.routedBackends {
            let availability = await backend.availability()
            guard availability.isAvailable else {
                reasons.append("\(backend.name): \(availability)")
                continue
            }
            do {
                let response = try await backend.respond(to: request)
                let value = try Output(response.content)
                Console.out("\n[\(Output.self): from \(backend.name), \(response.tokensGenerated ?? 0) tokens, \(Int(response.milliseconds)) ms]")
                return value
            } catch let error as BackendError {
                reasons.append(error.description)
            } catch {
                reasons.append("\(backend.name): \(error)")
            }
        }
        Console.out("\n[\(Output.self): authored fallback, because " + reasons.joined(separator: "; ") + "]")
        return fallback
    }
}
