/// A command's arguments parsed by its tool's option table: positional operands, and
/// `--name value` / `--flag` options. An unknown `--option` is an error, never an operand; an
/// option's value is taken as given, even when it starts with `-` (`--prompt -h`).
public struct ParsedCommandLine<Option: CommandLineOption>: Sendable {
    /// The command the arguments are for.
    public let command: Option.Command
    /// The operands, in order.
    public private(set) var positional: [String] = []
    private var values: [Option: String] = [:]
    private var flags: Set<Option> = []

    /// Parses `arguments` (those after the command's name) for `command`: an option it does not
    /// take (`guided validate S I --greedy`) is a usage error naming it, never accepted and ignored.
    public init(_ arguments: [String], for command: Option.Command) throws(UsageError) {
        self.command = command
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if let option = Option(rawValue: argument) {
                if option.takesValue {
                    guard index + 1 < arguments.count else { throw UsageError("error: \(argument) needs a value") }
                    values[option] = arguments[index + 1]
                    index += 2
                } else {
                    flags.insert(option)
                    index += 1
                }
            } else if argument.hasPrefix("--") {
                throw UsageError("error: unknown option \(argument)", showsUsage: true)
            } else {
                positional.append(argument)
                index += 1
            }
        }
        try checkTaken()
    }

    /// Every option given (values and flags), in the table's order.
    public var options: [Option] { Option.allCases.filter { values[$0] != nil || flags.contains($0) } }

    /// The value given for `option`; nil when it was not given.
    public func value(_ option: Option) -> String? { values[option] }

    /// Whether the flag `option` was given.
    public func flag(_ option: Option) -> Bool { flags.contains(option) }

    /// A usage error for the first option given that the command does not take.
    private func checkTaken() throws(UsageError) {
        let allowed = Set(Option.taken(by: command))
        if let stray = options.first(where: { !allowed.contains($0) }) {
            throw UsageError(
                "error: \(command.rawValue) does not take \(stray.rawValue); its options: "
                    + allowed.map(\.rawValue).sorted().joined(separator: " "))
        }
    }

    /// Exactly `count` operands, or a usage error naming them (`SCHEMA INSTANCE`).
    public func expect(_ count: Int, _ names: String) throws(UsageError) -> [String] {
        guard positional.count == count else { throw UsageError("error: expected \(names)", showsUsage: true) }
        return positional
    }
}
