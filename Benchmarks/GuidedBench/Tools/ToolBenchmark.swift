import Foundation
import Guided

/// `guided-bench tools [--split dev|test|all]`: the committed tool requests on the embedded
/// default, greedy: whether the model called the tool each needs (and none where none fits), with
/// the arguments it should pass, and answered with the tool's result; calls per request and
/// latency, per kind and split. Every answer is checked by machine against the fixtures, so no
/// rate waits for a reader.
struct ToolBenchmark {
    var split = "all"

    /// The fixtures folder.
    static let folder =
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/tools").path

    /// What one request came to.
    struct Result {
        var request: ToolRequest
        var calls: [ToolCall]
        var answer: String?
        var seconds: Double

        /// The first call's tool, or `none`.
        var chose: String { calls.first?.toolName ?? "none" }
        var rightTool: Bool { chose == request.expect }
        /// Whether the first call passed every argument the request names, as named.
        var rightArguments: Bool {
            guard request.expect != "none", let first = calls.first else { return request.expect == "none" }
            return (request.arguments.properties ?? []).allSatisfy { first.arguments[$0.name] == $0.value }
        }
        /// Whether the answer holds the needed tool's result (its word, e.g. the weekday); a
        /// request that needs no tool has none to hold. An answer that holds the word without the
        /// call (the model guessed) does not count.
        var answerUsesResult: Bool {
            guard let word = request.answerMustContain else { return true }
            return rightTool && answer?.localizedCaseInsensitiveContains(word) == true
        }
    }

    func run() async {
        let requests: [ToolRequest]
        do { requests = try ToolRequest.load().filter { split == "all" || $0.split == split } } catch {
            print("guided-bench tools: \(error)")
            exit(1)
        }
        let configuration: GuidedConfiguration
        do { configuration = try GuidedConfiguration.load() } catch {
            print("guided-bench tools: \(error)")
            exit(1)
        }
        var results: [Result] = []
        for request in requests {
            let tools: [any Tool]
            do { tools = try BenchmarkTools.named(request.tools) } catch {
                print("guided-bench tools: \(error)")
                exit(1)
            }
            let session = LanguageModelSession(
                instructions: "Answer in one short sentence.", tools: tools, configuration: configuration)
            let started = ContinuousClock.now
            let outcome = try? await session.respond(
                to: request.prompt, options: GenerationOptions(sampling: .greedy, maximumResponseTokens: 60))
            let elapsed = ContinuousClock.now - started
            let result = Result(
                request: request, calls: outcome?.toolCalls ?? [], answer: outcome?.value,
                seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
            results.append(result)
            print(
                "\(request.id) [\(request.split)] chose \(result.chose) (want \(request.expect))"
                    + " \(result.calls.map(\.fact)) → \(TerminalText.escaped(result.answer ?? "(no answer)"))")
        }
        report(results)
    }

    func report(_ results: [Result]) {
        print("\ntools — embedded default, greedy, \(results.count) requests")
        print(
            "kind        | split | n  | right tool | right arguments | answer uses the result | calls/request | p50 s")
        for kind in ["needed", "not needed", "two offered"] {
            for split in ["dev", "test"] {
                let rows = results.filter { $0.request.kind == kind && $0.request.split == split }
                guard !rows.isEmpty else { continue }
                func share(_ test: (Result) -> Bool) -> String { "\(rows.filter(test).count)/\(rows.count)" }
                let seconds = rows.map(\.seconds).sorted()
                let calls = Double(rows.map(\.calls.count).reduce(0, +)) / Double(rows.count)
                print(
                    "\(kind.padding(toLength: 11, withPad: " ", startingAt: 0)) | \(split)  | \(rows.count) "
                        + " | \(share(\.rightTool)) | \(share(\.rightArguments)) | \(share(\.answerUsesResult))"
                        + " | \(String(format: "%.2f", calls)) | \(String(format: "%.1f", seconds[seconds.count / 2]))")
            }
        }
    }
}
