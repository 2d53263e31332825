/// The options each subcommand takes (``Option/commands``): an option of another subcommand is a
/// usage error naming it (`guided validate S I --greedy`), never accepted and ignored.
enum CommandOptions {
    /// A usage error for the first option `arguments` has that `command` does not take.
    static func check(_ command: String, _ arguments: ParsedArguments) throws(CommandFailure) {
        guard let allowed = Option.taken(by: command) else { return }
        if let stray = arguments.options.first(where: { !allowed.contains($0) }) {
            throw .usage(
                "error: \(command) does not take \(stray.rawValue); its options: "
                    + allowed.map(\.rawValue).sorted().joined(separator: " "))
        }
    }
}
