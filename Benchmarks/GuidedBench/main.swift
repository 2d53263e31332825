import Foundation
import Guided
import GuidedCommandLine
import GuidedManagedServer

/// `guided-bench <benchmark> [options]`: the benchmarks and their options are declared once, in
/// ``BenchCommand`` and ``BenchOption``; `guided-bench --help` prints them.
/// Run in release mode on a quiet machine: `swift run -c release guided-bench grammar`.
let all = Array(CommandLine.arguments.dropFirst())
if ["-h", "--help", "help"].contains(all.first ?? "") {
    print(all.dropFirst().first.flatMap(BenchCommand.init).map(BenchUsage.text(for:)) ?? BenchUsage.text)
    exit(0)
}
guard let command = all.first.flatMap(BenchCommand.init) else {
    BenchUsage.fail(
        UsageError(all.first.map { "error: no benchmark named \($0)" } ?? "error: name a benchmark", showsUsage: true))
}
let arguments = BenchUsage.checked { () throws(UsageError) in
    try BenchArguments(Array(all.dropFirst()), for: command)
}
/// A count from 1 up, when given.
func count(_ option: BenchOption) -> Int? { BenchUsage.count(option, in: arguments) }

switch command {
case .backends:
    await BackendBenchmark(rounds: count(.rounds) ?? 5).run()
case .engines:
    guard let url = arguments.value(.url) else {
        BenchUsage.fail(UsageError("error: engines needs --url URL", showsUsage: true))
    }
    await EngineBenchmark(url: url, model: arguments.value(.model) ?? "gemma-3-270m", rounds: count(.rounds) ?? 5)
        .run()
case .router:
    await RouterBenchmark(iterations: count(.iterations) ?? 500).run()
case .quality:
    await QualityBenchmark.run(arguments)
case .labels:
    if let run = arguments.value(.run) {
        do { try RecordedRunReport(path: run).print() } catch {
            FileHandle.standardError.write(Data("guided-bench labels: \(error)\n".utf8))
            exit(1)
        }
    } else {
        LabelledChecksBenchmark(verbose: arguments.flag(.verbose), split: arguments.value(.split) ?? "dev").run()
    }
case .text:
    if let path = arguments.value(.score) {
        TextBenchmark.score(path)
        exit(0)
    }
    if let path = arguments.value(.run) {
        TextBenchmark.report(run: path)
        exit(0)
    }
    await TextBenchmark(
        models: arguments.list(.models) ?? [ModelCatalogue.defaultModel, "gemma-3-270m"],
        split: arguments.value(.split) ?? "all", sampling: arguments.value(.sampling) ?? "greedy",
        recordPath: arguments.value(.record)
    ).run()
case .judge:
    if let path = arguments.value(.report) {
        do { JudgeBenchmark.report(try JudgeScores.load(path: path)) } catch {
            JudgeBenchmark.fail("\(error)")
        }
        exit(0)
    }
    var benchmark = JudgeBenchmark()
    if let question = arguments.value(.question) { benchmark.judge.question = question }
    benchmark.model = arguments.value(.model)
    benchmark.split = arguments.value(.split) ?? "all"
    if let count = count(.rejects) { benchmark.rejectsPerSplit = count }
    benchmark.writePath = arguments.value(.write)
    benchmark.only = arguments.value(.only)
    if let count = count(.stepRejects) { benchmark.stepRejectsPerSplit = count }
    if let count = count(.examples) { benchmark.examplesPerLabel = count }
    await benchmark.run()
case .grounded:
    await GroundedDecodingBenchmark(rounds: count(.rounds) ?? 3).run()
case .faults:
    var matrix = FaultMatrix()
    let ok = await matrix.run()
    exit(ok ? 0 : 1)
case .soak:
    var ok = true
    if !arguments.flag(.scriptedOnly) {
        var live = LiveSoak()
        if let requests = count(.requests) { live.requests = requests }
        if let concurrency = count(.concurrency) { live.concurrency = concurrency }
        if let every = count(.every) { live.every = every }
        if let minutes = count(.minutes) { live.minutes = Double(minutes) }
        ok = await live.run() && ok
    }
    if !arguments.flag(.liveOnly) {
        var scripted = ScriptedSoak()
        if let requests = count(.scriptedRequests) { scripted.requests = requests }
        ok = await scripted.run() && ok
    }
    exit(ok ? 0 : 1)
case .throughput:
    var benchmark = ThroughputBenchmark()
    if let requests = count(.requests) { benchmark.requests = requests }
    exit(await benchmark.run() ? 0 : 1)
case .processes:
    var benchmark = ProcessesBenchmark()
    if let counts = arguments.list(.processes) {
        benchmark.counts = BenchUsage.checked { () throws(UsageError) in
            try counts.map { text throws(UsageError) in
                guard let count = Int(text), count > 0 else {
                    throw UsageError("error: --processes needs whole numbers from 1 up, not \(text)")
                }
                return count
            }
        }
    }
    if let requests = count(.requests) { benchmark.requestsPerProcess = requests }
    if let slots = count(.slots) { benchmark.slots = slots }
    if let path = arguments.value(.guided) { benchmark.guided = path }
    benchmark.shared = arguments.flag(.shared)
    await benchmark.run()
case .adversarial:
    let guided =
        arguments.value(.guided)
        ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("guided")
        .path
    await AdversarialBenchmark(guided: guided, live: !arguments.flag(.noLive)).run()
case .realworld:
    RealWorldGrammarBenchmark().run()
case .tools:
    await ToolBenchmark(split: arguments.value(.split) ?? "all").run()
case .grammar:
    GrammarBenchmark(repeats: count(.repeats) ?? 5).run()
}
