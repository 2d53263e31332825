public import Guided
import GuidedJSON
import GuidedManagedServer
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The examples' command line: `--config FILE` and `--json` for every flow, plus the flow's own
/// options; configuration read the way `guided` reads it (`--config`, then `GUIDED_CONFIG`,
/// then `./guided.json`, then the built-in default: the embedded model).
public struct FlowCommandLine: Sendable {
    /// Arguments that are not options.
    public private(set) var positional: [String] = []
    private var values: [String: String] = [:]
    private var flags: Set<String> = []

    /// The tool's usage, printed for `--help` or `-h` and after an unknown option.
    public let usage: String

    /// Parses `arguments`; unknown options are errors. `--help` or `-h` throws
    /// ``FlowError/help(_:)`` with `usage`, which ``FlowIO/main(_:)`` prints on standard output
    /// before exiting 0.
    public init(
        _ arguments: [String], usage: String, values valueOptions: Set<String> = [], flags flagOptions: Set<String> = []
    ) throws(FlowError) {
        self.usage = usage
        let valueOptions = valueOptions.union(["--config"])
        let flagOptions = flagOptions.union(["--json"])
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if valueOptions.contains(argument) {
                guard index + 1 < arguments.count else { throw FlowError("error: \(argument) needs a value") }
                values[argument] = arguments[index + 1]
                index += 2
            } else if argument == "--help" || argument == "-h" {
                throw .help(usage)
            } else if flagOptions.contains(argument) {
                flags.insert(argument)
                index += 1
            } else if argument.hasPrefix("--") {
                throw FlowError("error: unknown option \(argument)\n\(usage)")
            } else {
                positional.append(argument)
                index += 1
            }
        }
    }

    /// The value of `--name`, if given.
    public func value(_ option: String) -> String? { values[option] }
    /// Whether `--flag` was given.
    public func flag(_ option: String) -> Bool { flags.contains(option) }
    /// Whether `--json` was given.
    public var json: Bool { flag("--json") }

    /// The configuration, read like `guided` reads it.
    public func configuration() throws(FlowError) -> GuidedConfiguration {
        do {
            return try GuidedConfiguration.load(file: value("--config"), environment: FlowIO.environment)
        } catch {
            throw FlowError(error.description)
        }
    }
}

/// Reading requests and writing results.
public enum FlowIO {
    /// The process environment (what `GuidedConfiguration.load()` reads by default).
    public static var environment: [String: String] { ProcessEnvironment.values }

    /// A request of type `T` from the JSON file at `path` (`-`: standard input), checked against
    /// `T`'s schema: a missing field, a wrong type or an unknown key is an error naming the file
    /// and the JSON Pointer.
    public static func load<T: Generable>(_ type: T.Type, from path: String) throws(FlowError) -> T {
        let name = path == "-" ? "<stdin>" : path
        let content: GeneratedContent
        let bytes = path == "-" ? try readStandardInput() : nil
        do {
            if let bytes {
                content = try JSONReader.parse(bytes: bytes, file: name)
            } else {
                content = try JSONReader.read(file: path)
            }
        } catch {
            throw FlowError(error.description)
        }
        if let violation = T.generationSchema.violations(of: content).first {
            throw FlowError("\(name): error: \(violation)")
        }
        do {
            return try T(content)
        } catch {
            throw FlowError("\(name): error: \(error)")
        }
    }

    /// Standard input to its end, at most ``FileBytes/defaultLimit`` bytes (as every file is
    /// read): `copywriter - < /dev/zero` stops there with an error, never filling memory.
    static func readStandardInput() throws(FlowError) -> [UInt8] {
        guard !StandardStreams.wasClosed(0) else {
            throw FlowError("<stdin>: error: standard input is closed — give a request file, or pipe one in")
        }
        do {
            return try FileBytes.contents(ofDescriptor: 0)
        } catch .tooLarge(let limit) {
            throw FlowError(
                "<stdin>: error: standard input holds more than \(limit / (1024 * 1024)) MiB, the most the examples read"
                    + " — give a request file, not a device or an endless stream")
        } catch {
            throw FlowError("<stdin>: error: cannot read standard input: \(error.message)")
        }
    }

    /// Writes `text` and a newline to standard output (`error`: standard error), its control
    /// characters other than line feed and tab escaped (``TerminalText``): a report quotes what
    /// servers and models wrote, and none of it may reach the terminal as an escape sequence.
    /// A failed write to standard output (a full disk, a closed pipe) is remembered, and
    /// ``finish(_:)`` turns it into exit 4.
    public static func print(_ text: String, error: Bool = false) {
        let line = Array((TerminalText.escaped(text, keepingLineBreaks: true) + "\n").utf8)
        if let problem = StandardStreams.write(line, to: error ? 2 : 1), !error {
            outputFailure.withLock { $0 = $0 ?? problem }
        }
    }

    private static let outputFailure = Mutex<String?>(nil)

    /// Exits with `status`, or with 4 (saying why on standard error) when standard output could
    /// not be written: a report that never reached its reader is no success.
    public static func finish(_ status: Int32) -> Never {
        if let problem = outputFailure.withLock({ $0 }) {
            print("error: the output could not be written: \(problem)", error: true)
            exit(4)
        }
        exit(status)
    }

    /// Runs a flow's main: prints its report (readable, or one JSON object with `--json`) and
    /// exits 0; a bad request or configuration prints the error and exits 2 (`--help` prints
    /// the usage on standard output and exits 0). Ctrl-C, SIGTERM or SIGHUP stops the managed
    /// servers the flow started before the tool ends.
    public static func main(
        _ body: () async throws(FlowError) -> (report: FlowReport, json: Bool, render: (GeneratedContent) -> String)
    ) async -> Never {
        StandardStreams.claim()
        ManagedServerSignals.stopServersOnTermination()
        signal(SIGPIPE, SIG_IGN) // a closed pipe is a failed write: exit 4 (``finish(_:)``)
        do {
            let (report, json, render) = try await body()
            print(json ? report.json.jsonText() : report.readable(render: render))
            finish(0)
        } catch {
            print(error.message, error: error.status != 0)
            finish(error.status)
        }
    }
}
