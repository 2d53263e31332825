/// Positional arguments and `--name value` / `--flag` options, parsed without surprises:
/// unknown options are errors.
struct ParsedArguments {
    private(set) var positional: [String] = []
    private var values: [Option: String] = [:]
    private var flags: Set<Option> = []

    init(_ arguments: [String]) throws(CommandFailure) {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if let option = Option(spelling: argument) {
                if option.takesValue {
                    guard index + 1 < arguments.count else { throw .usage("error: \(argument) needs a value") }
                    values[option] = arguments[index + 1]
                    index += 2
                } else {
                    flags.insert(option)
                    index += 1
                }
            } else if argument.hasPrefix("--") {
                throw .usage("error: unknown option \(argument)\n\n\(Usage.text)")
            } else {
                positional.append(argument)
                index += 1
            }
        }
    }

    /// Every option given (values and flags), in no particular order.
    var options: [Option] { Array(values.keys) + Array(flags) }

    func value(_ option: Option) -> String? { values[option] }
    func flag(_ option: Option) -> Bool { flags.contains(option) }

    /// Exactly `count` positional arguments, or a usage error naming them.
    func expect(_ count: Int, _ names: String) throws(CommandFailure) -> [String] {
        guard positional.count == count else { throw .usage("error: expected \(names)\n\n\(Usage.text)") }
        return positional
    }
}
