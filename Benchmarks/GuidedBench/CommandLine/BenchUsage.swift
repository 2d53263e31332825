import Foundation
import GuidedCommandLine

/// `guided-bench`'s help, derived from its tables, and its usage errors (exit 2).
enum BenchUsage {
    /// `guided-bench --help`: every benchmark with the options it takes.
    static let text =
        "usage: guided-bench <benchmark> [options]\n       guided-bench help <benchmark>\n\nbenchmarks:\n"
        + BenchCommand.allCases.map { HelpText<BenchOption>.block(for: $0) }.joined(separator: "\n")

    /// `guided-bench help quality`: the benchmark, then each of its options.
    static func text(for command: BenchCommand) -> String {
        "usage: guided-bench <benchmark> [options]\n\n\(HelpText<BenchOption>.block(for: command))\n\noptions:\n"
            + HelpText<BenchOption>.options(of: command)
    }

    /// Stops with `error` (exit 2), the usage after it where the error asks for it.
    static func fail(_ error: UsageError) -> Never {
        let usage = error.showsUsage ? "\n\n\(text)" : ""
        FileHandle.standardError.write(Data((error.message + usage + "\n").utf8))
        exit(2)
    }

    /// `lookUp`'s value, or its usage error ending the run.
    static func checked<Value>(_ lookUp: () throws(UsageError) -> Value) -> Value {
        do { return try lookUp() } catch { fail(error) }
    }

    /// `option`'s whole number from 1 up, when given; anything else ends the run.
    static func count(_ option: BenchOption, in arguments: BenchArguments) -> Int? {
        checked { () throws(UsageError) in try arguments.integer(option, in: 1...100_000_000) }
    }
}
