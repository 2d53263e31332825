import Guided
import SenbaFlows

/// `guided demo`: the main job. Senba's copywriter and step suggester (the examples in
/// `examples/Senba`) on their sample requests, on the configured route — by default the embedded
/// model (Gemma 3 270M through a managed llama-server). Each value says where it came from: the
/// model's output that passed the schema and every check, the authored template that shipped
/// instead, or no suggestion — and why, with every attempt.
enum DemoCommand {
    static func run(_ arguments: ParsedArguments) async throws(CommandFailure) {
        let configuration = try GenerationArguments.configuration(arguments)
        let route = configuration.routedBackends.map { "\($0.name) (\($0.kind))" }.joined(separator: ", ")
        Console.error(
            "demo: route \(route); the first request starts the embedded model if it is routed (a few seconds)")
        let copywriter: Copywriter
        let suggester: StepSuggester
        do {
            copywriter = try Copywriter(configuration: configuration)
            suggester = try StepSuggester(configuration: configuration)
        } catch {
            throw .usage(error.message)
        }

        Console.out("== Copywriter: a callback notification (examples/Senba/requests/copy-sourdough.json) ==")
        do {
            let report = try await copywriter.write(Samples.copyRequest)
            Console.out("authored template, filled: \(report.extra.first { $0.0 == "template" }?.1.stringValue ?? "")")
            Console.out(report.readable(render: Copywriter.render))
        } catch {
            throw .usage(error.message)
        }

        Console.out("\n== Step suggester: three next steps (examples/Senba/requests/steps-sourdough.json) ==")
        Console.out(
            "goal: \(Samples.stepRequest.goal); done: \((Samples.stepRequest.done ?? []).joined(separator: ", "))")
        Console.out(await suggester.suggest(Samples.stepRequest).readable(render: StepSuggester.render))
    }
}
