import Foundation
import GuidedTestSupport
import GuidedTestTraits
import Testing

/// `guided generate --examples FILE` and the one range per option, from the command line.
@Suite(.ownThreads) struct GenerateExamplesCommandTests {
    @Test func aBrokenExamplesFileIsAUsageErrorNamingTheFileLineAndColumn() throws {
        let file = try GuidedCommandTests.temporaryFile("examples.json", "[\n  {\"output\": {\"steps\": [\"one\"]}}\n]")
        let result = try GuidedCommandTests.guided(
            "generate", "--schema", "schemas/StepSuggestions.json", "--prompt", "Suggest three next steps.",
            "--examples", file)
        #expect(result.status == 2)
        #expect(result.stderr.contains("examples.json:2:15: error: "), "\(result.stderr)")
        #expect(result.stderr.contains("(at #/0/output/steps)"), "\(result.stderr)")
    }

    @Test func theTemperatureRangeIsTheSessionsRange() throws {
        let result = try GuidedCommandTests.guided(
            "generate", "--schema", "schemas/StepSuggestions.json", "--prompt", "x", "--temperature", "2.5")
        #expect(result.status == 2)
        #expect(result.stderr.contains("--temperature needs a number from 0 to 2, not 2.5"), "\(result.stderr)")
    }
}

/// `guided generate` on a schema file without examples, routed to a base model, says so.
@Suite(.ownThreads) struct MissingExamplesCommandTests {
    @Test func aSchemaWithoutExamplesRoutedToABaseModelIsALocatedWarning() throws {
        let dead = try ReservedPort(.refuse)
        let config = try GuidedCommandTests.temporaryFile(
            "dead.json",
            #"{"backends":[{"name":"local","kind":"llama-server","url":"\#(dead.baseURL)"}],"route":["local"]}"#)
        let schema = try GuidedCommandTests.temporaryFile(
            "Note.json", #"{"type": "object", "properties": {"text": {"type": "string", "maxLength": 90}}}"#)
        let plain = try GuidedCommandTests.guided("generate", "--schema", schema, "--prompt", "Hi", "--config", config)
        #expect(plain.stderr.contains(schema + ": warning: Note has no worked examples"), "\(plain.stderr)")
        let canonical = try GuidedCommandTests.guided(
            "generate", "--schema", "schemas/StepSuggestions.json", "--prompt", "Hi", "--config", config)
        #expect(!canonical.stderr.contains("warning:"), "\(canonical.stderr)")
    }
}

/// An option of another subcommand is a usage error, never accepted and ignored.
@Suite(.ownThreads) struct CommandOptionsTests {
    @Test func anOptionOfAnotherSubcommandIsAUsageErrorNamingIt() throws {
        let validate = try GuidedCommandTests.guided("validate", "schemas/StepSuggestions.json", "x.json", "--greedy")
        #expect(validate.status == 2)
        #expect(validate.stderr.contains("error: validate does not take --greedy"), "\(validate.stderr)")
        let chat = try GuidedCommandTests.guided("chat", "--schema", "schemas/StepSuggestions.json")
        #expect(chat.status == 2)
        #expect(chat.stderr.contains("error: chat does not take --schema"), "\(chat.stderr)")
    }
}

/// Output that cannot be written is exit 4 with the reason, never exit 0 with the output lost.
@Suite(.ownThreads) struct WriteFailureTests {
    @Test(arguments: ["> /dev/full", ">&-"]) func aFailedWriteIsExitFour(_ redirection: String) throws {
        let guided = GuidedCommandTests.repository + "/.build/debug/guided"
        let run = try ExecutableRun.run(
            "/bin/sh", ["-c", "\(guided) compile schemas/StepSuggestions.json \(redirection)"],
            directory: GuidedCommandTests.repository)
        #expect(run.status == 4, "\(run.stderr)")
        #expect(run.stderr.contains("error: the output could not be written: "), "\(run.stderr)")
        // A closed stdout is refused as such: its number was not handed to a file opened later.
        if redirection == ">&-" { #expect(run.stderr.contains("Bad file descriptor"), "\(run.stderr)") }
    }

    /// The third probe: `validate` with violations to a full disk exited 4 saying nothing, and
    /// with stdout closed every command wrote into whatever took descriptor 1 (the runtime's
    /// event descriptor: "Invalid argument", or a lock file opened after it).
    @Test(arguments: ["> /dev/full", ">&-"]) func violationsThatCannotBeWrittenAreExitFourWithTheReason(
        _ redirection: String
    ) throws {
        let guided = GuidedCommandTests.repository + "/.build/debug/guided"
        let instance = NSTemporaryDirectory() + "guided-violating-\(UUID().uuidString).json"
        try #"{"text": 5}"#.write(toFile: instance, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: instance) }
        let run = try ExecutableRun.run(
            "/bin/sh", ["-c", "\(guided) validate schemas/RewrittenNotification.json \(instance) \(redirection)"],
            directory: GuidedCommandTests.repository)
        #expect(run.status == 4, "\(run.stderr)")
        #expect(run.stderr.contains("error: the output could not be written: "), "\(run.stderr)")
    }

    @Test func aVersionThatCannotBeWrittenIsExitFour() throws {
        let guided = GuidedCommandTests.repository + "/.build/debug/guided"
        let run = try ExecutableRun.run(
            "/bin/sh", ["-c", "\(guided) --version > /dev/full"], directory: GuidedCommandTests.repository)
        #expect(run.status == 4, "\(run.stderr)")
    }

    /// The second probe: with the disk full after 512 bytes, `compile --out` cut the grammar to
    /// that size and exited 0 (the failure came only when the file was closed). The grammar now
    /// goes to a file beside the old one and replaces it only once whole.
    @Test func aGrammarThatDoesNotFitLeavesTheOldFileWholeAndFails() throws {
        let folder = NSTemporaryDirectory() + "guided-full-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // A 1.9 KB grammar: more than the 512 bytes allowed, less than one stdio buffer, so the
        // failure comes only when the buffer is flushed.
        try "old grammar\n".write(toFile: folder + "/o10093.gbnf", atomically: true, encoding: .utf8)
        let guided = GuidedCommandTests.repository + "/.build/debug/guided"
        // ulimit -f 1: files may grow to 512 bytes; SIGXFSZ ignored, so a longer write fails like
        // a full disk instead of killing the process.
        let run = try ExecutableRun.run(
            "/bin/sh",
            [
                "-c",
                "trap '' XFSZ; ulimit -f 1; exec \(guided) compile Benchmarks/Fixtures/jsonschemabench/Github_easy/o10093.json --out \(folder)",
            ],
            directory: GuidedCommandTests.repository)
        #expect(run.status != 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("cannot write the file"), "\(run.stderr)")
        #expect(try String(contentsOfFile: folder + "/o10093.gbnf", encoding: .utf8) == "old grammar\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["o10093.gbnf"])
    }

    @Test(arguments: [["compile", "--help"], ["--help"], ["generate", "-h"], ["help", "compile"]])
    func helpPrintsTheUsageAndExitsZero(_ arguments: [String]) throws {
        let result = try GuidedCommandTests.guided(arguments: arguments)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("usage: guided <command>"), "\(result.stdout)")
    }

    /// `-h` as an option's value is that value, not a request for help.
    @Test func aDashHAsAnOptionsValueIsNoHelp() throws {
        let result = try GuidedCommandTests.guided(arguments: ["validate", "--strict", "-h", "x.json"])
        #expect(!result.stdout.hasPrefix("usage: guided <command>"), "\(result.stdout)")
    }

    /// An instance to validate may be saved wire data, which RFC 8259 lets repeat a key.
    @Test func validateReadsAnInstanceThatRepeatsAKey() throws {
        let instance = try GuidedCommandTests.temporaryFile("repeat.json", #"{"text": 1, "text": "ok"}"#)
        let result = try GuidedCommandTests.guided(
            arguments: ["validate", "schemas/RewrittenNotification.json", instance])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    }

    /// The replacement keeps the old file's permission bits, and a link to it stays a link.
    @Test func aReplacedGrammarKeepsItsModeAndItsLink() throws {
        let folder = NSTemporaryDirectory() + "guided-mode-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder + "/real", withIntermediateDirectories: true)
        try "old\n".write(toFile: folder + "/real/StepSuggestions.gbnf", atomically: true, encoding: .utf8)
        try #require(chmod(folder + "/real/StepSuggestions.gbnf", 0o640) == 0)
        try #require(symlink(folder + "/real/StepSuggestions.gbnf", folder + "/StepSuggestions.gbnf") == 0)
        let result = try GuidedCommandTests.guided(
            arguments: ["compile", "schemas/StepSuggestions.json", "--out", folder])
        #expect(result.status == 0, "\(result.stderr)")
        let attributes = try FileManager.default.attributesOfItem(atPath: folder + "/real/StepSuggestions.gbnf")
        #expect((attributes[.posixPermissions] as? Int) == 0o640)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/StepSuggestions.gbnf") != "")
        #expect(try String(contentsOfFile: folder + "/StepSuggestions.gbnf", encoding: .utf8).hasPrefix("root ::="))
    }
}

/// An implicit `./guided.json` that is not a regular file is an error naming it, never the
/// built-in default used silently, and a FIFO there never blocks.
@Suite(.ownThreads) struct ImplicitConfigurationTests {
    @Test(arguments: ["directory", "fifo", "dangling link"])
    func anImplicitConfigurationThatIsNotAFileIsAnError(_ kind: String) throws {
        let folder = NSTemporaryDirectory() + "guided-implicit-\(kind)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        if kind == "directory" {
            try FileManager.default.createDirectory(atPath: folder + "/guided.json", withIntermediateDirectories: true)
        } else if kind == "dangling link" {
            try #require(symlink(folder + "/missing.json", folder + "/guided.json") == 0)
        } else {
            try #require(mkfifo(folder + "/guided.json", 0o600) == 0)
        }
        let guided = GuidedCommandTests.repository + "/.build/debug/guided"
        let run = try ExecutableRun.run(guided, ["backends"], directory: folder)
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("guided.json: error: ./guided.json is "), "\(run.stderr)")
    }
}

/// `guided generate --stream` shows the output on stderr as it grows, each part once.
@Suite(.ownThreads) struct GenerateStreamCommandTests {
    @Test func aStreamSplitIntoTinyEventsIsShownOnceNotReprintedPerEvent() throws {
        let valid = #"{"text":"On 1 March you fed the starter twice. Ready for a loaf?"}"#
        let server = try ChaosServer(.llamaServer, fault: .splitEveryByte, valid: valid)
        defer { server.stop() }
        let config = try GuidedCommandTests.temporaryFile(
            "split.json",
            #"{"backends":[{"name":"local","kind":"llama-server","url":"\#(server.baseURL)"}],"route":["local"]}"#)
        let result = try GuidedCommandTests.guided(
            "generate", "--schema", "schemas/RewrittenNotification.json", "--prompt", "Rewrite", "--config", config,
            "--stream", "--no-quality-checks")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == valid + "\n", "\(result.stdout)")
        #expect(result.stderr.components(separatedBy: "fed the starter twice").count == 2, "\(result.stderr)")
        #expect(result.stderr.count < 4 * valid.count + 200, "the stream was reprinted: \(result.stderr.count) bytes")
    }
}
