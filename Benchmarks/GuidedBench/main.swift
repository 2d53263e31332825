import Foundation

/// `guided-bench grammar [--repeat N]`: compile speed, coverage and conformance of the grammar
/// compiler on the JSONSchemaBench corpus and the conformance instances. Run it in release mode
/// on a quiet machine: `swift run -c release guided-bench grammar`.
let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "grammar":
    let repeats = arguments.firstIndex(of: "--repeat").flatMap { Int(arguments[$0 + 1]) } ?? 5
    GrammarBenchmark(repeats: repeats).run()
default:
    FileHandle.standardError.write(Data("usage: guided-bench grammar [--repeat N]\n".utf8))
    exit(2)
}
