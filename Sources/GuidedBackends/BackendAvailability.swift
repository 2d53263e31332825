/// Whether a backend can serve now, and if not, why.
public enum BackendAvailability: Sendable, Hashable, CustomStringConvertible {
    /// Ready to serve.
    case available
    /// Not able to serve, with the reason.
    case unavailable(UnavailableReason)

    /// Whether the backend can serve.
    public var isAvailable: Bool { self == .available }

    /// `available` or `unavailable (code): message`.
    public var description: String {
        switch self {
        case .available: "available"
        case .unavailable(let reason): "unavailable (\(reason.code)): \(reason.message)"
        }
    }
}

/// Why a backend cannot serve.
public struct UnavailableReason: Error, Sendable, Hashable {
    /// A machine-readable kind of reason. New codes may be added.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        let name: String
        /// The code's stable name.
        public var description: String { name }
        /// Nothing listens at the URL (connection refused).
        public static let unreachable = Code(name: "unreachable")
        /// The server is up but still loading its model (HTTP 503).
        public static let loading = Code(name: "loading")
        /// The server does not have the configured model.
        public static let modelMissing = Code(name: "modelMissing")
        /// The model file is there but is not the model it should be: its checksum differs from
        /// the catalogue's, or it is not a GGUF model at all.
        public static let modelMismatch = Code(name: "modelMismatch")
        /// The server binary is not installed.
        public static let binaryMissing = Code(name: "binaryMissing")
        /// The server answered, but not as expected.
        public static let unhealthy = Code(name: "unhealthy")
        /// The backend cannot do what the request needs: no way to enforce its schema, or a
        /// sampling mode or seed it cannot express (see `BackendCapabilities.unsupportedReason(for:)`).
        public static let unsupported = Code(name: "unsupported")
        /// The configuration is unusable (e.g. an API key variable that is not set).
        public static let misconfigured = Code(name: "misconfigured")
    }

    /// The kind of reason.
    public var code: Code
    /// What is wrong and what to do, in one line.
    public var message: String

    /// A reason of kind `code`; `message` says what is wrong and what to do, in one line, e.g.
    /// `UnavailableReason(.unreachable, "nothing listens at http://127.0.0.1:8080")`.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }
}

/// What a backend can do.
public struct BackendCapabilities: Sendable, Hashable {
    /// Accepts a GBNF grammar.
    public var grammar: Bool
    /// Accepts a JSON Schema.
    public var jsonSchema: Bool
    /// Can always pick the most likely token (``GenerationOptions/SamplingMode/greedy``). A
    /// request asking for it skips a backend without it, as `unavailable:unsupported`, rather
    /// than being sampled some other way.
    public var greedy: Bool
    /// Can sample among the `k` most likely tokens
    /// (``GenerationOptions/SamplingMode/random(top:seed:)``); a request asking for it skips a
    /// backend without it, as `unavailable:unsupported`.
    public var topK: Bool
    /// Can sample from the smallest set of tokens whose probabilities reach `p` (nucleus,
    /// ``GenerationOptions/SamplingMode/random(probabilityThreshold:seed:)``); a request asking
    /// for it skips a backend without it.
    public var topP: Bool
    /// Sends a request's seed on, so the same request samples the same output. A request with a
    /// seed skips a backend without it, since its output would not be reproducible.
    public var seed: Bool
    /// Streams partial output.
    public var streaming: Bool
    /// Counts tokens exactly (else estimates).
    public var tokenCounting: Bool

    /// Capabilities. A capability left out is `false`: a backend claims only what it names, e.g.
    /// `BackendCapabilities(jsonSchema: true, greedy: true)`; leaving out `streaming` and
    /// `tokenCounting` matches the protocol's defaults (one final event, estimated counts). The
    /// router skips a backend as unsupported when a request needs one it lacks (a schema without
    /// `grammar` or `jsonSchema`, a seed without `seed`).
    public init(
        grammar: Bool = false, jsonSchema: Bool = false, greedy: Bool = false, topK: Bool = false, topP: Bool = false,
        seed: Bool = false, streaming: Bool = false, tokenCounting: Bool = false
    ) {
        self.grammar = grammar
        self.jsonSchema = jsonSchema
        self.greedy = greedy
        self.topK = topK
        self.topP = topP
        self.seed = seed
        self.streaming = streaming
        self.tokenCounting = tokenCounting
    }

    /// What either can do: each capability that `self` or `other` has.
    package func union(_ other: BackendCapabilities) -> BackendCapabilities {
        BackendCapabilities(
            grammar: grammar || other.grammar, jsonSchema: jsonSchema || other.jsonSchema,
            greedy: greedy || other.greedy, topK: topK || other.topK, topP: topP || other.topP,
            seed: seed || other.seed, streaming: streaming || other.streaming,
            tokenCounting: tokenCounting || other.tokenCounting)
    }
}
