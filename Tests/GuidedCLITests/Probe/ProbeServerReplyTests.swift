import Foundation
import GuidedTestSupport
import GuidedTestTraits
import Testing

/// The probe's broken and oversized server replies: invalid UTF-8 in a streamed value, an error
/// body or a model listing (`cases_encoding_schemas.py`), bodies of 10 to 100 MB, a stream without
/// end and header lines without end (`cases_memory.py`), and headers of a megabyte, 20,000
/// headers or a line that is no header (`cases_unclear.py`). Each ends within its time with one
/// trace line, the oversized ones saying what was too large. Its second table holds the model's
/// replies nested deep or holding huge numbers (`cases_numbers.py`), which ship as strict JSON
/// or fail.
@Suite(.ownThreads) struct ProbeServerReplyTests {
    typealias Dialect = ProbeFaultServer.Dialect
    typealias Fault = ProbeFaultServer

    /// What the server sends, by the probe's label.
    enum Reply: String, Sendable {
        case invalidInContent = "utf8-invalid-in-content"
        case overlong = "utf8-overlong"
        case surrogateBytes = "utf8-surrogate-bytes"
        case loneSurrogateEscape = "utf8-lone-surrogate-escape"
        case splitSequence = "utf8-split-sequence"
        case errorBody = "utf8-error-body"
        case invalidModelID = "utf8-invalid-model-id-listing"
        case wholeJSON60MB = "body-whole-json-60mb"
        case error100MB = "body-error-100mb"
        case oneLine10MB = "body-one-line-10mb"
        case event10MB = "body-event-10mb"
        case endless = "body-endless"
        case endlessHeaders = "body-endless-headers"
        case oneMegabyteHeader = "header-one-1mb-header"
        case oneHeaderOf300KB = "header-one-300kb-header"
        case smallHeaders = "header-20k-small-headers"
        case healthHeaderOf1MB = "header-health-1mb-header"
        case headerWithoutColon = "header-header-without-colon"

        /// The case's name in the probe: the label, then the dialect where the probe adds it.
        func name(_ dialect: Dialect) -> String {
            rawValue.hasPrefix("header-") || self == .invalidModelID ? rawValue : rawValue + "-\(dialect)"
        }

        /// The server that sends it.
        func server(_ dialect: Dialect) -> ProbeFaultServer {
            switch self {
            case .invalidModelID:
                let body = Array(#"{"object":"list","data":[{"id":"x"#.utf8) + [0xFF] + Array("\u{1B}[2J\"}]}".utf8)
                let listing: Fault.Answer = { _, _ in Fault.send(body) }
                return Fault(dialect: dialect, routes: ["/v1/models": listing])
            case .healthHeaderOf1MB:
                let head = "HTTP/1.1 200 OK\r\nX-Big: " + String(repeating: "b", count: 1 << 20)
                let bytes = Array((head + "\r\nContent-Length: 15\r\n\r\n" + #"{"status":"ok"}"#).utf8)
                let health: Fault.Answer = { _, _ in .raw(bytes) }
                return Fault(dialect: dialect, routes: ["/health": health])
            default:
                let reply = self
                return Fault(dialect: dialect, generation: { _, _ in reply.generation(dialect) })
            }
        }

        /// The generation endpoint's answer.
        func generation(_ dialect: Dialect) -> StubResponse {
            let type = [StubHeader("Content-Type", dialect.contentType)]
            let megabyte = [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20)
            func streamed(_ literal: [UInt8]) -> StubResponse {
                Fault.send(
                    Fault.event(dialect, literalBytes: literal) + Array(Fault.finalEvents(dialect).utf8),
                    contentType: dialect.contentType)
            }
            func headed(_ extra: String) -> StubResponse {
                let head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n" + extra
                return .raw(Array((head + "Connection: close\r\n\r\n" + Fault.events(dialect, Fault.good)).utf8))
            }
            let textStart = Array(#""{\"text\":\"a"#.utf8)
            let textEnd = Array(#" b\"}""#.utf8)
            switch self {
            case .invalidInContent:
                return streamed(Array(#""{\"text\":\"caf"#.utf8) + [0xFF, 0xFE] + Array(#"\"}""#.utf8))
            case .overlong: return streamed(textStart + [0xC0, 0xAF] + textEnd)
            case .surrogateBytes: return streamed(textStart + [0xED, 0xA0, 0x80] + textEnd)
            case .loneSurrogateEscape: return streamed(Array(#""{\"text\":\"a \\ud800 b\"}""#.utf8))
            case .splitSequence:
                // One valid event, its bytes written in two parts cut inside the two-byte "é".
                let literal = Fault.quoted(#"{"text":"café ok"}"#)
                let whole = Array((Fault.event(dialect, literal: literal) + Fault.finalEvents(dialect)).utf8)
                let cut = (whole.firstIndex(of: 0xC3) ?? 0) + 1
                let chunks = [
                    StubChunk(Array(whole[..<cut])), StubChunk(Array(whole[cut...]), after: .milliseconds(200)),
                ]
                return .stream(status: 200, headers: type, chunks: chunks, framing: .closeDelimited)
            case .errorBody:
                let message = Array(#"{"error":{"message":"bad "#.utf8) + [0xFF, 0xFE, 0xC0, 0xAF]
                return Fault.send(status: 500, message + Array(" bytes \u{1B}[2J\"}}".utf8))
            case .wholeJSON60MB:
                var body = Array(#"{"content":""#.utf8)
                for _ in 0..<60 { body += megabyte }
                return Fault.send(body + Array(#""}"#.utf8))
            case .error100MB:
                let headers = [StubHeader("Content-Type", "application/json"), StubHeader("Connection", "close")]
                return .cut(
                    status: 500, headers: headers,
                    chunks: [StubChunk(#"{"error":{"message":""#)] + Array(repeating: StubChunk(megabyte), count: 100),
                    declaredLength: 100 << 20)
            case .oneLine10MB:
                let start = StubChunk(dialect == .ollama ? #"{"response":""# : #"data: {"content":""#)
                let chunks = [start] + Array(repeating: StubChunk(megabyte), count: 10)
                return .stream(status: 200, headers: type, chunks: chunks, framing: .closeDelimited)
            case .event10MB:
                return streamed(Array((#""{\"text\":\""# + String(repeating: "y", count: 10 << 20) + #"\"}""#).utf8))
            case .endless:
                // Empty events, 500 a write, a write a millisecond, for 25 s.
                let many = String(repeating: Fault.event(dialect, literal: #""""#), count: 500)
                let chunks = Array(repeating: StubChunk(many, after: .milliseconds(1)), count: 25_000)
                return .stream(status: 200, headers: type, chunks: chunks, framing: .closeDelimited)
            case .endlessHeaders:
                // The probe writes header lines for 25 s; 64 MiB of them is far past any limit.
                let line = Array(("X-Filler: " + String(repeating: "z", count: 1000) + "\r\n").utf8)
                var bytes = Array("HTTP/1.1 200 OK\r\n".utf8)
                for _ in 0..<(64 << 10) { bytes += line }
                return .raw(bytes)
            case .oneMegabyteHeader: return headed("X-Big: " + String(repeating: "a", count: 1 << 20) + "\r\n")
            case .oneHeaderOf300KB: return headed("X-Big: " + String(repeating: "a", count: 300 << 10) + "\r\n")
            case .smallHeaders:
                return headed((0..<20_000).map { "X-H\($0): " + String(repeating: "v", count: 50) + "\r\n" }.joined())
            case .headerWithoutColon: return headed("this is not a header\r\n")
            case .invalidModelID, .healthHeaderOf1MB: return Fault.send(Fault.events(dialect, Fault.good))
            }
        }
    }

    /// One case: the reply, the dialect speaking it, and the run.
    struct Row: Sendable, CustomTestStringConvertible {
        var reply: Reply
        var dialect: Dialect
        var probe: ProbeCase

        var testDescription: String { probe.name }
    }

    /// `guided generate` through the server's configuration (`timeoutSeconds` as given).
    static func row(
        _ reply: Reply, _ dialect: Dialect, timeoutSeconds: Int = 8, exits: Set<Int32>, stderr: String? = nil,
        stdout: String? = nil, never: [String] = [], seconds: Int = 20
    ) -> Row {
        let probe = ProbeCase(
            name: reply.name(dialect), arguments: ProbeCase.generate(config: Fault.configurationPath),
            files: Fault.configuration(dialect, timeoutSeconds: timeoutSeconds), exits: exits, stderr: stderr,
            stdout: stdout, never: never, traces: 1, seconds: seconds)
        return Row(reply: reply, dialect: dialect, probe: probe)
    }

    /// `guided backends` through the server's configuration.
    static func availability(_ reply: Reply, _ dialect: Dialect, stdout: String? = nil, never: [String] = []) -> Row {
        let probe = ProbeCase(
            name: reply.name(dialect), arguments: ["backends", "--config", Fault.configurationPath],
            files: Fault.configuration(dialect), exits: [0], stdout: stdout, never: never)
        return Row(reply: reply, dialect: dialect, probe: probe)
    }

    static let outOfMemory = ["out of memory"]

    static let cases: [Row] = [
        // Invalid UTF-8 in a value never ships; a lone escaped surrogate may (borderline).
        row(.invalidInContent, .llama, exits: [3]), row(.overlong, .ollama, exits: [3]),
        row(.surrogateBytes, .openai, exits: [3]), row(.loneSurrogateEscape, .llama, exits: [0, 3]),
        row(.splitSequence, .openai, exits: [0, 3], stdout: "(?-i:café ok)"),
        row(.errorBody, .ollama, exits: [0, 3]), row(.errorBody, .llama, exits: [0, 3]),
        availability(.invalidModelID, .openai),
        // Bodies past any limit: a failure that says so, within the time.
        row(.wholeJSON60MB, .llama, timeoutSeconds: 6, exits: [3], stderr: "too ?large|exceeds"),
        row(.error100MB, .ollama, timeoutSeconds: 6, exits: [3], stderr: "too ?large|exceeds|500"),
        row(.oneLine10MB, .openai, timeoutSeconds: 6, exits: [3], stderr: "too ?large|exceeds|line"),
        row(.oneLine10MB, .llama, timeoutSeconds: 6, exits: [3], stderr: "too ?large|exceeds|line"),
        row(.oneLine10MB, .ollama, timeoutSeconds: 6, exits: [3], stderr: "too ?large|exceeds|line"),
        row(.event10MB, .llama, timeoutSeconds: 6, exits: [3], stderr: "too ?large|exceeds|line|long"),
        row(.endless, .openai, timeoutSeconds: 6, exits: [3], stderr: "too ?large|exceeds|timeout|timed out"),
        row(.endlessHeaders, .llama, timeoutSeconds: 6, exits: [3], stderr: "header"),
        // Headers past any limit: a failure naming the header, never an out-of-memory.
        row(.oneMegabyteHeader, .llama, exits: [3], stderr: "header", never: outOfMemory),
        row(.oneHeaderOf300KB, .llama, exits: [3], stderr: "header", never: outOfMemory),
        row(.smallHeaders, .llama, exits: [3], stderr: "header", never: outOfMemory),
        availability(.healthHeaderOf1MB, .llama, stdout: "header", never: outOfMemory),
        row(.headerWithoutColon, .llama, exits: [0, 3]),
    ]

    @Test(arguments: cases) func aBrokenOrOversizedReplyEndsCleanlyWithOneTrace(_ row: Row) throws {
        let server = try row.reply.server(row.dialect).start()
        defer { server.stop() }
        try ProbeRun.check(row.probe, url: server.url)
    }

    /// A model's reply nested deep or holding huge numbers (`cases_numbers.py`), which a
    /// llama-server streams as its answer.
    struct ModelReply: Sendable, CustomTestStringConvertible {
        var probe: ProbeCase
        /// The model's text.
        var reply: String
        /// About how many events carry it.
        var pieces: Int

        var testDescription: String { probe.name }
    }

    /// `pattern` (after the start of stdout) required only when the run ships: a failed `guided
    /// generate` without `--json` prints nothing on stdout. What ships is strict JSON: no `NaN`,
    /// no `Infinity`.
    static func ifShipped(_ pattern: String = "") -> String { #"\A\z|\A(?!.*(?-i:NaN|Infinity))"# + pattern }

    /// `guided generate` of the notification, or of `{"n": <n>}` when `n` (its schema) is given.
    static func modelReply(
        _ label: String, n: String? = nil, _ reply: String, exits: Set<Int32> = [0, 3], stdout: String = "",
        streamed: Bool = false
    ) -> ModelReply {
        var files = Fault.configuration(.llama)
        var arguments = ProbeCase.generate(config: Fault.configurationPath, streamed ? ["--stream"] : [])
        if let n {
            let properties = #"{"n":\#(n)}"#
            files["n.json"] = .text(
                #"{"type":"object","properties":\#(properties),"required":["n"],"additionalProperties":false}"#)
            arguments = arguments.map { $0 == ProbeCase.notification ? "{dir}/n.json" : $0 }
        }
        let probe = ProbeCase(
            name: "model-reply-" + label, arguments: arguments, files: files, exits: exits,
            stdout: ifShipped(stdout), traces: 1)
        return ModelReply(probe: probe, reply: reply, pieces: streamed ? 200 : 4)
    }

    static let modelReplies: [ModelReply] = [
        modelReply("deep-arrays", String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)),
        modelReply(
            "deep-objects-stream",
            String(repeating: #"{"text":"#, count: 30_000) + #""x""# + String(repeating: "}", count: 30_000),
            streamed: true),
        modelReply("huge-number-unbounded", n: #"{"type":"number"}"#, #"{"n":1e999999}"#, stdout: ".*(?-i:1e999999)"),
        // 1e400 is above the maximum: shipping it fails the case.
        modelReply("huge-number-bounded", n: #"{"type":"number","maximum":10}"#, #"{"n":1e400}"#, exits: [3]),
        modelReply(
            "long-integer", n: #"{"type":"integer"}"#, #"{"n":\#(String(repeating: "9", count: 400))}"#,
            stdout: ".*9{400}"),
        modelReply("nan-literal", n: #"{"type":"number"}"#, #"{"n":NaN}"#),
        modelReply(
            "tiny-number", n: #"{"type":"number","exclusiveMinimum":0}"#, #"{"n":1e-999999}"#,
            stdout: #".*(?-i:"n":1e-999999\b)"#),
    ]

    @Test(arguments: modelReplies) func aDeepOrHugeModelReplyShipsStrictJSONOrFailsWithOneTrace(
        _ row: ModelReply
    ) throws {
        let server = try Fault(dialect: .llama, generation: Fault.answering(.llama, row.reply, pieces: row.pieces))
            .start()
        defer { server.stop() }
        try ProbeRun.check(row.probe, url: server.url)
    }
}
