import Guided
import SenbaFlows

// step-suggester REQUEST.json|- [--config FILE] [--json]
// Three checked next steps toward one goal from that goal's facts only, or "no suggestion"
// (the person writes their own) and why.
await FlowIO.main { () async throws(FlowError) in
    let arguments = try FlowCommandLine(
        Array(CommandLine.arguments.dropFirst()), usage: "usage: step-suggester REQUEST.json|- [--config FILE] [--json]"
    )
    guard arguments.positional.count == 1 else { throw FlowError(arguments.usage) }
    let request = try FlowIO.load(StepRequest.self, from: arguments.positional[0])
    let report = await (try StepSuggester(configuration: try arguments.configuration())).suggest(request)
    return (report, arguments.json, StepSuggester.render)
}
