import GuidedCommandLine
import GuidedJSON
import GuidedManagedServer

#if canImport(Glibc)
    import Glibc
#endif

/// `guided`: validate, inspect and compile schemas; generate, respond and chat through the configured backends.
let arguments = Array(CommandLine.arguments.dropFirst())
// A closed standard descriptor (`>&-`) is a failed write, never a file opened in its place.
StandardStreams.claim()
// A reader that closes the pipe early (`guided compile S | head -0`) is a failed write, exit 4 with
// the reason, as the usage says, not a death by SIGPIPE.
signal(SIGPIPE, SIG_IGN)
let commands: [GuidedCommand: @Sendable (ParsedArguments) async throws(CommandFailure) -> Void] = [
    .validate: { arguments throws(CommandFailure) in try ValidateCommand.run(arguments) },
    .schema: { arguments throws(CommandFailure) in try SchemaCommand.run(arguments) },
    .compile: { arguments throws(CommandFailure) in try CompileCommand.run(arguments) },
    .generate: { arguments throws(CommandFailure) in try await GenerateCommand.run(arguments) },
    .respond: { arguments throws(CommandFailure) in try await RespondCommand.run(arguments) },
    .chat: { arguments throws(CommandFailure) in try await ChatCommand.run(arguments) },
    .backends: { arguments throws(CommandFailure) in try await BackendsCommand.run(arguments) },
    .models: { arguments throws(CommandFailure) in try ModelsCommand.run(arguments) },
]

/// Exits 0, or 4 when what was printed could not be written (`guided --version > /dev/full`).
func exitAfterPrinting() -> Never {
    if let problem = Console.outputFailure {
        Console.error("error: the output could not be written: \(problem)")
        exit(4)
    }
    exit(0)
}

if arguments == ["--version"] || arguments == ["version"] {
    Console.out(Version.text)
    exitAfterPrinting()
}
// Help (`guided --help`, `guided help compile`, `guided compile --help`): the usage on stdout,
// exit 0. Only as the command or right after it: `--prompt -h` is a prompt.
if ["-h", "--help", "help"].contains(arguments.first ?? "")
    || (arguments.count > 1 && ["-h", "--help"].contains(arguments[1]))
{
    let named = arguments.prefix(2).compactMap(GuidedCommand.init).first
    Console.out(named.map { Usage.text(for: $0) } ?? Usage.text)
    exitAfterPrinting()
}
guard let name = arguments.first.flatMap(GuidedCommand.init), let command = commands[name] else {
    Console.error(Usage.text)
    exit(2)
}
// Ctrl-C, SIGTERM or SIGHUP stops the managed servers a command started (a wrapper script's
// server included) before guided ends; `guided chat` then takes Ctrl-C over to cancel answers.
ManagedServerSignals.stopServersOnTermination()
do throws(CommandFailure) {
    let parsed: ParsedArguments
    do { parsed = try ParsedArguments(Array(arguments.dropFirst()), for: name) } catch {
        throw CommandFailure(error, command: name)
    }
    try await command(parsed)
    exitAfterPrinting()
} catch {
    if !error.message.isEmpty { Console.error(error.message) }
    if Console.outputFailure == nil { exit(error.exitCode) }
    // `validate` with violations to a full disk: the verdict's exit 1 never reached its reader.
    exitAfterPrinting()
}
