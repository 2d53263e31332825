import Foundation
import GuidedBackends
import GuidedCommandLine
import GuidedConfigurationFile

extension QualityBenchmark {
    /// `guided-bench quality [options]`: the settings from `arguments`, then the run.
    static func run(_ arguments: BenchArguments) async {
        func count(_ option: BenchOption) -> Int? { BenchUsage.count(option, in: arguments) }
        var settings = QualitySettings()
        if let count = count(.candidates) { settings.candidates = count }
        if let count = count(.batch) { settings.batch = count }
        if let seed = BenchUsage.checked({ () throws(UsageError) in try arguments.integer(.seed, in: 0...Int.max) }) {
            settings.seed = UInt64(seed)
        }
        if let penalty = BenchUsage.checked({ () throws(UsageError) in
            try arguments.number(.repetitionPenalty, allowed: "0 or more") { $0 >= 0 }
        }) {
            settings.repetitionPenalty = penalty
        }
        if arguments.flag(.noGrounded) { settings.grounded = false }
        if arguments.flag(.noQualityChecks) { settings.qualityChecks = false }
        settings.verbose = arguments.flag(.verbose)
        if let flow = arguments.value(.flow) { settings.flow = flow }
        settings.defaultPath = arguments.value(.path) == "default"
        settings.recordPath = arguments.value(.record)
        if arguments.flag(.noEarlyStop) { settings.stopsEarly = false }
        if let slots = count(.slots) { settings.slots = slots }
        if let concurrency = count(.concurrency) { settings.concurrency = concurrency }
        if let temperature = BenchUsage.checked({ () throws(UsageError) in
            try arguments.number(.temperature, allowed: "from 0 to 2") { (0...2).contains($0) }
        }) {
            settings.temperature = temperature
        }
        if arguments.flag(.noAdapter) { settings.adapters = false }
        if arguments.flag(.stepSense) { settings.stepSense = true }
        settings.model = arguments.value(.model)
        if let threshold = BenchUsage.checked({ () throws(UsageError) in
            try arguments.number(.judgeThreshold, allowed: "from 0 to 1") { Judge.thresholdRange.contains($0) }
        }) {
            settings.judgeThreshold = threshold
            if let question = arguments.value(.judgeQuestion) { settings.judgeQuestion = question }
            do {
                settings.judgeExamples = JudgeBenchmark.examples(
                    count(.judgeExamples) ?? 4, from: try StepLabels.entries(),
                    requests: try JudgeRequests(corpus: try QualityCorpus.load()))
            } catch {
                print("guided-bench quality: cannot read the judge's examples: \(error)")
                exit(1)
            }
        }
        if let examples = BenchUsage.checked({ () throws(UsageError) in
            try arguments.choice(.stepExamples, of: DefaultPathFlows.StepExamples.self)
        }) {
            settings.stepExamples = examples
        }
        await QualityBenchmark(
            split: arguments.value(.split) ?? "all", limit: count(.limit) ?? .max, settings: settings
        ).run()
    }
}
