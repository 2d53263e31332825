/// Every option of `guided`, declared once: its spelling, whether it takes a value, and the
/// commands that take it. Parsing (``ParsedArguments``), each command's allowed options (a stray
/// one is a usage error naming it, never accepted and ignored) and the look-ups
/// (`arguments.value(.prompt)`) all come from here, so an option cannot be parsed by one list and
/// refused by another, and a misspelt look-up does not compile. The help (``Usage``) is checked
/// against this table by `OptionTableTests`.
enum Option: String, CaseIterable, Sendable {
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

    /// The commands that take options.
    enum Command: String, CaseIterable, Sendable {
        case validate, schema, compile, generate, respond, chat, backends, models
    }

    /// Whether the option takes a value (`--prompt TEXT`) or stands alone (`--json`).
    var takesValue: Bool {
        switch self {
        case .strict, .allowUnsupported, .grounded, .greedy, .wholeSentences, .noQualityChecks, .stream, .json:
            false
        default: true
        }
    }

    /// The commands that take the option.
    var commands: Set<Command> {
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
        }
    }

    /// The option spelt `name`, if `guided` has one.
    init?(spelling name: String) { self.init(rawValue: name) }

    /// The options `command` takes; nil for a command that is not in the table (it takes none).
    static func taken(by command: String) -> Set<Option>? {
        Command(rawValue: command).map { command in Set(allCases.filter { $0.commands.contains(command) }) }
    }
}
