/// The options each subcommand takes: an option of another subcommand is a usage error naming
/// it (`guided validate S I --greedy`), never accepted and ignored.
enum CommandOptions {
    static let schemaReading: Set<String> = ["--strict", "--allow-unsupported"]
    static let sampling: Set<String> = [
        "--temperature", "--greedy", "--top-k", "--top-p", "--seed", "--max-tokens", "--stream", "--json",
        "--instructions", "--backend", "--config",
    ]

    static let allowed: [String: Set<String>] = [
        "validate": schemaReading,
        "schema": schemaReading.union(["--grounded"]),
        "compile": schemaReading.union(["--format", "--whitespace", "--out", "--grounded", "--grounding"]),
        "generate": schemaReading.union(sampling).union([
            "--schema", "--prompt", "--type", "--grounding", "--grounded", "--candidates", "--no-quality-checks",
            "--min-words", "--fallback", "--examples", "--judge-threshold",
        ]),
        "respond": sampling.union(["--prompt", "--stop", "--whole-sentences"]),
        "chat": ["--instructions", "--config", "--backend"],
        "backends": ["--config"],
        "models": ["--json"],
    ]

    /// A usage error for the first option `arguments` has that `command` does not take.
    static func check(_ command: String, _ arguments: ParsedArguments) throws(CommandFailure) {
        guard let allowed = allowed[command] else { return }
        if let stray = arguments.options.first(where: { !allowed.contains($0) }) {
            throw .usage(
                "error: \(command) does not take \(stray); its options: \(allowed.sorted().joined(separator: " "))")
        }
    }
}
