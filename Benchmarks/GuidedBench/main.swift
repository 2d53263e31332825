import Foundation
import Guided
import GuidedManagedServer

/// `guided-bench grammar [--repeat N]`: compile speed, coverage and conformance of the grammar
/// compiler on the JSONSchemaBench corpus and the conformance instances.
/// `guided-bench realworld`: on real-world schemas' valid and invalid instances, how often Guided's
/// grammar and llama.cpp's converter accept exactly the valid ones, per split.
/// `guided-bench backends [--rounds N]`: live generation speed per token with Guided's grammar (as sent,
/// and without its completion frame), llama-server's
/// own json_schema and no constraint.
/// `guided-bench engines --url URL [--model NAME] [--rounds N]`: the same against a running vLLM,
/// Guided's grammar as `structured_outputs.grammar` against vLLM's own JSON grammar and none.
/// `guided-bench faults`: the fault matrix (every chaos fault × backend kind through the router).
/// `guided-bench soak [--live-only|--scripted-only] [--requests N] [--scripted-requests N]`: the live
/// soak (2,000 requests by default) and the scripted one (100,000), counting lost requests, memory,
/// descriptors and threads.
/// `guided-bench throughput [--requests N]`: requests/s and tokens/s at concurrency 1, 2, 4, 8 against
/// one server with 1 slot, one with 4, and two replicas behind a pool.
/// `guided-bench adversarial [--guided PATH] [--no-live]`: adversarial schemas through the release
/// `guided` tool (time and peak memory each), their grammars through a live llama-server.
/// `guided-bench text [--models A,B] [--split dev|test|all] [--sampling greedy|top-k|top-p] [--record FILE] [--run FILE] [--score FILE]`:
/// instruction following over the committed prompts, per model: answers that pass their checks,
/// that a reader keeps, and both; latency.
/// Run in release mode on a quiet machine: `swift run -c release guided-bench grammar`.
let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "backends":
    let rounds = arguments.firstIndex(of: "--rounds").flatMap { Int(arguments[$0 + 1]) } ?? 5
    await BackendBenchmark(rounds: rounds).run()
case "engines":
    func value(_ name: String) -> String? {
        arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
    }
    guard let url = value("--url") else {
        print("usage: guided-bench engines --url http://127.0.0.1:PORT/v1 [--model NAME] [--rounds N]")
        exit(2)
    }
    await EngineBenchmark(
        url: url, model: value("--model") ?? "gemma-3-270m", rounds: value("--rounds").flatMap(Int.init) ?? 5
    ).run()
case "router":
    let iterations = arguments.firstIndex(of: "--iterations").flatMap { Int(arguments[$0 + 1]) } ?? 500
    await RouterBenchmark(iterations: iterations).run()
case "quality":
    func value(_ name: String) -> String? {
        arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
    }
    var settings = QualitySettings()
    if let text = value("--candidates"), let count = Int(text) { settings.candidates = count }
    if let text = value("--batch"), let count = Int(text) { settings.batch = count }
    if let text = value("--seed"), let seed = UInt64(text) { settings.seed = seed }
    if let text = value("--repetition-penalty"), let penalty = Double(text) { settings.repetitionPenalty = penalty }
    if arguments.contains("--no-grounded") { settings.grounded = false }
    if arguments.contains("--no-quality-checks") { settings.qualityChecks = false }
    settings.verbose = arguments.contains("--verbose")
    if let flow = value("--flow") { settings.flow = flow }
    settings.defaultPath = value("--path") == "default"
    settings.recordPath = value("--record")
    if arguments.contains("--no-early-stop") { settings.stopsEarly = false }
    if let text = value("--slots"), let slots = Int(text), slots > 0 { settings.slots = slots }
    if let text = value("--concurrency"), let count = Int(text), count > 0 { settings.concurrency = count }
    if let text = value("--temperature"), let temperature = Double(text) { settings.temperature = temperature }
    if arguments.contains("--no-adapter") { settings.adapters = false }
    if arguments.contains("--step-sense") { settings.stepSense = true }
    settings.model = value("--model")
    if let text = value("--judge-threshold") {
        guard let threshold = Double(text), JudgeSetting.thresholdRange.contains(threshold) else {
            print("guided-bench quality: --judge-threshold takes a number from 0 to 1")
            exit(2)
        }
        settings.judgeThreshold = threshold
        if let question = value("--judge-question") { settings.judgeQuestion = question }
        do {
            settings.judgeExamples = JudgeBenchmark.examples(
                value("--judge-examples").flatMap { Int($0) } ?? 4, from: try StepLabels.entries(),
                requests: try JudgeRequests(corpus: try QualityCorpus.load()))
        } catch {
            print("guided-bench quality: cannot read the judge's examples: \(error)")
            exit(1)
        }
    }
    if let text = value("--step-examples") {
        guard let examples = DefaultPathFlows.StepExamples(rawValue: text) else {
            print("guided-bench quality: --step-examples takes schema, none or nearest")
            exit(2)
        }
        settings.stepExamples = examples
    }
    await QualityBenchmark(
        split: value("--split") ?? "all", limit: value("--limit").flatMap { Int($0) } ?? .max, settings: settings
    ).run()
case "labels":
    func value(_ name: String) -> String? {
        arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
    }
    if let run = value("--run") {
        do { try RecordedRunReport(path: run).print() } catch {
            FileHandle.standardError.write(Data("guided-bench labels: \(error)\n".utf8))
            exit(1)
        }
    } else {
        LabelledChecksBenchmark(verbose: arguments.contains("--verbose"), split: value("--split") ?? "dev").run()
    }
case "text":
    func value(_ name: String) -> String? {
        arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
    }
    if let path = value("--score") {
        TextBenchmark.score(path)
        exit(0)
    }
    if let path = value("--run") {
        TextBenchmark.report(run: path)
        exit(0)
    }
    let models =
        value("--models").map { $0.split(separator: ",").map(String.init) }
        ?? [ModelCatalogue.defaultModel, "gemma-3-270m"]
    await TextBenchmark(
        models: models, split: value("--split") ?? "all", sampling: value("--sampling") ?? "greedy",
        recordPath: value("--record")
    ).run()
case "judge":
    func value(_ name: String) -> String? {
        arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
    }
    if let path = value("--report") {
        do { JudgeBenchmark.report(try JudgeScores.load(path: path)) } catch {
            JudgeBenchmark.fail("\(error)")
        }
        exit(0)
    }
    var benchmark = JudgeBenchmark()
    if let question = value("--question") { benchmark.judge.question = question }
    benchmark.model = value("--model")
    benchmark.split = value("--split") ?? "all"
    if let text = value("--rejects"), let count = Int(text) { benchmark.rejectsPerSplit = count }
    benchmark.writePath = value("--write")
    benchmark.only = value("--only")
    if let text = value("--step-rejects"), let count = Int(text) { benchmark.stepRejectsPerSplit = count }
    if let text = value("--examples"), let count = Int(text) { benchmark.examplesPerLabel = count }
    await benchmark.run()
case "grounded":
    let rounds = arguments.firstIndex(of: "--rounds").flatMap { Int(arguments[$0 + 1]) } ?? 3
    await GroundedDecodingBenchmark(rounds: rounds).run()
case "faults":
    var matrix = FaultMatrix()
    let ok = await matrix.run()
    exit(ok ? 0 : 1)
case "soak":
    func number(_ name: String) -> Int? {
        arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? Int(arguments[$0 + 1]) : nil }
    }
    var ok = true
    if !arguments.contains("--scripted-only") {
        var live = LiveSoak()
        if let requests = number("--requests") { live.requests = requests }
        if let concurrency = number("--concurrency") { live.concurrency = concurrency }
        if let every = number("--every") { live.every = every }
        if let minutes = number("--minutes") { live.minutes = Double(minutes) }
        ok = await live.run() && ok
    }
    if !arguments.contains("--live-only") {
        var scripted = ScriptedSoak()
        if let requests = number("--scripted-requests") { scripted.requests = requests }
        ok = await scripted.run() && ok
    }
    exit(ok ? 0 : 1)
case "throughput":
    var benchmark = ThroughputBenchmark()
    if let index = arguments.firstIndex(of: "--requests"), index + 1 < arguments.count,
        let count = Int(arguments[index + 1])
    {
        benchmark.requests = count
    }
    exit(await benchmark.run() ? 0 : 1)
case "processes":
    func value(_ name: String) -> String? {
        arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
    }
    var benchmark = ProcessesBenchmark()
    if let text = value("--processes") { benchmark.counts = text.split(separator: ",").compactMap { Int($0) } }
    if let text = value("--requests"), let count = Int(text), count > 0 { benchmark.requestsPerProcess = count }
    if let text = value("--slots"), let count = Int(text), count > 0 { benchmark.slots = count }
    if let path = value("--guided") { benchmark.guided = path }
    benchmark.shared = arguments.contains("--shared")
    await benchmark.run()
case "adversarial":
    let guided =
        arguments.firstIndex(of: "--guided").flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
        ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("guided")
        .path
    await AdversarialBenchmark(guided: guided, live: !arguments.contains("--no-live")).run()
case "realworld":
    RealWorldGrammarBenchmark().run()
case "grammar":
    let repeats = arguments.firstIndex(of: "--repeat").flatMap { Int(arguments[$0 + 1]) } ?? 5
    GrammarBenchmark(repeats: repeats).run()
default:
    FileHandle.standardError.write(
        Data(
            "usage: guided-bench grammar [--repeat N] | realworld | backends [--rounds N] | engines --url URL [--model NAME] [--rounds N] | router [--iterations N] | grounded [--rounds N] | text [--models A,B] [--split dev|test|all] [--sampling greedy|top-k|top-p] [--record FILE] [--run FILE] [--score FILE] | faults | soak [--live-only|--scripted-only] [--requests N] [--scripted-requests N] [--concurrency N] [--every N] [--minutes M] | throughput [--requests N] | processes [--processes 1,4,16] [--requests M] [--slots S] [--shared] [--guided PATH] | adversarial [--guided PATH] [--no-live] | judge [--question TEXT] [--model NAME] [--split dev|test|all] [--rejects N] [--step-rejects N] [--only step|steps|notification] [--examples N] [--write FILE] | judge --report FILE | labels [--verbose] [--split dev|test|all] [--run RECORDED-FILE] | quality [--split dev|test|all] [--limit N] [--candidates N] [--batch N] [--seed S] [--repetition-penalty P] [--temperature T] [--flow steps|notification] [--path flows|default] [--record FILE] [--no-early-stop] [--slots N] [--concurrency N] [--no-adapter] [--step-sense] [--model NAME] [--step-examples schema|none|nearest] [--judge-threshold T [--judge-question TEXT] [--judge-examples N]] [--verbose] [--no-grounded] [--no-quality-checks]\n"
                .utf8))
    exit(2)
}
