#if canImport(Glibc)
import Glibc
#endif

/// `guided`: validate, inspect and compile schemas; run the demo.
let arguments = Array(CommandLine.arguments.dropFirst())
let commands: [String: (ParsedArguments) throws(CommandFailure) -> Void] = [
    "validate": ValidateCommand.run,
    "schema": SchemaCommand.run,
    "compile": CompileCommand.run,
    "demo": DemoCommand.run,
]

guard let name = arguments.first, let command = commands[name] else {
    Console.error(Usage.text)
    exit(arguments.first.map { ["-h", "--help", "help"].contains($0) } == true ? 0 : 2)
}
do {
    try command(try ParsedArguments(Array(arguments.dropFirst())))
    exit(0)
} catch {
    if !error.message.isEmpty { Console.error(error.message) }
    exit(error.exitCode)
}
