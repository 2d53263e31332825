import Foundation
import GuidedTestSupport
import GuidedTestTraits
import Testing

/// `guided chat` in a real terminal: tmux runs it, the test types commands and prompts with
/// `send-keys` and reads the screen with `capture-pane`, against the embedded model.
@Suite(.ownThreads) struct ChatCommandTests {
    /// One tmux server of its own, running `guided chat` in its only session; the server is
    /// ended when the test ends.
    ///
    /// tmux is started through `/bin/bash` with every inherited descriptor above standard error
    /// closed and standard input, output and error on `/dev/null`: the server it forks outlives
    /// the client, and a pipe of the test process (or of the test runner above it) left open in
    /// the server would keep that pipe from ever reaching its end.
    final class Terminal {
        let socket = "guided-chat-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"

        init(_ arguments: String = "") throws {
            let guided = GuidedCommandTests.repository + "/.build/debug/guided"
            let command =
                "cd \(GuidedCommandTests.repository) && \(guided) chat \(arguments); echo '[chat exited]'; sleep 60"
            let detached = """
                for fd in /proc/self/fd/*; do n=${fd##*/}; [ "$n" -gt 2 ] && eval "exec $n>&-"; done
                exec /usr/bin/tmux -L "$0" new-session -d -s chat -x 160 -y 50 "$1" </dev/null >/dev/null 2>&1
                """
            let run = try ExecutableRun.run("/bin/bash", ["-c", detached, socket, command], directory: "/tmp")
            guard run.status == 0 else { throw Self.failure("new-session", run) }
        }

        /// Ends the session first: tmux 3.3 answers `kill-server` and lets a server whose pane
        /// is still running live on.
        deinit {
            _ = try? tmux("kill-session", "-t", "chat")
            _ = try? tmux("kill-server")
        }

        static func failure(_ what: String, _ run: ExecutableRun) -> CocoaError {
            CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "tmux \(what): \(run.stderr)"])
        }

        @discardableResult
        func tmux(_ arguments: String...) throws -> String {
            let run = try ExecutableRun.run(
                "/usr/bin/tmux", ["-L", socket] + arguments, directory: "/tmp", stdin: "")
            guard run.status == 0 else { throw Self.failure("\(arguments)", run) }
            return run.stdout
        }

        func type(_ text: String) throws { try tmux("send-keys", "-t", "chat", "-l", text) }
        func press(_ key: String) throws { try tmux("send-keys", "-t", "chat", key) }
        func line(_ text: String) throws {
            try type(text)
            try press("Enter")
        }

        var screen: String { (try? tmux("capture-pane", "-t", "chat", "-p", "-S", "-200")) ?? "" }

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
        #expect(screen.contains("new session; instructions: 29 tokens"), "Qwen's chat template around them: \(screen)")
        try terminal.line("/temperature 9")
        screen = terminal.wait { $0.contains("error: /temperature") }
        #expect(screen.contains("error: /temperature needs a number from 0 to 2 or default"), "\(screen)")
        try terminal.line("/sampling greedy")
        // Not "sampling greedy" alone: the typed command shows it before the chat has answered.
        screen = terminal.wait { $0.contains("temperature default, sampling greedy") }
        #expect(screen.contains("temperature default, sampling greedy, seed none"), "\(screen)")
        try terminal.line("What do bees make?")
        screen = terminal.wait { terminal.prompts($0) >= 5 && $0.contains("What do bees make?\n") }
        let afterQuestion = screen.components(separatedBy: "> What do bees make?\n").last ?? ""
        let answer = afterQuestion.split(separator: "\n").first.map(String.init) ?? ""
        #expect(!answer.isEmpty && !answer.hasPrefix("[no answer"), "\(screen)")
        #expect(!answer.contains("Input:") && !answer.contains("Output:"), "\(screen)")
        // The instruction steers the answer: one short sentence, the model's own.
        #expect(InstructionCheck.globalFailure(answer: answer, prompt: "What do bees make?") == nil, "\(screen)")
        #expect(InstructionCheck.sentences(min: 1, max: 1).failure(in: answer, prompt: "") == nil, "\(screen)")
        try terminal.line("/tokens")
        screen = terminal.wait { $0.contains("context: ") }
        #expect(screen.contains(" of 4096 (embedded)"), "the transcript is counted by the backend: \(screen)")
        let used = Int(screen.components(separatedBy: "context: ").last?.split(separator: " ").first ?? "") ?? 0
        #expect(used > 29, "the kept turn counts: \(screen)")
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
