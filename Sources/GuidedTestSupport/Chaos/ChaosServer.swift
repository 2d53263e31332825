import Synchronization

/// A loopback server that speaks one backend dialect and plays one ``ChaosFault`` on cue on its
/// generation endpoint, answering the availability endpoints (`/health`, `/api/tags`,
/// `/v1/models`, …) as a healthy server would, so the fault is met where it matters.
///
/// ```swift
/// let chaos = try ChaosServer(.llamaServer, fault: .cutStream, valid: #"{"text":"Hi"}"#)
/// let backend = LlamaServerBackend(name: "chaos", baseURL: chaos.baseURL)
/// ```
/// ``ChaosFault/refuse`` holds a port that refuses connections instead of serving.
public final class ChaosServer: Sendable {
    /// The dialect spoken.
    public let dialect: ChaosDialect
    /// The fault played.
    public let fault: ChaosFault
    private let server: StubHTTPServer?
    private let refused: ReservedPort?

    /// The URL a backend of this dialect is configured with (`…/v1` for OpenAI-compatible).
    public var baseURL: String {
        let base = server?.baseURL ?? refused!.baseURL
        return dialect == .openAI ? base + "/v1" : base
    }

    /// Every request received, in order.
    public var requests: [StubRequest] { server?.requests ?? [] }

    /// Starts a server.
    /// - Parameters:
    ///   - dialect: The protocol to speak.
    ///   - fault: The fault to play.
    ///   - valid: An output that passes the schema and every validator.
    ///   - invalid: An output that is JSON but breaks the schema.
    ///   - rejected: An output that passes the schema but fails the route's validator.
    ///   - secret: A secret the client holds, which ``ChaosFault/hostileError`` and
    ///     ``ChaosFault/escapedKeyEcho`` send back JSON-escaped.
    ///   - recordsRequests: Whether to keep every request for ``requests`` (off for a soak).
    public init(
        _ dialect: ChaosDialect, fault: ChaosFault, valid: String, invalid: String = #"{"unexpected":true}"#,
        rejected: String = #"{"text":"unlock now"}"#, secret: String = "sk-chaos-secret-key",
        recordsRequests: Bool = true
    ) throws {
        self.dialect = dialect
        self.fault = fault
        guard fault != .refuse else {
            server = nil
            refused = try ReservedPort(.refuse)
            return
        }
        refused = nil
        let server = try StubHTTPServer(recordsRequests: recordsRequests)
        self.server = server
        let served = ChaosCounter()
        let loading: @Sendable () -> Bool = { fault == .loadingThenRecover && served.next() < 1 }
        let loadingResponse = StubResponse.json(
            status: 503, ChaosWire.error(dialect, status: 503, "Loading model", type: "unavailable_error"))
        for (method, path, body) in Self.healthyEndpoints(dialect) {
            server.route(method, path) { _ in loading() ? loadingResponse : .json(body) }
        }
        let play = ChaosPlay(
            dialect: dialect, fault: fault, valid: valid, invalid: invalid, rejected: rejected, secret: secret)
        server.route("POST", dialect.generationPath) { request in
            loading() ? loadingResponse : play.response(streaming: request.bodyText.contains(#""stream":true"#))
        }
    }

    /// Stops serving and joins every thread (idempotent).
    public func stop() {
        server?.stop()
    }

    static func healthyEndpoints(_ dialect: ChaosDialect) -> [(String, String, String)] {
        switch dialect {
        case .llamaServer:
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
        case .openAI:
            [("GET", "/v1/models", #"{"object":"list","data":[{"id":"m","object":"model"}]}"#)]
        }
    }
}

/// Counts requests across the server's connection threads.
final class ChaosCounter: Sendable {
    private let count = Mutex(0)

    /// The count before this call.
    func next() -> Int {
        count.withLock { count in
            defer { count += 1 }
            return count
        }
    }
}
