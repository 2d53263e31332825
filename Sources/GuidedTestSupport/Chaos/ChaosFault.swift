/// A fault a ``ChaosServer`` plays on its generation endpoint (issue 12's fault matrix).
public enum ChaosFault: String, CaseIterable, Sendable, CustomStringConvertible {
    /// Nothing listens: every connection is refused.
    case refuse = "refuse connections"
    /// The connection is accepted and the request read, and nothing ever comes back.
    case hang = "accept, never answer"
    /// A valid answer, one byte a second.
    case slowBytes = "one byte a second"
    /// `503 Loading model` (health included) for the first requests, then healthy answers.
    case loadingThenRecover = "503 loading, then recover"
    /// `500` with an error body.
    case serverError = "500"
    /// `429` with `Retry-After: 7` and an error body: a rate-limited server.
    case rateLimited = "429 Retry-After"
    /// `400` with llama-server's generic grammar error.
    case grammarError = "400 grammar error"
    /// `200` whose body is not JSON (or stream events that are not).
    case malformedJSON = "malformed JSON"
    /// `200` with JSON of the wrong shape (no content field).
    case wrongShape = "JSON of the wrong shape"
    /// A `200` whose body (or stream) runs to 50 MB, far past any client's response limit.
    case hugeBody = "50 MB body"
    /// The body (or stream) cut in the middle of an event.
    case cutStream = "cut mid-event"
    /// A valid answer written one byte per write, so every boundary splits it.
    case splitEveryByte = "split at every byte"
    /// A valid-looking answer whose stop reason is the token limit.
    case stopLimit = "stop: token limit"
    /// `400` saying the prompt exceeds the context.
    case contextOverflow = "context overflow"
    /// Valid JSON that breaks the schema.
    case schemaViolation = "output breaks the schema"
    /// Valid JSON, schema-valid, that fails the route's validator.
    case validatorFailure = "output fails a validator"
    /// `500` whose error message holds terminal escapes (a clipboard write, a screen clear), a
    /// carriage return, a NUL, a line break that starts a forged `trace:` line, and the secret
    /// spelled with JSON `\uXXXX` escapes, whole only once the body is decoded.
    case hostileError = "500 with escapes and an escaped key"
    /// A valid answer whose JSON holds the secret spelled with `\uXXXX` escapes: redaction must
    /// see the decoded value, not just the text.
    case escapedKeyEcho = "key echoed JSON-escaped"

    /// The fault's words, for tables.
    public var description: String { rawValue }
}

/// The wire protocol a ``ChaosServer`` speaks.
public enum ChaosDialect: String, CaseIterable, Sendable, CustomStringConvertible {
    /// llama.cpp's `/completion`, `/health`, `/props`, `/tokenize` (also what a managed server speaks).
    case llamaServer = "llama-server"
    /// Ollama's `/api/generate` (NDJSON streaming), `/api/tags`, `/api/show`.
    case ollama
    /// `/v1/chat/completions` (SSE ending in `[DONE]`), `/v1/models`.
    case openAI = "openai-compatible"

    /// The backend kind that speaks it.
    public var description: String { rawValue }
    /// The generation endpoint.
    var generationPath: String {
        switch self {
        case .llamaServer: "/completion"
        case .ollama: "/api/generate"
        case .openAI: "/v1/chat/completions"
        }
    }
}
