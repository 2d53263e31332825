import GuidedSchema

/// Response bodies in each dialect's real shapes (see the llama-server notes; Ollama's and the
/// Chat Completions API's documented forms).
enum ChaosWire {
    /// `text` as a JSON string, escaped as the project writes every JSON string.
    static func quoted(_ text: String) -> String { JSONString.quoted(text) }

    /// A whole (non-streamed) answer carrying `text`; `limited` reports the token limit.
    static func whole(_ dialect: ChaosDialect, _ text: String, limited: Bool = false) -> String {
        switch dialect {
        case .llamaServer:
            #"{"content":\#(quoted(text)),"stop":true,"stop_type":"\#(limited ? "limit" : "eos")","truncated":false,"tokens_predicted":12,"tokens_evaluated":40,"timings":{"predicted_per_second":30.0}}"#
        case .ollama:
            #"{"model":"m","response":\#(quoted(text)),"done":true,"done_reason":"\#(limited ? "length" : "stop")","eval_count":12,"eval_duration":400000000,"prompt_eval_count":40}"#
        case .openAI:
            #"{"id":"c1","object":"chat.completion","model":"m","choices":[{"index":0,"message":{"role":"assistant","content":\#(quoted(text))},"finish_reason":"\#(limited ? "length" : "stop")"}],"usage":{"completion_tokens":12,"prompt_tokens":40,"total_tokens":52}}"#
        }
    }

    /// The streamed answer carrying `text` in a few pieces, as the raw bytes of each event.
    static func events(_ dialect: ChaosDialect, _ text: String, limited: Bool = false) -> [String] {
        let characters = Array(text)
        let size = max(1, characters.count / 4)
        let pieces = stride(from: 0, to: characters.count, by: size).map {
            String(characters[$0..<min($0 + size, characters.count)])
        }
        switch dialect {
        case .llamaServer:
            return pieces.map { #"data: {"content":\#(quoted($0)),"stop":false,"tokens_predicted":1}"# + "\n\n" }
                + [
                    #"data: {"content":"","stop":true,"stop_type":"\#(limited ? "limit" : "eos")","truncated":false,"tokens_predicted":12,"tokens_evaluated":40}"#
                        + "\n\n"
                ]
        case .ollama:
            return pieces.map { #"{"model":"m","response":\#(quoted($0)),"done":false}"# + "\n" }
                + [
                    #"{"model":"m","response":"","done":true,"done_reason":"\#(limited ? "length" : "stop")","eval_count":12}"#
                        + "\n"
                ]
        case .openAI:
            return pieces.map {
                #"data: {"id":"c1","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":\#(quoted($0))},"finish_reason":null}]}"#
                    + "\n\n"
            }
                + [
                    #"data: {"id":"c1","object":"chat.completion.chunk","choices":[{"index":0,"delta":{},"finish_reason":"\#(limited ? "length" : "stop")"}]}"#
                        + "\n\n", "data: [DONE]\n\n",
                ]
        }
    }

    /// An error body in the dialect's shape.
    static func error(_ dialect: ChaosDialect, status: Int, _ message: String, type: String) -> String {
        error(dialect, status: status, quotedMessage: quoted(message), type: type)
    }

    /// An error body in the dialect's shape, its message given as a JSON string literal.
    static func error(_ dialect: ChaosDialect, status: Int, quotedMessage message: String, type: String) -> String {
        switch dialect {
        case .ollama: #"{"error":\#(message)}"#
        case .llamaServer, .openAI: #"{"error":{"code":\#(status),"message":\#(message),"type":"\#(type)"}}"#
        }
    }

    /// Text no terminal should be sent raw: a clipboard write (OSC 52), a screen clear, a carriage
    /// return, a NUL, a line break starting a forged `trace:` line, a C1 CSI and a DEL.
    public static let hostile = "boom \u{1B}]52;c;aGk=\u{07}\u{1B}[2J\rover\u{0}\ntrace: forged: ok\u{9B}31m\u{7F}end"

    /// `text` spelled with a JSON `\uXXXX` escape for every character, as it would sit inside a
    /// JSON string literal.
    static func escaped(_ text: String) -> String {
        text.utf16.map { unit in
            let hex = String(unit, radix: 16)
            return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }.joined()
    }

    static func contentType(_ dialect: ChaosDialect, streaming: Bool) -> String {
        guard streaming else { return "application/json" }
        return dialect == .ollama ? "application/x-ndjson" : "text/event-stream"
    }
}
