import Foundation
import GuidedTestSupport
import GuidedTestTraits
import Testing

/// `guided-bench` reads its options through the same kind of table as `guided`: a bad number, a
/// missing value or another benchmark's option is a usage error (exit 2) before anything runs,
/// never a crash or a silently ignored option.
@Suite(.ownThreads) struct BenchCommandLineTests {
    static func bench(_ arguments: [String]) throws -> ExecutableRun {
        let path = try #require(GuidedCommandTests.builtProduct("guided-bench"), "guided-bench: run swift build")
        return try ExecutableRun.run(path, arguments, directory: GuidedCommandTests.repository)
    }

    @Test(arguments: [
        (["grammar", "--repeat"], "error: --repeat needs a value"),
        (["grammar", "--repeat", "many"], "error: --repeat needs a whole number from 1 to 100000000, not many"),
        (["grammar", "--rounds", "3"], "error: grammar does not take --rounds; its options: --repeat"),
        (["quality", "--temperature", "nan"], "error: --temperature needs a number from 0 to 2, not nan"),
        (["quality", "--step-examples", "all"], "error: --step-examples takes one of schema, none, nearest, not all"),
        (["processes", "--processes", "1,x"], "error: --processes needs whole numbers from 1 up, not x"),
        (["engines"], "error: engines needs --url URL"),
        (["nonsense"], "error: no benchmark named nonsense"),
    ])
    func aBadCommandLineIsAUsageErrorBeforeAnythingRuns(arguments: [String], message: String) throws {
        let run = try Self.bench(arguments)
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").first.map(String.init) == message, "\(run.stderr)")
    }

    @Test func theHelpNamesEveryBenchmark() throws {
        let run = try Self.bench(["--help"])
        #expect(run.status == 0)
        let named = run.stdout.split(separator: "\n").filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(
            named == [
                "grammar", "realworld", "backends", "engines", "router", "grounded", "text", "faults", "soak",
                "throughput", "processes", "adversarial", "judge", "labels", "quality", "tools",
            ])
    }
}
