import Foundation
import GuidedTestSupport
import GuidedTestTraits
import Testing

/// The probe's server cases of `scripts/probe_suite/cases_terminal.py`: a plain-text 502, a status
/// line's reason, a stream error event, a partial, a `Retry-After`, a value, a `respond` answer or an
/// availability listing carries the probe's hostile text (OSC 52 and 8, a screen clear, DCS, BS, BEL,
/// CR, NUL, a forged `trace:` line, C1, DEL), and `guided` shows it with no raw control character and
/// no forged trace line. Also two neighbours: a short URL password echoed, a model not listed.
@Suite(.ownThreads) struct ProbeTerminalServerTests {
    /// The probe's `HOSTILE` text.
    static let hostile =
        "boom \u{1B}]52;c;cHduZWQ=\u{07}\u{1B}]8;;http://evil.example/\u{1B}\\link\u{1B}]8;;\u{1B}\\"
        + "\u{1B}[2J\u{1B}P1$r\u{1B}\\\u{08}\u{08}\u{07}\rover\u{0}\n"
        + "trace: forged: ok\u{9B}31m\u{9D}0;t\u{07}\u{85}\u{7F}end"

    /// A server dialect as the probe's `FaultServer` speaks it.
    enum Dialect: String, Sendable {
        case llama, ollama, openai

        var kind: String { ["llama": "llama-server", "ollama": "ollama", "openai": "openai-compatible"][rawValue]! }
        var generationPath: String {
            ["llama": "/completion", "ollama": "/api/generate", "openai": "/v1/chat/completions"][rawValue]!
        }
        var streamType: String { self == .ollama ? "application/x-ndjson" : "text/event-stream" }

        /// The probe's `backend()` entry in a configuration of its own, the server at `{url}`.
        var configuration: String {
            let url = self == .openai ? "{url}/v1" : "{url}"
            let model = self == .llama ? "" : #","model":"m""#
            return #"{"backends":[{"name":"b","kind":"\#(kind)","url":"\#(url)""# + model
                + #","timeoutSeconds":8,"idleTimeoutSeconds":4}]}"#
        }

        /// What a healthy server of this dialect answers outside generation.
        var healthyEndpoints: [(String, String, String)] {
            switch self {
            case .llama:
                [
                    ("GET", "/health", #"{"status":"ok"}"#),
                    ("GET", "/props", #"{"default_generation_settings":{"n_ctx":4096},"total_slots":4}"#),
                    ("POST", "/tokenize", #"{"tokens":[\#((1...20).map(String.init).joined(separator: ","))]}"#),
                ]
            case .ollama:
                [
                    ("GET", "/api/tags", #"{"models":[{"name":"m:latest","model":"m:latest"}]}"#),
                    ("POST", "/api/show", #"{"model_info":{"gemma3.context_length":4096}}"#),
                ]
            case .openai: [("GET", "/v1/models", #"{"object":"list","data":[{"id":"m","object":"model"}]}"#)]
            }
        }

        /// One streamed event carrying `literal`, a JSON string literal.
        func event(_ literal: String) -> String {
            switch self {
            case .llama: #"data: {"content":\#(literal),"stop":false,"tokens_predicted":1}"# + "\n\n"
            case .ollama: #"{"model":"m","response":\#(literal),"done":false}"# + "\n"
            case .openai:
                #"data: {"id":"c1","object":"chat.completion.chunk","choices":[{"index":0,"delta":"#
                    + #"{"content":\#(literal)},"finish_reason":null}]}"# + "\n\n"
            }
        }

        /// The events that end a stream.
        var finalEvents: [String] {
            switch self {
            case .llama:
                [
                    #"data: {"content":"","stop":true,"stop_type":"eos","truncated":false,"tokens_predicted":12,"#
                        + #""tokens_evaluated":40}"# + "\n\n"
                ]
            case .ollama: [#"{"model":"m","response":"","done":true,"done_reason":"stop","eval_count":12}"# + "\n"]
            case .openai:
                [
                    #"data: {"id":"c1","object":"chat.completion.chunk","choices":[{"index":0,"delta":{},"#
                        + #""finish_reason":"stop"}]}"# + "\n\n", "data: [DONE]\n\n",
                ]
            }
        }

        /// The probe's `answer()`: the events of `literals`, then the final ones, in one body. (The
        /// probe repeats it per `n_cmpl` completion; every case here asks for one.)
        func answer(literals: [String]) -> StubResponse {
            let body = (literals.map(event) + finalEvents).joined()
            return .full(status: 200, headers: [StubHeader("Content-Type", streamType)], body: Array(body.utf8))
        }

        /// `text` streamed in about four events, as the probe's `answer(text)` cuts it.
        func answer(_ text: String) -> StubResponse {
            let count = text.unicodeScalars.count
            let size = max(1, count / 4)
            let pieces = stride(from: 0, to: count, by: size).map {
                ProbeTerminalServerTests.codePoints(of: text, $0..<min($0 + size, count))
            }
            return answer(literals: pieces.map { ProbeTerminalServerTests.quoted($0) })
        }

        /// An error body in the dialect's shape, its message a JSON string literal.
        func errorBody(_ status: Int, _ literal: String) -> String {
            self == .ollama
                ? #"{"error":\#(literal)}"#
                : #"{"error":{"code":\#(status),"message":\#(literal),"type":"server_error"}}"#
        }
    }

    /// `text` as a JSON string literal the way Python's `json.dumps` writes it: control
    /// characters escaped, the rest raw (the probe's `jq`), or everything outside printable ASCII
    /// escaped too (`asciiOnly`, `json.dumps`' default).
    static func quoted(_ text: String, asciiOnly: Bool = false) -> String {
        let short: [Unicode.Scalar: String] = [
            "\"": "\\\"", "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\u{08}": "\\b", "\u{0C}": "\\f",
        ]
        var out = "\""
        for scalar in text.unicodeScalars {
            if let escape = short[scalar] {
                out += escape
            } else if scalar.value < 0x20 || (asciiOnly && scalar.value > 0x7E) {
                for unit in scalar.utf16 {
                    let hex = String(unit, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                }
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// The code points of `text` in `range`, clamped to its length (Python's `text[a:b]`).
    static func codePoints(of text: String, _ range: Range<Int>) -> String {
        let scalars = Array(text.unicodeScalars)
        return String(String.UnicodeScalarView(scalars[range.clamped(to: 0..<scalars.count)]))
    }

    /// `text` with each of `spaced` turned into a space and each of `dropped` left out.
    static func rewritten(
        _ text: String, spacing spaced: Set<Unicode.Scalar>, dropping dropped: Set<Unicode.Scalar> = []
    ) -> String {
        let kept = text.unicodeScalars.filter { !dropped.contains($0) }
        return String(String.UnicodeScalarView(kept.map { spaced.contains($0) ? " " : $0 }))
    }

    /// What the case's server does unlike a healthy one: generation answers a plain-text `502` of
    /// `hostile`; `hostile` as a status line's reason (line breaks as spaces, NULs kept or not); a
    /// stream error event of it; `{"text":"`, `hostile` in two raw pieces, `"}`; a `429` with escapes
    /// in `Retry-After`; a streamed text; a `500` error. Or another `endpoint` answers a status and body.
    enum Reply: Sendable {
        case plain502
        case reasonPhrase(keepingNUL: Bool)
        case streamErrorEvent, partial, retryAfter
        case answer(String)
        case error(String)
        case endpoint(method: String, path: String, status: Int, body: String)
    }

    /// A probe case with the server it runs against.
    struct ServerCase: Sendable, CustomTestStringConvertible {
        var probe: ProbeCase
        var dialect: Dialect
        var reply: Reply
        /// A password the configured URL carries (`http://probe:<password>@…`).
        var password: String? = nil
        var testDescription: String { probe.name }
    }

    static func response(_ reply: Reply, _ dialect: Dialect) -> StubResponse {
        switch reply {
        case .plain502: return .text(status: 502, hostile)
        case .reasonPhrase(let keepingNUL):
            let reason = rewritten(hostile, spacing: ["\n", "\r"], dropping: keepingNUL ? [] : ["\u{0}"])
            return .raw(Array("HTTP/1.1 500 \(reason)\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}".utf8))
        case .streamErrorEvent:
            let body =
                dialect == .ollama
                ? #"{"error":\#(quoted(hostile))}"# + "\n"
                : #"data: {"error":{"message":\#(quoted(hostile))}}"# + "\n\n"
            return .full(status: 200, headers: [StubHeader("Content-Type", dialect.streamType)], body: Array(body.utf8))
        case .partial:
            let pieces = [
                #"{"text":""#, codePoints(of: hostile, 0..<20), codePoints(of: hostile, 20..<Int.max), #""}"#,
            ]
            return dialect.answer(literals: pieces.map { quoted($0) })
        case .retryAfter:
            return .json(
                status: 429, headers: [StubHeader("Retry-After", "7\u{1B}[2J\u{1B}]52;c;eA==\u{07}")],
                dialect.errorBody(429, quoted("slow down")))
        case .answer(let text): return dialect.answer(text)
        case .error(let message): return .json(status: 500, dialect.errorBody(500, quoted(message)))
        case .endpoint: return dialect.answer(#"{"text":"Back in March you fed the starter twice."}"#)
        }
    }

    /// Starts the case's server, runs the case against it, stops it.
    static func check(_ row: ServerCase) throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        for (method, path, body) in row.dialect.healthyEndpoints { server.route(method, path) { _ in .json(body) } }
        if case .endpoint(let method, let path, let status, let body) = row.reply {
            server.route(method, path) { _ in .json(status: status, body) }
        }
        let (dialect, reply) = (row.dialect, row.reply)
        server.route("POST", dialect.generationPath) { _ in response(reply, dialect) }
        let url = row.password.map { server.baseURL.replacingOccurrences(of: "http://", with: "http://probe:\($0)@") }
        try ProbeRun.check(row.probe, url: url ?? server.baseURL)
    }

    /// A case whose configuration is the probe's one backend of `dialect`, at `{dir}/guided.json`.
    static func row(
        _ name: String, _ dialect: Dialect, _ reply: Reply, _ arguments: [String], exits: Set<Int32> = [0, 3],
        traces: Int? = 1, files: [String: ProbeFile] = [:], password: String? = nil
    ) -> ServerCase {
        ServerCase(
            probe: ProbeCase(
                name: name, arguments: arguments,
                files: files.merging(["guided.json": .text(dialect.configuration)]) { _, new in new }, exits: exits,
                traces: traces),
            dialect: dialect, reply: reply, password: password)
    }

    /// The probe's `G CFG` with `flags`, the schema swapped for `schema` when given.
    static func generate(_ flags: [String], schema: String = ProbeCase.notification) -> [String] {
        ["generate", "--schema", schema] + ProbeCase.generate(config: "{dir}/guided.json", flags).dropFirst(3)
    }

    static let shortSchema =
        #"{"type":"object","properties":{"text":{"type":"string","maxLength":10}},"required":["text"],"#
        + #""additionalProperties":false}"#

    /// The probe's model answer `{"text": <text>}`, as Python's `json.dumps` spells it.
    static func textAnswer(_ text: String) -> String { "{\"text\": \(quoted(text, asciiOnly: true))}" }

    static let generateRows: [(String, Dialect, Reply, [String])] = [
        ("plain-502", .llama, .plain502, []), ("plain-502", .ollama, .plain502, []),
        ("plain-502", .openai, .plain502, ["--json"]), ("reason-phrase", .llama, .reasonPhrase(keepingNUL: true), []),
        ("reason-phrase-no-nul", .openai, .reasonPhrase(keepingNUL: false), []),
        ("reason-phrase-no-nul", .ollama, .reasonPhrase(keepingNUL: false), []),
        ("stream-error-event", .openai, .streamErrorEvent, []),
        ("stream-error-event", .llama, .streamErrorEvent, ["--stream"]),
        ("stream-error-event", .ollama, .streamErrorEvent, []), ("partial", .llama, .partial, ["--stream"]),
        ("partial", .ollama, .partial, ["--stream"]), ("retry-after", .openai, .retryAfter, []),
        ("valid-value", .openai, .answer(textAnswer(codePoints(of: hostile, 0..<60))), []),
        ("valid-value", .llama, .answer(textAnswer(codePoints(of: hostile, 0..<60))), ["--json"]),
    ]

    static let generateReplies: [ServerCase] = generateRows.map { shape, dialect, reply, flags in
        row("hostile-\(shape)-\(dialect.rawValue)\(flags.joined())", dialect, reply, generate(flags))
    }

    /// Three times `hostile` for a text the schema allows 10 characters of.
    static let invalidValues: [ServerCase] = [(Dialect.llama, ["--json"]), (Dialect.ollama, [String]())].map {
        dialect, flags in
        row(
            "hostile-invalid-value-\(dialect.rawValue)\(flags.joined())", dialect,
            .answer(textAnswer(hostile + hostile + hostile)), generate(flags, schema: "{dir}/short.json"),
            files: ["short.json": .text(shortSchema)])
    }

    static let responds: [ServerCase] = [
        (Dialect.llama, [String]()), (Dialect.ollama, ["--stream"]), (Dialect.openai, ["--json"]),
    ].map { dialect, flags in
        row(
            "hostile-respond-\(dialect.rawValue)\(flags.joined())", dialect,
            .answer(rewritten(hostile, spacing: ["\n"]) + " And a second sentence."),
            ["respond", "--prompt", "Hi", "--config", "{dir}/guided.json"] + flags)
    }

    static let replies: [ServerCase] = generateReplies + invalidValues + responds

    static let backends = ["backends", "--config", "{dir}/guided.json"]

    /// `guided backends` against a server whose `path` answers `status` and `body`.
    static func listing(_ name: String, _ dialect: Dialect, _ path: String, _ status: Int, _ body: String)
        -> ServerCase
    {
        row(
            name, dialect, .endpoint(method: "GET", path: path, status: status, body: body), backends, exits: [0],
            traces: nil)
    }

    static let listings: [ServerCase] = [
        listing(
            "hostile-availability-ollama", .ollama, "/api/tags", 200,
            #"{"models": [{"name": \#(quoted("other" + hostile, asciiOnly: true)), "model": "x"}]}"#),
        listing(
            "hostile-availability-openai", .openai, "/v1/models", 200,
            #"{"object": "list", "data": [{"id": \#(quoted(hostile, asciiOnly: true))}]}"#),
        listing("hostile-availability-llama", .llama, "/health", 503, Dialect.llama.errorBody(503, quoted(hostile))),
    ]

    static let neighbours: [ServerCase] = [
        row(
            "short-password-echoed-in-error", .llama, .error("auth failed for probe:hunter2"), generate([]),
            exits: [2, 3], traces: nil, password: "hunter2"),
        listing(
            "openai-model-not-listed", .openai, "/v1/models", 200,
            #"{"object":"list","data":[{"id":"other-model","object":"model"}]}"#),
    ]

    @Test(arguments: replies) func aHostileReplyReachesTheTerminalEscapedWithNoForgedTrace(_ row: ServerCase) throws {
        try Self.check(row)
    }

    @Test(arguments: listings) func anAvailabilityAnswerWithEscapesIsListedCleanly(_ row: ServerCase) throws {
        try Self.check(row)
    }

    @Test(arguments: neighbours) func anEchoedShortPasswordOrAnUnlistedModelEndsAsExpected(_ row: ServerCase) throws {
        try Self.check(row)
    }
}
