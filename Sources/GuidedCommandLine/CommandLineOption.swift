/// A subcommand of a command-line tool (`guided generate`, `guided-bench quality`), declared once
/// in the tool's table of commands.
public protocol CommandLineCommand: RawRepresentable<String>, CaseIterable, Hashable, Sendable {
    /// What the command takes besides options, as the help writes it (`SCHEMA INSTANCE`); empty
    /// for nothing.
    var operands: String { get }
    /// What the command does, in one paragraph of the help.
    var summary: String { get }
}

/// An option of a command-line tool, declared once: its spelling (the raw value, `--prompt`),
/// whether it takes a value, the commands that take it and need it, and its help. Parsing
/// (``ParsedCommandLine``), each command's allowed options (a stray one is a usage error naming
/// it) and the help text (``HelpText``) are all derived from the table of cases, so an option
/// cannot be parsed by one list, refused by another and described by a third.
public protocol CommandLineOption: RawRepresentable<String>, CaseIterable, Hashable, Sendable {
    /// The tool's commands.
    associatedtype Command: CommandLineCommand

    /// The value's placeholder in the help (`TEXT`, `N`); nil for a flag that stands alone.
    var valueName: String? { get }
    /// The commands that take the option.
    var commands: Set<Command> { get }
    /// The commands that cannot run without it (written without brackets in the help).
    var required: Set<Command> { get }
    /// What the option does, in one paragraph of the help.
    var help: String { get }
}

extension CommandLineOption {
    /// No command needs the option.
    public var required: Set<Command> { [] }

    /// Whether the option takes a value (`--prompt TEXT`) or stands alone (`--json`).
    public var takesValue: Bool { valueName != nil }

    /// The option as the help's synopsis writes it: `--prompt TEXT`, `--json`.
    public var synopsis: String { valueName.map { "\(rawValue) \($0)" } ?? rawValue }

    /// The options `command` takes, in the table's order.
    public static func taken(by command: Command) -> [Self] {
        allCases.filter { $0.commands.contains(command) }
    }
}
