import CanonicalSchemas
import Foundation
import Guided
import GuidedManagedServer
import SenbaFlows
import Synchronization

/// `guided-bench quality`: the Senba flows on the embedded model over the committed corpus,
/// reported per flow and split — the share of requests whose value came from the model, the
/// fallback share and its reasons, shipped outputs with an invented specific (checked by
/// ``InventedSpecifics``, independently of the validators), shipped outputs failing a
/// person-level check (run again on what shipped), and p50/p95 latency per request.
struct QualityBenchmark {
    /// A flow report that carries no value: the step suggester's "no suggestion".
    static let noValue = FlowReport.Source.none

    var split: String
    var limit: Int
    var settings: QualitySettings

    /// What one request came to.
    struct Record {
        var flow: String
        var id: String
        var split: String
        var fromModel: Bool
        var reason: String?
        var shipped: String
        var invented: [String]
        var personFailures: [String]
        var milliseconds: Double
        var candidates: Int
        /// Every candidate's verdict code, in order (`passed`, `rejected:fragment/tooShort`, …).
        var verdicts: [String]
        /// Every candidate's verdict with its output and rejections, for `--verbose`.
        var details: [String]
        /// Every candidate whose output could be read, as a reader sees it, with its verdict.
        var outputs: [CandidateOutput]
        /// How many candidates the backend stopped while generating (the early check).
        var stoppedEarly: Int
        /// How many candidates the judge scored.
        var judged: Int
    }

    func run() async {
        let corpus: QualityCorpus
        do { corpus = try QualityCorpus.load() } catch { return fail("cannot read the corpus: \(error)") }
        var serverSettings = ManagedLlamaServerBackend.Settings()
        serverSettings.slots = settings.slots
        serverSettings.model = settings.model
        let model = settings.model ?? ModelCatalogue.defaultModel
        let backend = ManagedLlamaServerBackend(name: "embedded", settings: serverSettings)
        let availability = await backend.availability()
        guard availability.isAvailable else { return fail("the embedded model cannot serve: \(availability)") }
        let configuration = GuidedConfiguration(backends: [backend])
        let flows = SenbaQualityFlows(configuration: configuration, settings: settings)
        var overrides = GenerationOptions()
        overrides.temperature = settings.temperature
        overrides.repetitionPenalty = settings.repetitionPenalty
        let plain = DefaultPathFlows(
            configuration: configuration, flows: flows, overrides: overrides, usesAdapters: settings.adapters,
            checksStepSense: settings.stepSense, stepExamples: settings.stepExamples,
            stepJudge: settings.judgeThreshold.map { threshold in
                var judge = Judge(threshold: threshold, question: settings.judgeQuestion)
                judge.examples = settings.judgeExamples
                return judge
            })
        if settings.defaultPath {
            print(
                "quality benchmark — the default path (guided generate with only --schema --prompt --instructions --grounding --fallback) on \(model) (embedded llama-server)"
                    + (settings.temperature.map { ", temperature \($0) (swept)" } ?? "")
                    + (settings.repetitionPenalty.map { ", repetition penalty \($0) (swept)" } ?? "")
                    + (settings.adapters ? "" : ", no adapter (the schemas' x-guided-adapter ignored)")
                    + (settings.stepSense ? ", with the step-sense check" : "")
                    + (settings.judgeThreshold.map {
                        ", steps judged at \($0) (\(settings.judgeExamples.count) worked examples): \(settings.judgeQuestion)"
                    } ?? "")
                    + (settings.stepExamples == .schema ? "" : ", step examples: \(settings.stepExamples)"))
        } else {
            print("quality benchmark — Senba flows on \(model) (embedded llama-server), \(settings)")
        }
        if settings.slots != serverSettings.slots || settings.concurrency > 1 {
            print("load: \(settings.slots)-slot server, \(settings.concurrency) requests in flight at once")
        }
        var jobs: [@Sendable () async -> Record] = []
        let defaultPath = settings.defaultPath
        for request in selected(corpus.steps) where settings.flow != "notification" {
            jobs.append { defaultPath ? await plain.steps(request) : await flows.steps(request) }
        }
        for request in selected(corpus.notifications) where settings.flow != "steps" {
            jobs.append { defaultPath ? await plain.notification(request) : await flows.notification(request) }
        }
        let queued = jobs
        let finished = Mutex([Record?](repeating: nil, count: queued.count))
        await Concurrently.run(queued.count, width: settings.concurrency) { index in
            let record = await queued[index]()
            progress(record)
            finished.withLock { $0[index] = record }
        }
        let records = finished.withLock { $0.map { $0! } }
        await backend.shutdown()
        print("")
        QualityReport(records: records).print()
        let labels: ReaderLabels
        do { labels = try ReaderLabels.load() } catch { return fail("cannot read the reader labels: \(error)") }
        ReaderLabelReport(records: records, labels: labels).print()
        if let path = settings.recordPath {
            do { try CandidateRecording(records: records).write(to: path) } catch {
                return fail("cannot write \(path): \(error)")
            }
            print("\nrecorded every readable candidate to \(path)")
        }
    }

    private func selected(_ requests: [QualityCorpus.Request]) -> [QualityCorpus.Request] {
        Array(requests.filter { split == "all" || $0.split == split }.prefix(limit))
    }

    private func progress(_ record: Record) {
        let source = record.fromModel ? "model" : "fallback(\(record.reason ?? "?"))"
        let flags =
            (record.invented.isEmpty ? "" : " INVENTED \(record.invented)")
            + (record.personFailures.isEmpty ? "" : " PERSON \(record.personFailures)")
        print(String(format: "  %@ %6.0f ms %@: %@%@", record.id, record.milliseconds, source, record.shipped, flags))
        if settings.verbose {
            for detail in record.details { print("      " + detail) }
        }
    }

    private func fail(_ message: String) {
        FileHandle.standardError.write(Data("guided-bench quality: \(message)\n".utf8))
        exit(1)
    }
}

/// The knobs the benchmark turns, printed with its results.
struct QualitySettings: CustomStringConvertible {
    var candidates = 6
    var batch = 2
    var grounded = true
    var qualityChecks = true
    /// Nil: each flow's own (``FlowDefaults``).
    var repetitionPenalty: Double?
    var seed: UInt64 = 1
    var verbose = false
    var flow = "all"
    /// Nil: each flow's own (``FlowDefaults``).
    var temperature: Double?
    /// `--path default`: the call a new user writes (``DefaultPathFlows``) instead of the flows.
    var defaultPath = false
    /// `--record FILE`: every readable candidate as JSON Lines, for labelling.
    var recordPath: String?
    /// `--no-early-stop`: every candidate runs to its end (the baseline of the early stop).
    var stopsEarly = true
    /// `--slots N`: the embedded server's slots (`-np`); 4 by default, as the framework starts it.
    var slots = ManagedLlamaServerBackend.Settings().slots
    /// `--concurrency N`: requests in flight at once, each the others' load on the one server.
    var concurrency = 1
    /// `--no-adapter`: the default path ignores the schema files' adapters (`x-guided-adapter`),
    /// so the base model is shown the examples: the baseline the adapter is measured against.
    var adapters = true
    /// `--step-sense`: the default path with the step-sense check (`StepSense`), which is opt-in.
    var stepSense = false
    /// `--model NAME`: the catalogue model the embedded server runs; nil for the default.
    var model: String?
    /// `--judge-threshold T`: on the default path, a judge (``Judge``, one question per step)
    /// ranks the step candidates that pass and ships the best at or above T; nil: no judge.
    var judgeThreshold: Double?
    /// `--judge-question TEXT`: the judge's question.
    var judgeQuestion = JudgeBenchmark.stepQuestion
    /// `--judge-examples N`: the judge is shown N kept and N rejected dev steps (4 by default,
    /// the committed few-shot runs' number), never a test label.
    var judgeExamples: [Judge.Example] = []
    /// `--step-examples schema|none|nearest`: on the default path, the steps are shown the schema
    /// file's examples (as a user does), none (zero-shot), or the three of the repository's written
    /// step lists (`adapters/next-steps`) nearest the request (``ExampleSelection``).
    var stepExamples = DefaultPathFlows.StepExamples.schema

    var description: String {
        "candidates \(candidates) in batches of \(batch)\(stopsEarly ? "" : " (no early stop)"), grounded decoding \(grounded ? "on" : "off"), person-level checks \(qualityChecks ? "on" : "off"), repetition penalty \(repetitionPenalty.map { "\($0)" } ?? "the flow's (steps \(FlowDefaults.steps.repetitionPenalty ?? 0), notifications \(FlowDefaults.notification.repetitionPenalty.map { "\($0)" } ?? "the framework's"))"), seed \(seed)"
    }
}
