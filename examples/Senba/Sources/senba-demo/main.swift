import Foundation
import Guided
import GuidedManagedServer
import SenbaFlows

// senba-demo [--config FILE]
// The main job (scripts/demo): Senba's copywriter and step suggester on their sample requests, on
// the configured route — by default the embedded model (Gemma 3 270M through a managed
// llama-server). Each value says where it came from: the model's output that passed the schema
// and every check, the authored template that shipped instead, or no suggestion — and why, with
// every attempt.
ManagedServerSignals.stopServersOnTermination()
signal(SIGPIPE, SIG_IGN) // a closed pipe is a failed write: exit 4 (FlowIO.finish)
do throws(FlowError) {
    let arguments = try FlowCommandLine(
        Array(CommandLine.arguments.dropFirst()), usage: "usage: senba-demo [--config FILE]")
    guard arguments.positional.isEmpty, !arguments.json else { throw FlowError("error: \(arguments.usage)") }
    let configuration = try arguments.configuration()
    let route = configuration.routedBackends.map { "\($0.name) (\($0.kind))" }.joined(separator: ", ")
    FlowIO.print(
        "demo: route \(route); the first request starts the embedded model if it is routed (a few seconds)",
        error: true)
    let copywriter = try Copywriter(configuration: configuration)
    let suggester = try StepSuggester(configuration: configuration)

    FlowIO.print("== Copywriter: a callback notification (examples/Senba/requests/copy-sourdough.json) ==")
    let report = try await copywriter.write(Samples.copyRequest)
    FlowIO.print("authored template, filled: \(report.extra.first { $0.0 == "template" }?.1.stringValue ?? "")")
    FlowIO.print(report.readable(render: Copywriter.render))

    FlowIO.print("\n== Step suggester: three next steps (examples/Senba/requests/steps-sourdough.json) ==")
    FlowIO.print(
        "goal: \(Samples.stepRequest.goal); done: \((Samples.stepRequest.done ?? []).joined(separator: ", "))")
    FlowIO.print(await suggester.suggest(Samples.stepRequest).readable(render: StepSuggester.render))
    FlowIO.finish(0)
} catch {
    FlowIO.print(error.message, error: error.status != 0)
    FlowIO.finish(error.status)
}
