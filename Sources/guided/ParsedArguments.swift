/// Positional arguments and `--name value` / `--flag` options, parsed without surprises:
/// unknown options are errors.
struct ParsedArguments {
    private(set) var positional: [String] = []
    private var values: [String: String] = [:]
    private var flags: Set<String> = []

    static let valueOptions: Set<String> = [
        "--format", "--whitespace", "--out", "--schema", "--prompt", "--instructions", "--backend", "--config",
        "--type",
        "--temperature", "--top-k", "--top-p", "--seed", "--max-tokens", "--fallback", "--grounding", "--min-words",
        "--candidates", "--examples", "--stop", "--judge-threshold",
    ]
    static let flagOptions: Set<String> = [
        "--allow-unsupported", "--strict", "--greedy", "--stream", "--json", "--grounded", "--no-quality-checks",
        "--whole-sentences",
    ]

    init(_ arguments: [String]) throws(CommandFailure) {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if Self.valueOptions.contains(argument) {
                guard index + 1 < arguments.count else { throw .usage("error: \(argument) needs a value") }
                values[argument] = arguments[index + 1]
                index += 2
            } else if Self.flagOptions.contains(argument) {
                flags.insert(argument)
                index += 1
            } else if argument.hasPrefix("--") {
                throw .usage("error: unknown option \(argument)\n\n\(Usage.text)")
            } else {
                positional.append(argument)
                index += 1
            }
        }
    }

    /// Every option given (values and flags), in no particular order.
    var options: [String] { Array(values.keys) + Array(flags) }

    func value(_ option: String) -> String? { values[option] }
    func flag(_ option: String) -> Bool { flags.contains(option) }

    /// Exactly `count` positional arguments, or a usage error naming them.
    func expect(_ count: Int, _ names: String) throws(CommandFailure) -> [String] {
        guard positional.count == count else { throw .usage("error: expected \(names)\n\n\(Usage.text)") }
        return positional
    }
}
