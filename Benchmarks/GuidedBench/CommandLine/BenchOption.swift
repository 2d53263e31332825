import GuidedCommandLine

/// Every option of `guided-bench`, declared once (see `Option` of `guided`): parsing, each
/// benchmark's allowed options and the help come from this table.
enum BenchOption: String, CommandLineOption {
    // Corpus and sampling.
    case split = "--split"
    case limit = "--limit"
    case flow = "--flow"
    case only = "--only"
    case model = "--model"
    case models = "--models"
    case sampling = "--sampling"
    case seed = "--seed"
    case temperature = "--temperature"
    case repetitionPenalty = "--repetition-penalty"
    // Repetitions and load.
    case rounds = "--rounds"
    case repeats = "--repeat"
    case iterations = "--iterations"
    case requests = "--requests"
    case scriptedRequests = "--scripted-requests"
    case concurrency = "--concurrency"
    case every = "--every"
    case minutes = "--minutes"
    case processes = "--processes"
    case slots = "--slots"
    case shared = "--shared"
    case liveOnly = "--live-only"
    case scriptedOnly = "--scripted-only"
    case noLive = "--no-live"
    // Where it runs.
    case url = "--url"
    case guided = "--guided"
    // The default path and its checks.
    case path = "--path"
    case candidates = "--candidates"
    case batch = "--batch"
    case noEarlyStop = "--no-early-stop"
    case noAdapter = "--no-adapter"
    case stepSense = "--step-sense"
    case stepExamples = "--step-examples"
    case noGrounded = "--no-grounded"
    case noQualityChecks = "--no-quality-checks"
    // The judge.
    case judgeThreshold = "--judge-threshold"
    case judgeQuestion = "--judge-question"
    case judgeExamples = "--judge-examples"
    case question = "--question"
    case rejects = "--rejects"
    case stepRejects = "--step-rejects"
    case examples = "--examples"
    // Recorded runs.
    case record = "--record"
    case run = "--run"
    case score = "--score"
    case report = "--report"
    case write = "--write"
    case verbose = "--verbose"

    var valueName: String? {
        switch self {
        case .shared, .liveOnly, .scriptedOnly, .noLive, .noEarlyStop, .noAdapter, .stepSense, .noGrounded,
            .noQualityChecks, .verbose:
            nil
        case .split: "dev|test|all"
        case .flow: "steps|notification"
        case .only: "step|steps|notification"
        case .model: "NAME"
        case .models: "A,B"
        case .sampling: "greedy|top-k|top-p"
        case .seed: "S"
        case .temperature, .judgeThreshold: "T"
        case .repetitionPenalty: "P"
        case .minutes: "M"
        case .processes: "1,4,16"
        case .url: "URL"
        case .guided: "PATH"
        case .path: "flows|default"
        case .stepExamples: "schema|none|nearest"
        case .judgeQuestion, .question: "TEXT"
        case .record, .run, .score, .report, .write: "FILE"
        case .limit, .rounds, .repeats, .iterations, .requests, .scriptedRequests, .concurrency, .every, .slots,
            .candidates, .batch, .judgeExamples, .rejects, .stepRejects, .examples:
            "N"
        }
    }

    var commands: Set<BenchCommand> {
        switch self {
        case .split: [.text, .judge, .labels, .quality, .tools]
        case .limit, .flow, .path, .candidates, .batch, .noEarlyStop, .noAdapter, .stepSense, .stepExamples,
            .noGrounded, .noQualityChecks, .judgeThreshold, .judgeQuestion, .judgeExamples, .seed, .temperature,
            .repetitionPenalty:
            [.quality]
        case .only, .question, .rejects, .stepRejects, .examples, .report, .write: [.judge]
        case .model: [.engines, .judge, .quality]
        case .models, .sampling, .score: [.text]
        case .rounds: [.backends, .engines, .grounded]
        case .repeats: [.grammar]
        case .iterations: [.router]
        case .requests: [.soak, .throughput, .processes]
        case .scriptedRequests, .every, .minutes, .liveOnly, .scriptedOnly: [.soak]
        case .concurrency: [.soak, .quality]
        case .processes, .shared: [.processes]
        case .slots: [.processes, .quality]
        case .noLive: [.adversarial]
        case .url: [.engines]
        case .guided: [.processes, .adversarial]
        case .record: [.text, .quality]
        case .run: [.text, .labels]
        case .verbose: [.labels, .quality]
        }
    }

    var required: Set<BenchCommand> { self == .url ? [.engines] : [] }

    var help: String {
        switch self {
        case .split: "the corpus split to run: dev, test or all"
        case .limit: "at most N requests"
        case .flow: "only the step lists or only the notifications"
        case .only: "only single steps, step lists or notifications"
        case .model: "the catalogue model (engines: the served model's name)"
        case .models: "the catalogue models to compare, comma-separated"
        case .sampling: "greedy, top-k or top-p sampling"
        case .seed: "the first seed"
        case .temperature: "the sampling temperature, from 0 to 2"
        case .repetitionPenalty: "llama-server's DRY multiplier (0: off)"
        case .rounds: "runs per measurement"
        case .repeats: "compilations per schema"
        case .iterations: "requests through the router"
        case .requests: "requests in all (processes: per process)"
        case .scriptedRequests: "requests of the scripted soak"
        case .concurrency: "requests at once"
        case .every: "a sample of memory, descriptors and threads every N requests"
        case .minutes: "the live soak runs at least M minutes"
        case .processes: "the numbers of processes to measure, comma-separated"
        case .slots: "the server's slots"
        case .shared: "the processes share one embedded server"
        case .liveOnly: "only the live soak"
        case .scriptedOnly: "only the scripted soak"
        case .noLive: "no live llama-server: compile and time the grammars only"
        case .url: "the OpenAI-compatible server, http://127.0.0.1:PORT/v1"
        case .guided: "the guided tool to run (default: the one beside guided-bench)"
        case .path: "the Senba flows as written, or the default path an app gets"
        case .candidates: "candidates per attempt"
        case .batch: "candidates generated together"
        case .noEarlyStop: "every candidate runs to its end"
        case .noAdapter: "no adapter: the catalogue model alone"
        case .stepSense: "the step-sense check on"
        case .stepExamples: "the steps' examples: the schema's, none, or the nearest dev requests'"
        case .noGrounded: "no grounded decoding"
        case .noQualityChecks: "no person-level checks on free text"
        case .judgeThreshold: "judge the candidates and ship only one scored T (0 to 1) or more"
        case .judgeQuestion: "the judge's question, instead of the type's"
        case .judgeExamples: "labelled dev examples per label in the judge's prompt"
        case .question: "the judge's question"
        case .rejects: "rejected lists per split beside every keep"
        case .stepRejects: "rejected single steps per split beside every keep"
        case .examples: "labelled dev examples per label in the judge's prompt"
        case .record: "write every output to FILE, for blind labelling"
        case .run: "report a recorded run (labels: with its reader labels) instead of running"
        case .score: "score a recorded run's answers"
        case .report: "report the scores written by --write instead of running"
        case .write: "write every score to FILE"
        case .verbose: "print each request and its verdicts"
        }
    }
}

/// The arguments of a benchmark, parsed by ``BenchOption``'s table.
typealias BenchArguments = ParsedCommandLine<BenchOption>
