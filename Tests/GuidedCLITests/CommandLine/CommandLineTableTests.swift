import GuidedCommandLine
import Testing

/// A tool's table, as a tool declares one: two commands, a required option, a flag, options two
/// commands share.
enum ToyCommand: String, CommandLineCommand {
    case send, list

    var operands: String { self == .send ? "FILE..." : "" }
    var summary: String {
        self == .send
            ? "send each file to the server named by --to, retrying on a dropped connection until the deadline"
                + " passes, then say which files arrived"
            : "the files sent"
    }
}

enum ToyOption: String, CommandLineOption {
    case verbose = "--verbose"
    case to = "--to"
    case retries = "--retries"
    case ratio = "--ratio"
    case mode = "--mode"
    case tags = "--tags"
    case deadline = "--deadline"

    var valueName: String? {
        switch self {
        case .verbose: nil
        case .to: "HOST"
        case .retries: "N"
        case .ratio: "R"
        case .mode: "fast|safe"
        case .tags: "A,B"
        case .deadline: "SECONDS"
        }
    }
    var commands: Set<ToyCommand> { self == .verbose ? [.send, .list] : [.send] }
    var required: Set<ToyCommand> { self == .to ? [.send] : [] }
    var help: String {
        switch self {
        case .verbose: "print each step"
        case .to:
            "the server to send to, as a host name or an address; a name is looked up once, before the first"
                + " file"
        case .retries: "tries per file"
        case .ratio: "the share of files to sample"
        case .mode: "how to send"
        case .tags: "labels for the files"
        case .deadline: "when to give up"
        }
    }
}

enum ToyMode: String, CaseIterable { case fast, safe }

/// `GuidedCommandLine` on a table of its own: parsing, the options each command takes, typed
/// look-ups and the help derived from the table, compared as whole values.
@Suite struct CommandLineTableTests {
    typealias Parsed = ParsedCommandLine<ToyOption>

    static func error(_ arguments: [String], for command: ToyCommand = .send) -> UsageError? {
        do {
            _ = try Parsed(arguments, for: command)
            return nil
        } catch { return error }
    }

    @Test func operandsValuesAndFlagsAreParsedAndAValueMayStartWithADash() throws {
        let parsed = try Parsed(["a.txt", "--to", "-h", "b.txt", "--verbose"], for: .send)
        #expect(parsed.positional == ["a.txt", "b.txt"])
        #expect(parsed.value(.to) == "-h")
        #expect(parsed.flag(.verbose) && !parsed.flag(.tags))
        #expect(parsed.options == [.verbose, .to])
        #expect(parsed.command == .send)
    }

    @Test func anUnknownOptionAndAMissingValueAreUsageErrorsNamingThem() {
        #expect(Self.error(["--frob"]) == UsageError("error: unknown option --frob", showsUsage: true))
        #expect(Self.error(["a", "--to"]) == UsageError("error: --to needs a value"))
    }

    @Test func anOptionOfAnotherCommandIsRefusedWithTheCommandsOwn() {
        #expect(
            Self.error(["--verbose", "--retries", "3"], for: .list)
                == UsageError("error: list does not take --retries; its options: --verbose"))
    }

    @Test func operandsAreCountedWithTheUsageAfterTheError() throws {
        let parsed = try Parsed(["a"], for: .send)
        #expect(throws: UsageError("error: expected FILE FILE", showsUsage: true)) {
            try parsed.expect(2, "FILE FILE")
        }
        #expect(try parsed.expect(1, "FILE") == ["a"])
    }

    @Test(arguments: [
        (["--retries", "0"], "error: --retries needs a whole number from 1 to 9, not 0"),
        (["--retries", "2.0"], "error: --retries needs a whole number from 1 to 9, not 2.0"),
        (
            ["--retries", "99999999999999999999"],
            "error: --retries needs a whole number from 1 to 9, not 99999999999999999999"
        ),
        (["--ratio", "nan"], "error: --ratio needs a number from 0 to 1, not nan"),
        (["--ratio", "inf"], "error: --ratio needs a number from 0 to 1, not inf"),
        (["--ratio", "1.5"], "error: --ratio needs a number from 0 to 1, not 1.5"),
        (["--mode", "slow"], "error: --mode takes one of fast, safe, not slow"),
    ])
    func aValueOutOfItsRangeIsAUsageErrorSayingWhatIsAllowed(arguments: [String], message: String) throws {
        let parsed = try Parsed(arguments, for: .send)
        #expect(throws: UsageError(message)) {
            _ = try parsed.integer(.retries, in: 1...9)
            _ = try parsed.fraction(.ratio)
            _ = try parsed.choice(.mode, of: ToyMode.self)
        }
    }

    @Test func valuesInRangeAreReadAsTheirTypes() throws {
        let parsed = try Parsed(
            ["--retries", "3", "--ratio", "0.25", "--mode", "safe", "--tags", "a,,b"], for: .send)
        #expect(try parsed.integer(.retries, in: 1...9) == 3)
        #expect(try parsed.fraction(.ratio) == 0.25)
        #expect(try parsed.choice(.mode, of: ToyMode.self) == .safe)
        #expect(parsed.list(.tags) == ["a", "b"])
        #expect(try parsed.integer(.to, in: 1...9) == nil, "not given")
    }

    @Test func aCommandsBlockNamesEveryOptionItTakesTheNeededOnesFirst() {
        #expect(
            HelpText<ToyOption>.block(for: .send) == """
                  send FILE... --to HOST [--verbose] [--retries N] [--ratio R] [--mode fast|safe] [--tags A,B]
                       [--deadline SECONDS]
                                                send each file to the server named by --to, retrying on a dropped
                                                connection until the deadline passes, then say which files arrived
                """)
        #expect(
            HelpText<ToyOption>.block(for: .list) == """
                  list [--verbose]              the files sent
                """)
    }

    @Test func eachOptionsParagraphIsItsHelpWrappedAtTheColumn() {
        #expect(
            HelpText<ToyOption>.options(of: .list) == """
                  --verbose                     print each step
                """)
        #expect(
            HelpText<ToyOption>.options(of: .send).split(separator: "\n").prefix(3).joined(separator: "\n") == """
                  --verbose                     print each step
                  --to HOST                     the server to send to, as a host name or an address; a name is
                                                looked up once, before the first file
                """)
    }
}
