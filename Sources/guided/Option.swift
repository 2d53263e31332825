import GuidedCommandLine

/// Every option of `guided`, declared once: its spelling, its value, the commands that take and
/// need it, and its help. Parsing (``ParsedArguments``), each command's allowed options (a stray
/// one is a usage error naming it, never accepted and ignored), the look-ups
/// (`arguments.value(.prompt)`, a misspelt one does not compile) and the help (``Usage``) all
/// come from here.
enum Option: String, CommandLineOption {
    // Reading a schema.
    case strict = "--strict"
    case allowUnsupported = "--allow-unsupported"
    // What to generate and from what.
    case schema = "--schema"
    case prompt = "--prompt"
    case instructions = "--instructions"
    case type = "--type"
    case grounding = "--grounding"
    case grounded = "--grounded"
    case examples = "--examples"
    case fallback = "--fallback"
    // Where it runs.
    case backend = "--backend"
    case config = "--config"
    // Sampling and length.
    case temperature = "--temperature"
    case greedy = "--greedy"
    case topK = "--top-k"
    case topP = "--top-p"
    case seed = "--seed"
    case maxTokens = "--max-tokens"
    case stop = "--stop"
    case wholeSentences = "--whole-sentences"
    // Candidates and checks.
    case candidates = "--candidates"
    case noQualityChecks = "--no-quality-checks"
    case minWords = "--min-words"
    case judgeThreshold = "--judge-threshold"
    // Output.
    case stream = "--stream"
    case json = "--json"
    case format = "--format"
    case whitespace = "--whitespace"
    case out = "--out"
    // Tools.
    case demoTools = "--demo-tools"

    var valueName: String? {
        switch self {
        case .strict, .allowUnsupported, .grounded, .greedy, .wholeSentences, .noQualityChecks, .stream, .json,
            .demoTools:
            nil
        case .schema: "SCHEMA"
        case .prompt, .instructions, .stop: "TEXT"
        case .type, .backend: "NAME"
        case .grounding: "FACTS"
        case .examples, .fallback, .config: "FILE"
        case .temperature, .judgeThreshold: "T"
        case .topK: "K"
        case .topP: "P"
        case .seed: "S"
        case .maxTokens, .candidates, .minWords: "N"
        case .format: "gbnf|json-schema|json-schema-strict|swift"
        case .whitespace: "compact|pretty"
        case .out: "DIR"
        }
    }

    var commands: Set<GuidedCommand> {
        switch self {
        case .strict, .allowUnsupported: [.validate, .schema, .compile, .generate]
        case .grounded: [.schema, .compile, .generate]
        case .grounding: [.compile, .generate]
        case .format, .whitespace, .out: [.compile]
        case .schema, .type, .examples, .fallback, .candidates, .noQualityChecks, .minWords, .judgeThreshold:
            [.generate]
        case .prompt, .temperature, .greedy, .topK, .topP, .seed, .maxTokens, .stream: [.generate, .respond]
        case .stop, .wholeSentences: [.respond]
        case .instructions, .backend: [.generate, .respond, .chat]
        case .config: [.generate, .respond, .chat, .backends]
        case .json: [.generate, .respond, .models]
        case .demoTools: [.chat]
        }
    }

    var required: Set<GuidedCommand> {
        switch self {
        case .schema: [.generate]
        case .prompt: [.generate, .respond]
        default: []
        }
    }

    var help: String {
        switch self {
        case .strict:
            "refuse keywords JSON Schema makes annotations (unknown keywords, x- extensions, other drafts' keywords,"
                + " unknown formats) instead of listing them as ignored"
        case .allowUnsupported: "accept keywords Guided cannot enforce or check, as warnings"
        case .schema: "the JSON Schema file the output satisfies"
        case .prompt: "the request, as the person wrote it"
        case .instructions: "what the model is told before the prompt: a role, a tone, rules to follow"
        case .type:
            "the output type's name in the configuration's outputs and routes (default: the schema file's name"
                + " without .json)"
        case .grounding:
            "facts, one per line: rendered into the prompt and checked (compile: the vocabulary --grounded"
                + " compiles with)"
        case .grounded:
            "numbers, dates, ordinals and names only from the facts, enforced by the grammar (schema: print the"
                + " schema for grounded decoding, in the grammar and for servers)"
        case .examples:
            "worked examples [{input, facts, output}] replacing the schema file's (examples, x-guided-examples)"
                + " or the derived ones"
        case .fallback:
            "the value (JSON the schema admits) that ships when no output passes, instead of the configured one;"
                + " checked against the schema before anything is sent"
        case .backend: "the configured backend to use, instead of the route"
        case .config:
            "the configuration file (default: $GUIDED_CONFIG, else ./guided.json, else the embedded model)"
        case .temperature: "how far sampling strays from the likeliest token, from 0 to 2"
        case .greedy: "always the likeliest token (one of --greedy, --top-k, --top-p)"
        case .topK: "sample among the K likeliest tokens"
        case .topP: "sample among the likeliest tokens whose probabilities add up to P (0 to 1)"
        case .seed: "a seed for sampling: the same seed, prompt and settings give the same output (top-k 40 alone)"
        case .maxTokens: "at most N tokens per output (respond: the answer cut there ships marked truncated)"
        case .stop: "the answer ends where TEXT would begin"
        case .wholeSentences: "an answer cut by --max-tokens keeps its last whole sentence"
        case .candidates: "generate N per attempt (1 to 16) and ship the best that passes"
        case .noQualityChecks: "skip the person-level checks on free text"
        case .minWords: "the fewest words per string; with it, no two items alike"
        case .judgeThreshold:
            "a judge ships only a candidate its model scores at T (0 to 1) or more, else the fallback"
                + " (judgeRefused)"
        case .stream: "print the output as it grows"
        case .json:
            "print JSON: generate {value, source, backend, reason, attempts}; respond {text, source, backend,"
                + " reason, truncated, tokens, attempts}; models the catalogue scripts/setup-model reads"
        case .format:
            "llama.cpp GBNF (the default), JSON Schema for servers (strict: as OpenAI's strict mode takes it), or"
                + " the Swift type the schema declares, with its grammar"
        case .whitespace: "the JSON's whitespace the grammar admits: none between tokens (the default) or pretty"
        case .out: "write one file per schema into DIR (needed for several schemas)"
        case .demoTools:
            "offer the model two tools, current_date and calculator, and show each call it makes after the"
                + " answer"
        }
    }
}

/// The arguments of a `guided` command, parsed by ``Option``'s table.
typealias ParsedArguments = ParsedCommandLine<Option>
