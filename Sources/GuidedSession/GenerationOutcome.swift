public import GuidedBackends
public import GuidedSchema
public import GuidedValidation

/// A value an app can ship, and where it came from.
public struct GenerationOutcome<Value: Sendable>: Sendable {
    /// The value: a model's validated output, or the app's authored fallback.
    public var value: Value
    /// Where it came from and why.
    public var source: Source
    /// Every backend the router tried, in order.
    public var attempts: [Attempt]
    /// The tokens read and written by the generations this outcome used — each tool choice and
    /// the answer that shipped (candidates that were rejected, retries and judge questions are
    /// not counted) — as the servers counted them (Foundation Models 27's `usage`). A count is
    /// nil where a server did not say; every count is 0 for a fallback that nothing generated.
    public var usage: GenerationUsage = .zero
    /// Whether free text was cut by ``GenerationOptions/maximumResponseTokens``: the response
    /// ends there (trimmed to its last whole sentence with
    /// ``GenerationOptions/trimsToLastSentence``), as in Foundation Models. Always false for
    /// structured output, which a cut makes invalid.
    public var isTruncated = false
    /// The tool calls the model made before this answer (``Tool``), in order, each with its
    /// result; their results were among the answer's facts. Empty without tools.
    public var toolCalls: [ToolCall] = []

    /// Model or fallback.
    public enum Source: Sendable {
        /// A model's output that passed every check.
        case model(backend: String, tokens: Int?, milliseconds: Double)
        /// The authored fallback, and why no model output was used.
        case fallback(FallbackReason)
    }

    /// Whether the value came from a model.
    public var isFromModel: Bool { if case .model = source { true } else { false } }
}

/// Why the fallback was used. `code` is machine-readable.
public struct FallbackReason: Sendable, Hashable, CustomStringConvertible {
    /// The kind of reason.
    /// Extensible, as ``SchemaError/Code`` is: a new kind of reason breaks no caller's `switch`
    /// (which needs a `default:`). `rawValue` is the name (`noBackendAvailable`).
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// The name, e.g. `noBackendAvailable`.
        public let rawValue: String
        /// The code named `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The name.
        public var description: String { rawValue }

        /// No backend in the route could serve.
        public static let noBackendAvailable = Code(rawValue: "noBackendAvailable")
        /// Every available backend failed or produced output that failed a check.
        public static let allBackendsFailed = Code(rawValue: "allBackendsFailed")
        /// The request's deadline passed first.
        public static let deadlineExceeded = Code(rawValue: "deadlineExceeded")
        /// The schema's smallest valid output cannot fit the token budget.
        public static let tokenBudget = Code(rawValue: "tokenBudget")
        /// The prompt plus the response budget fits the context of no available backend
        /// (Foundation Models' `contextSizeExceeded`); ``FallbackReason/contextOverflow`` has the
        /// numbers where a backend gave them.
        public static let contextExceeded = Code(rawValue: "contextExceeded")
        /// The output type's schema uses a guide no backend in the route can enforce (a pattern
        /// its grammar compiler refuses, or a backend with neither grammar nor JSON Schema):
        /// Foundation Models' `unsupportedGenerationGuide`. The message names the type and what
        /// each backend said.
        public static let unsupportedGenerationGuide = Code(rawValue: "unsupportedGenerationGuide")
        /// Candidates passed every check, but the judge (``CandidatePolicy/judge``) scored none of
        /// them at its threshold: no suggestion a reader would keep, so the fallback — the app's
        /// "write your own" — ships. Each candidate's score is in its attempt.
        public static let judgeRefused = Code(rawValue: "judgeRefused")
        /// The caller cancelled the request (only in ``GenerationError``: a cancelled request
        /// gets no fallback, as nobody is waiting for it).
        public static let cancelled = Code(rawValue: "cancelled")
        /// The fallback built for this request breaks the schema (e.g. a filled template over a
        /// length cap), so there is nothing to ship.
        public static let fallbackDoesNotFit = Code(rawValue: "fallbackDoesNotFit")
        /// The output type declares a property its schema cannot represent (a `Date`, a `URL`):
        /// no output could ever decode, so nothing is sent and no fallback hides the mistake.
        public static let invalidDeclaration = Code(rawValue: "invalidDeclaration")
        /// An option is out of its range (`GenerationOptions.rangeViolation`): nothing is sent, and no
        /// fallback hides the mistake.
        public static let invalidOptions = Code(rawValue: "invalidOptions")
    }

    /// The kind of reason.
    public var code: Code
    /// The reason for people, e.g. `every available backend failed or produced output that
    /// failed a check`; match on ``code``, not on this text.
    public var message: String

    /// For ``Code/contextExceeded``: the largest context tried and the tokens the request
    /// needed there (the nearest any backend came), where a backend gave them.
    public var contextOverflow: ContextOverflow?

    /// A reason of kind `code`, explained by `message` for people.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// `code: message`.
    public var description: String { "\(code.rawValue): \(message)" }
}

/// One backend's part in a request.
public struct Attempt: Sendable, CustomStringConvertible {
    /// How one backend's part ended: skipped, failed, rejected, over budget, cut short, or the
    /// value that shipped. ``Attempt/outcomeCode`` spells it for logs and tests.
    public enum Outcome: Sendable {
        /// Skipped: not available (with the reason).
        case unavailable(UnavailableReason)
        /// The backend failed (transport, timeout, truncation, invalid JSON or schema).
        case failed(BackendError)
        /// The output was rejected by a validator.
        case rejected([Rejection])
        /// Not sent: the prompt plus the response budget does not fit this backend's context
        /// (the backend's pre-check, or the server's own refusal), with the numbers.
        case overBudget(String)
        /// Cut short by the request's deadline; the generation was cancelled.
        case deadline
        /// Cut short because the caller cancelled; the generation was cancelled.
        case cancelled
        /// Produced the value that shipped.
        case succeeded
    }

    /// The backend's configured name.
    public var backend: String
    /// How this backend's part ended; only the attempt whose value shipped is `.succeeded`.
    public var outcome: Outcome
    /// Time spent on it, in milliseconds.
    public var milliseconds: Double
    /// With several candidates per attempt (``CandidatePolicy``): every candidate's verdict, in
    /// the order generated; empty for a single generation.
    public var candidates: [CandidateVerdict] = []
    /// The request field the schema's constraint went in (``LanguageModelBackend/constraintField(for:)``),
    /// when the backend says; nil for an attempt that sent nothing.
    public var constraint: String?
    /// For an attempt over the context (``Outcome/overBudget(_:)``): the context's size and the
    /// tokens the request needed, where the backend said.
    public var contextOverflow: ContextOverflow?
    /// The adapter the backend applied to the output that shipped (``BackendResponse/adapter``);
    /// nil when the base model alone generated it, or nothing shipped.
    public var adapter: ModelAdapter?

    /// A machine-readable outcome name (`unavailable:unreachable`, `failed:invalidOutput`,
    /// `rejected:grounding/noSharedWords`, `succeeded`, …).
    public var outcomeCode: String {
        switch outcome {
        case .unavailable(let reason): "unavailable:\(reason.code)"
        case .failed(let error): "failed:\(error.code)"
        case .rejected(let rejections): "rejected:" + (rejections.first.map { "\($0.validator)/\($0.reason)" } ?? "")
        case .overBudget: "overBudget"
        case .deadline: "deadline"
        case .cancelled: "cancelled"
        case .succeeded: "succeeded"
        }
    }

    /// `backend: outcome (ms)`.
    public var description: String { "\(backend): \(outcomeCode) (\(Int(milliseconds)) ms)" }
}
