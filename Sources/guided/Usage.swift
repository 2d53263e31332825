import GuidedCommandLine

/// The help, derived from the tables of commands (``GuidedCommand``) and options (``Option``).
enum Usage {
    /// `guided --help`: every command with the options it takes.
    static let text =
        """
        usage: guided <command> [options]
               guided help <command>    the command's options, each explained

        commands:

        """
        + GuidedCommand.allCases.map { HelpText<Option>.block(for: $0) }.joined(separator: "\n") + "\n"
        + HelpText<Option>.described(["  --version"], "print the version") + "\n\n" + exitCodes

    /// `guided help generate`, `guided generate --help`: the command, then each of its options.
    static func text(for command: GuidedCommand) -> String {
        """
        usage: guided <command> [options]

        \(HelpText<Option>.block(for: command))

        options:
        \(HelpText<Option>.options(of: command))

        \(exitCodes)
        """
    }

    static let exitCodes = """
        exit codes: 0 success, 1 invalid instance (validate), 2 bad schema, configuration or usage,
                    3 no output (generate, respond: no backend produced one and there was no fallback),
                    4 the output could not be written (a full disk, a closed pipe)
        """
}

extension CommandFailure {
    /// A usage error from the option table, followed by `command`'s help (or the whole usage)
    /// where the reader needs to see what it takes.
    init(_ error: UsageError, command: GuidedCommand?) {
        let usage = command.map { Usage.text(for: $0) } ?? Usage.text
        self = .usage(error.showsUsage ? "\(error.message)\n\n\(usage)" : error.message)
    }
}

extension ParsedCommandLine<Option> {
    /// `lookUp`'s value, its usage error made the command's failure (exit 2), with the command's
    /// help after it where the error asks for it: `try arguments.checked { arguments throws(UsageError) in try arguments.fraction(.topP) }`.
    func checked<Value>(_ lookUp: (Self) throws(UsageError) -> Value) throws(CommandFailure) -> Value {
        do { return try lookUp(self) } catch { throw CommandFailure(error, command: command) }
    }
}
