import GuidedCommandLine

/// The benchmarks of `guided-bench`, each with what it measures. Run in release mode on a quiet
/// machine: `swift run -c release guided-bench grammar`.
enum BenchCommand: String, CommandLineCommand {
    case grammar, realworld, backends, engines, router, grounded, text, faults, soak, throughput, processes
    case adversarial, judge, labels, quality, tools

    var operands: String { "" }

    var summary: String {
        switch self {
        case .grammar:
            "compile speed, coverage and conformance of the grammar compiler on the JSONSchemaBench corpus and"
                + " the conformance instances"
        case .realworld:
            "on real-world schemas' valid and invalid instances, how often Guided's grammar and llama.cpp's"
                + " converter accept exactly the valid ones, per split"
        case .backends:
            "live generation speed per token with Guided's grammar (as sent, and without its completion frame),"
                + " llama-server's own json_schema and no constraint"
        case .engines:
            "the same against a running vLLM: Guided's grammar as structured_outputs.grammar against vLLM's own"
                + " JSON grammar and none"
        case .router:
            "the router's own cost per request against an in-process backend, and the time to a validated"
                + " fallback when the first backend is down"
        case .grounded: "what grounded decoding costs per generated token, against the plain grammar of the same schema"
        case .text:
            "instruction following over the committed prompts, per model: answers that pass their checks, that a"
                + " reader keeps, and both; latency"
        case .faults: "the fault matrix: every chaos fault × backend kind through the router"
        case .soak:
            "the live soak (2,000 requests by default) and the scripted one (100,000), counting lost requests,"
                + " memory, descriptors and threads"
        case .throughput:
            "requests/s and tokens/s at concurrency 1, 2, 4, 8 against one server with 1 slot, one with 4, and two"
                + " replicas behind a pool"
        case .processes:
            "many guided generate processes on one embedded llama-server: whether each shipped the model's words,"
                + " its reason and wall time, and whether any was lost"
        case .adversarial:
            "adversarial schemas through the release guided tool (time and peak memory each), their grammars"
                + " through a live llama-server"
        case .judge:
            "the judge's scores of the labelled steps, step lists and notifications: AUC per kind and split, and"
                + " the precision and coverage at each threshold"
        case .labels:
            "the checks against the reader labels (per split), or a recorded run's outputs with their labels"
        case .tools:
            "the committed tool requests on the embedded model: the right tool chosen (none where none fits),"
                + " its arguments, and an answer that uses the result; calls per request and p50"
        case .quality:
            "the Senba flows or the default path end to end: what ships, what a reader keeps, candidates and"
                + " latency, per flow and split"
        }
    }
}
