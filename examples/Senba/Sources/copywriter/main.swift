import Guided
import SenbaFlows

// copywriter REQUEST.json|- [--config FILE] [--json]
// A callback notification from a copy request: the model's rewrite of the filled template when
// it passes every check, else the filled template itself; and which, and why.
await FlowIO.main { () async throws(FlowError) in
    let arguments = try FlowCommandLine(
        Array(CommandLine.arguments.dropFirst()), usage: "usage: copywriter REQUEST.json|- [--config FILE] [--json]")
    guard arguments.positional.count == 1 else { throw FlowError(arguments.usage) }
    let request = try FlowIO.load(CopyRequest.self, from: arguments.positional[0])
    let report = try await Copywriter(configuration: try arguments.configuration()).write(request)
    return (report, arguments.json, Copywriter.render)
}
