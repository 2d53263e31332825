import Foundation
import GuidedSchema
import GuidedTestSupport
import GuidedTestTraits
import Testing

/// Issue 23's terminal findings, each reproduced: text a server controls (an error body, a
/// streamed partial) or a configuration string reaching the terminal with its escape sequences,
/// carriage returns, NULs and line breaks, one of which could forge a `trace:` line.
@Suite(.ownThreads) struct TerminalSafetyTests {
    /// A clipboard write (OSC 52), a screen clear, a carriage return, a NUL, a line break that
    /// starts a forged trace line, a C1 CSI and a DEL.
    static let hostile = "boom \u{1B}]52;c;aGk=\u{07}\u{1B}[2J\rover\u{0}\ntrace: forged: ok\u{9B}31m\u{7F}end"

    /// Control characters other than line feed (and tab, on stdout) left in `text`.
    static func rawControls(_ text: String, allowing allowed: Set<Unicode.Scalar> = ["\n"]) -> [UInt32] {
        text.unicodeScalars.filter { ($0.value < 0x20 || (0x7F...0x9F).contains($0.value)) && !allowed.contains($0) }
            .map(\.value)
    }

    /// A stub speaking `kind` whose generation endpoint answers `500` with `hostile` in its error.
    static func failingServer(_ kind: String) throws -> (server: StubHTTPServer, url: String, model: String) {
        let server = try StubHTTPServer()
        let error = #"{"error":{"message":\#(GeneratedContent(hostile).jsonText())}}"#
        switch kind {
        case "llama-server":
            server.route("GET", "/health") { _ in .json(#"{"status":"ok"}"#) }
            server.route("POST", "/completion") { _ in .json(status: 500, error) }
            return (server, server.baseURL, "")
        case "ollama":
            server.route("GET", "/api/tags") { _ in .json(#"{"models":[{"name":"m:latest"}]}"#) }
            server.route("POST", "/api/generate") { _ in .json(status: 500, error) }
            return (server, server.baseURL, #","model":"m""#)
        default:
            server.route("GET", "/v1/models") { _ in .json(#"{"object":"list","data":[{"id":"m"}]}"#) }
            server.route("POST", "/v1/chat/completions") { _ in .json(status: 400, error) }
            return (server, server.baseURL + "/v1", #","model":"m""#)
        }
    }

    /// A configuration with one backend, `b`, in a file of its own (`name`: one per test case, as
    /// the cases of one test share a directory).
    static func configuration(kind: String, url: String, model: String, name: String? = nil) throws -> String {
        try GuidedCommandTests.temporaryFile(
            "\(name ?? kind).json",
            #"{"backends":[{"name":"b","kind":"\#(kind)","url":"\#(url)"\#(model)}],"route":["b"]}"#)
    }

    @Test(arguments: ["llama-server", "ollama", "openai-compatible"])
    func aServersErrorMessageReachesTheTraceEscapedOnOneLine(kind: String) throws {
        let (server, url, model) = try Self.failingServer(kind)
        defer { server.stop() }
        let config = try Self.configuration(kind: kind, url: url, model: model)
        let run = try GuidedCommandTests.guided(
            "generate", "--schema", "schemas/RewrittenNotification.json", "--prompt", "Rewrite", "--config", config,
            "--no-quality-checks")
        #expect(run.status == 3, "\(run.stderr)")
        #expect(Self.rawControls(run.stderr).isEmpty, "\(run.stderr.debugDescription)")
        let traces = run.stderr.split(separator: "\n").filter { $0.hasPrefix("trace:") }
        #expect(traces.count == 1, "\(run.stderr.debugDescription)")
        #expect(
            traces.first?.contains(#"boom \e]52;c;aGk=\x07\e[2J\rover\x00\ntrace: forged: ok\u{9B}31m\x7Fend"#) == true,
            "\(run.stderr.debugDescription)")
    }

    /// An `openai-compatible` stub streaming `hostile` as the model's text.
    static func streamingServer(_ text: String) throws -> StubHTTPServer {
        let server = try StubHTTPServer()
        func chunk(_ delta: String, _ reason: String = "null") -> String {
            #"data: {"choices":[{"index":0,"delta":\#(delta),"finish_reason":\#(reason)}]}"# + "\n\n"
        }
        let pieces = [text.prefix(9), text.dropFirst(9)].map(String.init)
        let chunks =
            pieces.map { chunk(#"{"content":\#(GeneratedContent($0).jsonText())}"#) }
            + [chunk("{}", #""stop""#), "data: [DONE]\n\n"]
        server.route("GET", "/v1/models") { _ in .json(#"{"object":"list","data":[{"id":"m"}]}"#) }
        server.route("POST", "/v1/chat/completions") { _ in .sse(chunks, delay: .zero) }
        return server
    }

    @Test func aStreamedPartialOnStderrIsEscapedAndForgesNoTraceLine() throws {
        let server = try Self.streamingServer(#"{"text":""# + Self.hostile + #""}"#)
        defer { server.stop() }
        let config = try Self.configuration(
            kind: "openai-compatible", url: server.baseURL + "/v1", model: #","model":"m""#)
        let run = try GuidedCommandTests.guided(
            "generate", "--schema", "schemas/RewrittenNotification.json", "--prompt", "Rewrite", "--config", config,
            "--no-quality-checks", "--stream")
        #expect(run.status == 3, "\(run.stderr)")
        #expect(Self.rawControls(run.stderr).isEmpty, "\(run.stderr.debugDescription)")
        #expect(
            run.stderr.split(separator: "\n").filter { $0.hasPrefix("trace:") }.count == 1,
            "\(run.stderr.debugDescription)")
        #expect(
            run.stderr.contains(#"{"text":"boom \e]52;c;aGk=\x07\e[2J\rover\x00\ntrace: forged"#),
            "\(run.stderr.debugDescription)")
    }

    @Test(arguments: [false, true])
    func aFreeTextAnswerOnStdoutKeepsItsLineBreaksAndEscapesTheRest(streamed: Bool) throws {
        let server = try Self.streamingServer("Hello\tthere \u{1B}[2J\rgone\u{0}\nsecond line\u{9B}")
        defer { server.stop() }
        let config = try Self.configuration(
            kind: "openai-compatible", url: server.baseURL + "/v1", model: #","model":"m""#,
            name: "streamed-\(streamed)")
        let run = try GuidedCommandTests.guided(
            arguments: ["respond", "--prompt", "Hi", "--config", config] + (streamed ? ["--stream"] : []))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "Hello\tthere \\e[2J\\rgone\\x00\nsecond line\\u{9B}\n", "\(run.stdout.debugDescription)")
    }

    @Test func aPoolMemberNameWithAControlCharacterIsRefusedLikeATopLevelName() throws {
        let config = try GuidedCommandTests.temporaryFile(
            "pool.json",
            #"{"backends":[{"name":"p","kind":"pool","members":[{"name":"m\u001b[2J","kind":"llama-server","url":"http://127.0.0.1:9"}]}]}"#
        )
        let run = try GuidedCommandTests.guided("backends", "--config", config)
        #expect(run.status == 2, "\(run.stdout)")
        #expect(run.stderr.contains("a backend name cannot contain control characters (U+1B)"), "\(run.stderr)")
        #expect(run.stderr.contains("/backends/0/members/0/name"), "\(run.stderr)")
        #expect(Self.rawControls(run.stderr + run.stdout).isEmpty, "\(run.stderr.debugDescription)")
    }

    @Test(arguments: [
        #"{"backends":[{"name":"b","kind":"llama\u001b]52;c;aGk=\u0007"}]}"#,
        #"{"backends":[{"name":"b","kind":"llama-server","url":"http://127.0.0.1:9","x\r\ntrace: ok":1}]}"#,
        #"{"backends":[{"name":"b","kind":"llama-server","url":"http://127.0.0.1:9"}],"route":["b\u001b[2J"]}"#,
        #"{"backends":[{"name":"b","kind":"openai-compatible","url":"http://127.0.0.1:9/v1","model":"m","apiKeyEnv":"K\u001b[2J"}]}"#,
    ])
    func aConfigurationStringReachesTheTerminalEscaped(document: String) throws {
        let config = try GuidedCommandTests.temporaryFile(
            "hostile-\(UInt(bitPattern: document.hashValue)).json", document)
        let run = try GuidedCommandTests.guided("backends", "--config", config)
        #expect(
            Self.rawControls(run.stderr + run.stdout).isEmpty,
            "\(run.stderr.debugDescription) \(run.stdout.debugDescription)")
        #expect(!(run.stderr + run.stdout).split(separator: "\n").contains { $0.hasPrefix("trace:") })
        #expect(
            run.stderr.contains(#"\e"#) || run.stderr.contains(#"\r\n"#) || run.stdout.contains(#"K\e[2J (apiKeyEnv)"#),
            "\(run.stderr) \(run.stdout)")
    }

    @Test func aModelNameReachesTheBackendsLineEscaped() throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("GET", "/api/tags") { _ in .json(#"{"models":[]}"#) }
        let config = try GuidedCommandTests.temporaryFile(
            "model.json",
            #"{"backends":[{"name":"b","kind":"ollama","url":"\#(server.baseURL)","model":"m\u001b[2J\ntrace: ok"}]}"#)
        let run = try GuidedCommandTests.guided("backends", "--config", config)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.split(separator: "\n").count == 1, "\(run.stdout.debugDescription)")
        #expect(run.stdout.contains(#"has no model m\e[2J\ntrace: ok"#), "\(run.stdout.debugDescription)")
    }
}

/// Issue 23's decoded-key finding as `guided generate` shows it: a key the model wrote with JSON
/// escapes reached the value on stdout, every candidate's output in `--json` and the trace.
@Suite(.ownThreads) struct EscapedKeyCommandTests {
    @Test(arguments: [false, true])
    func aKeyTheModelWritesEscapedIsRedactedInTheValueTheCandidatesAndTheTrace(json: Bool) throws {
        let key = "sk-cli-\(UInt64.random(in: 1...UInt64.max))-KEY"
        let escaped = key.utf16.map {
            "\\u" + String(repeating: "0", count: 4 - String($0, radix: 16).count) + String($0, radix: 16)
        }
        .joined()
        let server = try TerminalSafetyTests.streamingServer(#"{"text":"your key is \#(escaped)"}"#)
        defer { server.stop() }
        let config = try GuidedCommandTests.temporaryFile(
            "key-\(json).json",
            #"{"backends":[{"name":"b","kind":"openai-compatible","url":"\#(server.baseURL)/v1","model":"m","apiKeyEnv":"GUIDED_CLI_ESCAPED_KEY"}],"route":["b"]}"#
        )
        let run = try GuidedCommandTests.guided(
            arguments: [
                "generate", "--schema", "schemas/RewrittenNotification.json", "--prompt", "Rewrite", "--config", config,
                "--no-quality-checks", "--candidates", "2",
            ] + (json ? ["--json"] : []),
            environment: ["GUIDED_CLI_ESCAPED_KEY": key])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!(run.stdout + run.stderr).contains(key), "\(run.stdout) \(run.stderr)")
        #expect(run.stdout.contains(#""your key is [redacted]""#), "\(run.stdout)")
    }
}
