import Foundation

/// `guided-bench grammar [--repeat N]`: compile speed, coverage and conformance of the grammar
/// compiler on the JSONSchemaBench corpus and the conformance instances.
/// `guided-bench backends [--rounds N]`: live generation speed with Guided's grammar, llama-server's
/// own json_schema and no constraint.
/// Run in release mode on a quiet machine: `swift run -c release guided-bench grammar`.
let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "backends":
    let rounds = arguments.firstIndex(of: "--rounds").flatMap { Int(arguments[$0 + 1]) } ?? 5
    await BackendBenchmark(rounds: rounds).run()
case "router":
    let iterations = arguments.firstIndex(of: "--iterations").flatMap { Int(arguments[$0 + 1]) } ?? 500
    await RouterBenchmark(iterations: iterations).run()
case "grammar":
    let repeats = arguments.firstIndex(of: "--repeat").flatMap { Int(arguments[$0 + 1]) } ?? 5
    GrammarBenchmark(repeats: repeats).run()
default:
    FileHandle.standardError.write(Data("usage: guided-bench grammar [--repeat N] | backends [--rounds N] | router [--iterations N]\n".utf8))
    exit(2)
}
