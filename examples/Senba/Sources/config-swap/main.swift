import Guided
import SenbaFlows

// config-swap --config FILE [REQUEST.json] [--json]
// The copywriter flow, unchanged, through whatever backends the configuration names: run it
// with a llama-server `/completion` configuration and with the same server's OpenAI-compatible
// `/v1` configuration, and only the configuration file differs.
await FlowIO.main { () async throws(FlowError) in
    let arguments = try FlowCommandLine(
        Array(CommandLine.arguments.dropFirst()), usage: "usage: config-swap --config FILE [REQUEST.json|-] [--json]")
    let configuration = try arguments.configuration()
    let request =
        try arguments.positional.first.map { path throws(FlowError) in try FlowIO.load(CopyRequest.self, from: path) }
        ?? Samples.copyRequest
    var report = try await Copywriter(configuration: configuration).write(request)
    report.flow = "config-swap"
    let backends = configuration.routedBackends.map { "\($0.name) (\($0.kind))" }
    report.notes = [
        "configuration \(arguments.value("--config") ?? "default"): route \(backends.joined(separator: ", "))"
    ]
    report.extra.append(
        ("kinds", GeneratedContent(elements: configuration.routedBackends.map { GeneratedContent($0.kind) })))
    return (report, arguments.json, Copywriter.render)
}
