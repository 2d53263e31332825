import Foundation
import GuidedTestSupport
import GuidedTestTraits
import Testing

/// `guided chat` reads standard input line by line within the 64 MiB every read has: an endless
/// line ends the chat with a usage error instead of filling memory, and CRLF lines are lines.
@Suite(.ownThreads) struct ChatInputTests {
    static func chat(stdin: String? = nil, stdinPath: String? = nil) throws -> ExecutableRun {
        let config = try GuidedCommandTests.temporaryFile(
            "chat-down.json", #"{"backends": [{"name": "down", "kind": "llama-server", "url": "http://127.0.0.1:9"}]}"#)
        let guided = try #require(GuidedCommandTests.builtProduct("guided"), "guided is not built")
        return try ExecutableRun.run(
            guided, ["chat", "--config", config], directory: GuidedCommandTests.repository, stdin: stdin,
            stdinPath: stdinPath)
    }

    @Test func anEndlessLineEndsTheChatWithAUsageError() throws {
        let run = try Self.chat(stdinPath: "/dev/zero")
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains("a line of input is over 64 MiB; the chat ends here"), "\(run.stderr)")
    }

    @Test func linesEndingInCRLFAndALastLineWithoutABreakAreCommands() throws {
        let run = try Self.chat(stdin: "/sampling greedy\r\n/temperature 0.5")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("temperature default, sampling greedy, seed none"), "\(run.stdout)")
        #expect(run.stdout.contains("temperature 0.5, sampling greedy, seed none"), "\(run.stdout)")
    }
}
