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
    }
}
