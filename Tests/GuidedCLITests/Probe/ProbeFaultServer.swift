import Foundation
import GuidedTestSupport

/// The probe's fault server (`scripts/probe_suite/servers.py`'s `FaultServer`) as a value a table
/// row can carry: a loopback server speaking one backend dialect, its availability endpoints
/// answering as a healthy server's do, its generation endpoint and any path in ``routes`` as the
/// row says. Answers are written the probe's way: `Connection: close`, then the connection closed.
struct ProbeFaultServer: Sendable {
    /// An answer to one request, given the server's port.
    typealias Answer = @Sendable (_ request: StubRequest, _ port: Int) -> StubResponse

    /// A backend dialect, named as the probe names it.
    enum Dialect: String, Sendable, CustomStringConvertible {
        case llama, ollama, openai

        var description: String { rawValue }

        /// The backend `kind` that speaks it.
        var kind: String {
            switch self {
            case .llama: "llama-server"
            case .ollama: "ollama"
            case .openai: "openai-compatible"
            }
        }

        /// The generation endpoint.
        var generationPath: String {
            switch self {
            case .llama: "/completion"
            case .ollama: "/api/generate"
            case .openai: "/v1/chat/completions"
            }
        }

        /// A streamed answer's `Content-Type`.
        var contentType: String { self == .ollama ? "application/x-ndjson" : "text/event-stream" }
    }

    /// The dialect spoken.
    var dialect: Dialect
    /// The generation endpoint's answer; nil streams ``good``.
    var generation: Answer? = nil
    /// Answers for other paths (any method), in place of the healthy ones.
    var routes: [String: Answer] = [:]
    /// Instead of a server, a held port that refuses connections or never answers.
    var reserved: ReservedPort.Behavior? = nil
    /// What the URL carries before the host (`probe:password`), if anything.
    var userInfo: String? = nil
    /// The URL's scheme.
    var scheme = "http"

    /// The model's answer the probe's servers give unless told otherwise.
    static let good = #"{"text":"Back in March you fed the starter twice."}"#
    /// Where ``configuration(_:timeoutSeconds:_:)`` puts the configuration.
    static let configurationPath = "{dir}/guided.json"

    /// A started server (or held port), until ``stop()``.
    struct Running {
        /// What a case's `{url}` stands for: scheme, user info, host and port, no path.
        let url: String
        let server: StubHTTPServer?
        let port: ReservedPort?

        /// How many requests asked for `path`.
        func hits(_ path: String) -> Int {
            server?.requests.filter { $0.path.prefix { $0 != "?" } == path }.count ?? 0
        }

        /// Stops the server, or lets the port go.
        func stop() {
            server?.stop()
            withExtendedLifetime(port) {}
        }
    }

    /// Starts the server, or holds the port.
    func start() throws -> Running {
        var server: StubHTTPServer?
        var port: ReservedPort?
        if let reserved {
            port = try ReservedPort(reserved)
        } else {
            let started = try StubHTTPServer()
            let number = started.port
            var answers = Self.healthy(dialect)
            answers[dialect.generationPath] = generation ?? Self.answering(dialect, Self.good)
            answers.merge(routes) { $1 }
            for (path, answer) in answers {
                for method in ["GET", "POST"] { started.route(method, path) { answer($0, number) } }
            }
            server = started
        }
        let host = String((server?.baseURL ?? port?.baseURL ?? "").dropFirst("http://".count))
        let credentials = userInfo.map { $0 + "@" } ?? ""
        return Running(url: scheme + "://" + credentials + host, server: server, port: port)
    }

    /// The availability endpoints of a healthy server of `dialect`.
    static func healthy(_ dialect: Dialect) -> [String: Answer] {
        let bodies: [String: String] =
            switch dialect {
            case .llama:
                [
                    "/health": #"{"status":"ok"}"#,
                    "/props": #"{"default_generation_settings":{"n_ctx":4096},"total_slots":4}"#,
                    "/tokenize": #"{"tokens":[\#((1...20).map(String.init).joined(separator: ","))]}"#,
                ]
            case .ollama:
                [
                    "/api/tags": #"{"models":[{"name":"m:latest","model":"m:latest"}]}"#,
                    "/api/show": #"{"model_info":{"gemma3.context_length":4096}}"#,
                ]
            case .openai: ["/v1/models": #"{"object":"list","data":[{"id":"m","object":"model"}]}"#]
            }
        return bodies.mapValues { body -> Answer in { _, _ in send(body) } }
    }

    /// `servers.py`'s `send`: `Content-Type`, `Connection: close`, `Content-Length`, `headers`
    /// (whole lines) and `body`, then the connection closed.
    static func send(
        status: Int = 200, _ body: [UInt8], contentType: String = "application/json", headers: [String] = []
    ) -> StubResponse {
        let reasons = [
            200: "OK", 301: "Moved Permanently", 302: "Found", 307: "Temporary Redirect", 400: "Bad Request",
            401: "Unauthorized", 404: "Not Found", 429: "Too Many Requests", 500: "Internal Server Error",
            502: "Bad Gateway", 503: "Service Unavailable",
        ]
        let head =
            [
                "HTTP/1.1 \(status) \(reasons[status] ?? "Status")", "Content-Type: \(contentType)",
                "Connection: close", "Content-Length: \(body.count)",
            ] + headers
        return .raw(Array((head.joined(separator: "\r\n") + "\r\n\r\n").utf8) + body)
    }

    /// ``send(status:_:contentType:headers:)`` of UTF-8 text.
    static func send(
        status: Int = 200, _ body: String, contentType: String = "application/json", headers: [String] = []
    ) -> StubResponse {
        send(status: status, Array(body.utf8), contentType: contentType, headers: headers)
    }

    /// `servers.py`'s `answer(text)`: `text` streamed in about `pieces` events, sent whole.
    static func answering(_ dialect: Dialect, _ text: String, pieces: Int = 4) -> Answer {
        let body = events(dialect, text, pieces: pieces)
        return { _, _ in send(body, contentType: dialect.contentType) }
    }

    /// One streamed event carrying `literal`, a JSON string literal.
    static func event(_ dialect: Dialect, literal: String) -> String {
        switch dialect {
        case .llama: #"data: {"content":\#(literal),"stop":false,"tokens_predicted":1}"# + "\n\n"
        case .ollama: #"{"model":"m","response":\#(literal),"done":false}"# + "\n"
        case .openai:
            #"data: {"id":"c1","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"#
                + #"\#(literal)},"finish_reason":null}]}"# + "\n\n"
        }
    }

    /// One streamed event whose literal is raw bytes (invalid UTF-8 included).
    static func event(_ dialect: Dialect, literalBytes: [UInt8]) -> [UInt8] {
        let parts = Array(event(dialect, literal: "\u{0}").utf8).split(separator: 0, omittingEmptySubsequences: false)
        return Array(parts[0]) + literalBytes + Array(parts[1])
    }

    /// The events that end a stream.
    static func finalEvents(_ dialect: Dialect) -> String {
        switch dialect {
        case .llama:
            #"data: {"content":"","stop":true,"stop_type":"eos","truncated":false,"tokens_predicted":12,"#
                + #""tokens_evaluated":40}"# + "\n\n"
        case .ollama: #"{"model":"m","response":"","done":true,"done_reason":"stop","eval_count":12}"# + "\n"
        case .openai:
            #"data: {"id":"c1","object":"chat.completion.chunk","choices":[{"index":0,"delta":{},"#
                + #""finish_reason":"stop"}]}"# + "\n\ndata: [DONE]\n\n"
        }
    }

    /// The whole stream: one event per JSON string literal, then the final events.
    static func events(_ dialect: Dialect, literals: [String]) -> String {
        literals.map { event(dialect, literal: $0) }.joined() + finalEvents(dialect)
    }

    /// The whole stream of `text`, cut into about `pieces` events.
    static func events(_ dialect: Dialect, _ text: String, pieces: Int = 4) -> String {
        let scalars = Array(text.unicodeScalars)
        let size = max(1, scalars.count / pieces)
        let literals = stride(from: 0, to: scalars.count, by: size).map { start in
            var piece = ""
            piece.unicodeScalars.append(contentsOf: scalars[start..<min(start + size, scalars.count)])
            return quoted(piece)
        }
        return events(dialect, literals: literals)
    }

    /// `text` as a JSON string literal, as the probe's Python servers spell it.
    static func quoted(_ text: String) -> String { PythonJSONString.quoted(text) }

    /// `text` with every UTF-16 unit a JSON `\uXXXX` escape (lower-case hex).
    static func escaped(_ text: String) -> String {
        text.utf16.map { String(format: "\\u%04x", UInt32($0)) }.joined()
    }

    /// An error body in the dialect's shape, its message a JSON string literal.
    static func errorBody(_ dialect: Dialect, status: Int, literal: String) -> String {
        dialect == .ollama
            ? #"{"error":\#(literal)}"#
            : #"{"error":{"code":\#(status),"message":\#(literal),"type":"server_error"}}"#
    }

    /// `servers.py`'s `backend()`: `b`, of the dialect's kind, at `{url}` (`{url}/v1` for
    /// OpenAI-compatible), model `m` where the kind needs one, the timeouts, then `extra`
    /// (`,"apiKeyEnv":"K"`).
    static func backend(_ dialect: Dialect, timeoutSeconds: Int = 8, _ extra: String = "") -> String {
        let model = dialect == .llama ? "" : #","model":"m""#
        return #"{"name":"b","kind":"\#(dialect.kind)","url":"{url}\#(dialect == .openai ? "/v1" : "")""#
            + #"\#(model),"timeoutSeconds":\#(timeoutSeconds),"idleTimeoutSeconds":4\#(extra)}"#
    }

    /// The file of a configuration whose one backend is ``backend(_:timeoutSeconds:_:)``.
    static func configuration(_ dialect: Dialect, timeoutSeconds: Int = 8, _ extra: String = "")
        -> [String: ProbeFile]
    {
        ["guided.json": .text(#"{"backends":[\#(backend(dialect, timeoutSeconds: timeoutSeconds, extra))]}"#)]
    }
}
