import Foundation
import GuidedTestSupport
import GuidedTestTraits
import Testing

/// `guided chat` in a real terminal: tmux runs it, the test types commands and prompts with
/// `send-keys` and reads the screen with `capture-pane`, against the embedded model.
@Suite(.ownThreads) struct ChatCommandTests {
    /// One tmux session running `guided chat`, killed when the test ends.
    final class Terminal {
        let name = "guided-chat-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"

        init(_ arguments: String = "") throws {
            let guided = GuidedCommandTests.repository + "/.build/debug/guided"
            try Self.tmux(
                "new-session", "-d", "-s", name, "-x", "160", "-y", "50",
                "cd \(GuidedCommandTests.repository) && \(guided) chat \(arguments); echo '[chat exited]'; sleep 60")
        }

        deinit { _ = try? Self.tmux("kill-session", "-t", name) }

        @discardableResult
        static func tmux(_ arguments: String...) throws -> String {
            let run = try ExecutableRun.run("/usr/bin/tmux", arguments, directory: "/tmp")
            guard run.status == 0 else {
                throw CocoaError(
                    .executableLoad, userInfo: [NSLocalizedDescriptionKey: "tmux \(arguments): \(run.stderr)"])
            }
            return run.stdout
        }

        func type(_ text: String) throws { try Self.tmux("send-keys", "-t", name, "-l", text) }
        func press(_ key: String) throws { try Self.tmux("send-keys", "-t", name, key) }
        func line(_ text: String) throws {
            try type(text)
            try press("Enter")
        }

        var screen: String { (try? Self.tmux("capture-pane", "-t", name, "-p", "-S", "-200")) ?? "" }

        /// Waits (up to `seconds`) until the screen satisfies `condition`; the screen either way.
        func wait(_ seconds: Double = 90, until condition: (String) -> Bool) -> String {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                let now = screen
                if condition(now) { return now }
                Thread.sleep(forTimeInterval: 0.25)
            }
            return screen
        }

        /// The number of prompts (`> ` at a line's start) on the screen.
        func prompts(_ screen: String) -> Int { screen.split(separator: "\n").filter { $0.hasPrefix(">") }.count }
    }

    @Test(.liveModel) func aChatKeepsItsSettingsAnswersAndGoesOnAfterABadCommand() throws {
        let terminal = try Terminal()
        _ = terminal.wait(10) { $0.contains("guided chat") }
        try terminal.line("/instructions Answer in one short sentence.")
        var screen = terminal.wait { $0.contains("new session; instructions: ") }
        #expect(screen.contains("new session; instructions: 13 tokens"), "\(screen)")
        try terminal.line("/temperature 9")
        screen = terminal.wait { $0.contains("error: /temperature") }
        #expect(screen.contains("error: /temperature needs a number from 0 to 2 or default"), "\(screen)")
        try terminal.line("/sampling greedy")
        screen = terminal.wait { $0.contains("sampling greedy") }
        #expect(screen.contains("temperature default, sampling greedy, seed none"), "\(screen)")
        try terminal.line("What do bees make?")
        screen = terminal.wait { terminal.prompts($0) >= 5 && $0.contains("What do bees make?\n") }
        let afterQuestion = screen.components(separatedBy: "> What do bees make?\n").last ?? ""
        let answer = afterQuestion.split(separator: "\n").first.map(String.init) ?? ""
        #expect(!answer.isEmpty && !answer.hasPrefix("[no answer"), "\(screen)")
        #expect(!answer.contains("Input:") && !answer.contains("Output:"), "\(screen)")
        try terminal.line("/tokens")
        screen = terminal.wait { $0.contains("context: ") }
        #expect(screen.contains(" of 4096 (embedded)"), "the transcript is counted by the backend: \(screen)")
        let used = Int(screen.components(separatedBy: "context: ").last?.split(separator: " ").first ?? "") ?? 0
        #expect(used > 13, "the kept turn counts: \(screen)")
        try terminal.line("/reset")
        screen = terminal.wait { $0.contains("transcript cleared") }
        try terminal.line("/nonsense")
        screen = terminal.wait { $0.contains("unknown command /nonsense") }
        #expect(screen.contains("error: unknown command /nonsense; /help lists them"), "\(screen)")
        try terminal.press("C-d")
        screen = terminal.wait(10) { $0.contains("[chat exited]") }
        #expect(screen.contains("[chat exited]"), "Ctrl-D ends the chat: \(screen)")
    }

    @Test func ctrlCCancelsTheAnswerAndTheChatGoesOn() throws {
        // A llama-server that streams its answer one byte a second: the answer is still coming
        // when Ctrl-C is pressed.
        let slow = try ChaosServer(.llamaServer, fault: .slowBytes, valid: "A turtle walked slowly to the sea.")
        defer { slow.stop() }
        let config = try GuidedCommandTests.temporaryFile(
            "slow.json",
            #"{"backends":[{"name":"slow","kind":"llama-server","url":"\#(slow.baseURL)"}],"route":["slow"]}"#)
        let terminal = try Terminal("--config \(config)")
        _ = terminal.wait(10) { $0.contains("guided chat") }
        try terminal.line("Tell a story about a turtle.")
        Thread.sleep(forTimeInterval: 1.5)
        try terminal.press("C-c")
        var screen = terminal.wait(20) { $0.contains("[answer cancelled]") }
        #expect(screen.contains("[answer cancelled]"), "\(screen)")
        try terminal.line("/reset")
        screen = terminal.wait(10) { $0.contains("transcript cleared") }
        #expect(screen.contains("transcript cleared"), "the chat goes on after a cancelled answer: \(screen)")
        try terminal.line("/quit")
        screen = terminal.wait(10) { $0.contains("[chat exited]") }
        #expect(screen.contains("[chat exited]"), "\(screen)")
    }

    @Test func aBackendThatIsDownPrintsTheReasonAndTheChatGoesOn() throws {
        let dead = try ReservedPort(.refuse)
        let config = try GuidedCommandTests.temporaryFile(
            "dead.json",
            #"{"backends":[{"name":"local","kind":"llama-server","url":"\#(dead.baseURL)"}],"route":["local"]}"#)
        let terminal = try Terminal("--config \(config)")
        _ = terminal.wait(10) { $0.contains("guided chat") }
        try terminal.line("Hello?")
        var screen = terminal.wait(30) { $0.contains("[no answer: ") }
        #expect(screen.contains("[no answer: noBackendAvailable"), "\(screen)")
        try terminal.line("/help")
        screen = terminal.wait(10) { $0.contains("/instructions TEXT") }
        #expect(screen.contains("/tokens"), "\(screen)")
        try terminal.line("/quit")
        screen = terminal.wait(10) { $0.contains("[chat exited]") }
        #expect(screen.contains("[chat exited]"))
    }
}
