import Foundation
import GuidedTestSupport
import Testing

/// The wire dialect of an ``ExampleProbeServer``, as the probe's `FaultServer` speaks it.
enum ExampleProbeDialect: String, Sendable {
    case llama, ollama, openai

    var generationPath: String {
        switch self {
        case .llama: "/completion"
        case .ollama: "/api/generate"
        case .openai: "/v1/chat/completions"
        }
    }

    /// The healthy availability answers, by path.
    var availability: [(String, String)] {
        switch self {
        case .llama:
            [
                ("/health", #"{"status":"ok"}"#),
                ("/props", #"{"default_generation_settings":{"n_ctx":4096},"total_slots":4}"#),
                ("/tokenize", #"{"tokens":[\#((1...20).map(String.init).joined(separator: ","))]}"#),
            ]
        case .ollama:
            [
                ("/api/tags", #"{"models":[{"name":"m:latest","model":"m:latest"}]}"#),
                ("/api/show", #"{"model_info":{"gemma3.context_length":4096}}"#),
            ]
        case .openai: [("/v1/models", #"{"object":"list","data":[{"id":"m","object":"model"}]}"#)]
        }
    }

    var contentType: String { self == .ollama ? "application/x-ndjson" : "text/event-stream" }

    /// One streamed event carrying `literal`, a JSON string literal as it is.
    func event(_ literal: String) -> String {
        switch self {
        case .llama: #"data: {"content":\#(literal),"stop":false,"tokens_predicted":1}"# + "\n\n"
        case .ollama: #"{"model":"m","response":\#(literal),"done":false}"# + "\n"
        case .openai:
            #"data: {"id":"c1","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"#
                + literal + #"},"finish_reason":null}]}"# + "\n\n"
        }
    }

    var finalEvents: String {
        switch self {
        case .llama:
            #"data: {"content":"","stop":true,"stop_type":"eos","truncated":false,"tokens_predicted":12,"#
                + #""tokens_evaluated":40}"# + "\n\n"
        case .ollama: #"{"model":"m","response":"","done":true,"done_reason":"stop","eval_count":12}"# + "\n"
        case .openai:
            #"data: {"id":"c1","object":"chat.completion.chunk","choices":[{"index":0,"delta":{},"#
                + #""finish_reason":"stop"}]}"# + "\n\ndata: [DONE]\n\n"
        }
    }
}

/// A loopback model server (the probe's `FaultServer`): healthy availability answers, and one
/// streamed answer of the given pieces to every generation request, whether it asked to stream.
struct ExampleProbeServer: Sendable {
    var dialect: ExampleProbeDialect
    /// The model's answer as raw JSON string literals, one per event.
    var pieces: [String]

    /// A server whose model answers `text` in about four events (the probe's `answer(text)`).
    static func answering(_ dialect: ExampleProbeDialect, _ text: String) -> ExampleProbeServer {
        let scalars = Array(text.unicodeScalars)
        let size = max(1, scalars.count / 4)
        let pieces = stride(from: 0, to: scalars.count, by: size).map {
            quoted(String(String.UnicodeScalarView(scalars[$0..<min($0 + size, scalars.count)])))
        }
        return ExampleProbeServer(dialect: dialect, pieces: pieces)
    }

    /// `text` as a JSON string literal, as the probe's Python servers spell it.
    static func quoted(_ text: String) -> String { PythonJSONString.quoted(text) }

    /// `text` with every UTF-16 unit a `\uXXXX` escape (the probe's `escaped_json`).
    static func escaped(_ text: String) -> String {
        text.utf16.map { String(format: "\\u%04x", UInt32($0)) }.joined()
    }

    func start() throws -> StubHTTPServer {
        let server = try StubHTTPServer()
        let dialect = self.dialect
        let stream = pieces.map(dialect.event).joined() + dialect.finalEvents
        for method in ["GET", "POST"] {
            for (path, body) in dialect.availability { server.route(method, path) { _ in .json(body) } }
            server.route(method, dialect.generationPath) { request in
                .full(
                    status: 200, headers: [StubHeader("Content-Type", dialect.contentType)],
                    body: Array(Self.perCompletion(dialect, stream, request.bodyText).utf8))
            }
        }
        return server
    }

    /// llama-server's stream once per completion the request asks for (`n_cmpl`), each event
    /// with its index, as the probe's `for_each_completion` answers.
    static func perCompletion(_ dialect: ExampleProbeDialect, _ stream: String, _ body: String) -> String {
        guard dialect == .llama, let regex = try? Regex(#""n_cmpl":(\d+)"#),
            let match = try? regex.firstMatch(in: body), let asked = match.output[1].substring.flatMap({ Int($0) }),
            asked != 1
        else { return stream }
        return (0..<asked).map { stream.replacingOccurrences(of: "data: {", with: #"data: {"index":\#($0),"#) }
            .joined()
    }
}
