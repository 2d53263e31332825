public import GuidedSchema

/// A request that a backend could not turn into a valid response.
public struct BackendError: GuidedError {
    /// What went wrong. New codes may be added.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        let name: String
        /// The code's stable name.
        public var description: String { name }
        /// The backend cannot serve (see the reason).
        public static let unavailable = Code(name: "unavailable")
        /// The connection failed or was cut.
        public static let transport = Code(name: "transport")
        /// The request took longer than allowed.
        public static let timeout = Code(name: "timeout")
        /// The caller cancelled.
        public static let cancelled = Code(name: "cancelled")
        /// The server answered with an error status.
        public static let httpStatus = Code(name: "httpStatus")
        /// The server's answer was not what its API promises (malformed JSON, missing fields).
        public static let malformedResponse = Code(name: "malformedResponse")
        /// The grammar or schema could not be prepared or was refused.
        public static let grammarRejected = Code(name: "grammarRejected")
        /// The output is not JSON, or breaks the schema.
        public static let invalidOutput = Code(name: "invalidOutput")
        /// The output was cut by the token limit.
        public static let truncated = Code(name: "truncated")
        /// The request asks for something this backend's API cannot express (e.g. top-k).
        public static let unsupportedOption = Code(name: "unsupportedOption")
        /// The prompt (plus the smallest valid output) does not fit the context.
        public static let contextExceeded = Code(name: "contextExceeded")
        /// A check rejected the output while it was being generated, and the backend stopped it.
        public static let rejectedEarly = Code(name: "rejectedEarly")
        /// The request got its turn on a busy server too close to its deadline to finish (a
        /// generation there has lately taken longer than the time left), so it gave its turn to
        /// the next instead of being cut halfway.
        public static let deadlineTooClose = Code(name: "deadlineTooClose")
    }

    /// What went wrong.
    public var code: Code
    /// The backend's configured name.
    public var backend: String
    /// What happened and, where useful, what to do.
    public var message: String
    /// For invalid output: every violation.
    public var violations: [Violation]
    /// For invalid or truncated output: a bounded excerpt of what came.
    package var excerpt: String?
    /// For output that did not parse or broke the schema (``Code/invalidOutput``) or was cut
    /// (``Code/truncated``): all of it, as the model wrote it (with the secrets a server's
    /// redaction removes already removed) — Foundation Models' `ParsingError.rawContent`.
    public var rawOutput: String?
    /// For a request over the context (``Code/contextExceeded``): the context's size and the
    /// tokens the request needs, where the check or the server said.
    public var contextOverflow: ContextOverflow?
    /// For output stopped early (``Code/rejectedEarly``): all of its text so far.
    package var partialOutput: String?
    /// For output stopped early: its tokens so far with their log-probabilities, where the
    /// backend reported them — what the early check judged.
    package var partialTokens: [TokenLogProbability] = []
    /// For output stopped early: the adapter the backend generated it with, if any.
    package var partialAdapter: ModelAdapter?
    /// For output stopped early: what readers measured about ``partialAdapter``.
    package var partialCalibration: AdapterCalibration?

    /// An error of kind `code` from the backend named `backend`. Give `violations` for invalid
    /// output, and an `excerpt` (at most 200 characters, see `OutputValidation.excerpt(_:)`) of
    /// what came.
    public init(_ code: Code, backend: String, _ message: String, violations: [Violation] = [], excerpt: String? = nil)
    {
        self.code = code
        self.backend = backend
        self.message = message
        self.violations = violations
        self.excerpt = excerpt
    }

}

extension BackendError {
    /// The code's name, e.g. `transport`.
    public var codeName: String { code.description }

    /// What to do, by code.
    public var remedy: String {
        switch code {
        case .unavailable, .transport: "check that the server runs at the configured url and answers"
        case .timeout: "raise the backend's timeout or the routing deadline, or lower maximumResponseTokens"
        case .httpStatus, .malformedResponse: "check the server's log; its reply was not what its API promises"
        case .grammarRejected: "report the schema: the server refused the grammar Guided compiled for it"
        case .invalidOutput, .truncated: "give the model examples, or raise maximumResponseTokens"
        case .rejectedEarly: "nothing: the router tries the next candidate"
        case .unsupportedOption: "route this request to a backend with the capability, or drop the option"
        case .contextExceeded: "shorten the prompt or the transcript, or lower maximumResponseTokens"
        case .cancelled: "nothing: the caller cancelled the request"
        default: "see the message"
        }
    }

    /// Every schema violation of invalid output, then `output: ` and an excerpt of what came;
    /// nil when there is neither.
    public var details: String? {
        var parts = violations.map(\.description)
        if let excerpt { parts.append("output: \(excerpt)") }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    /// The backend, and the JSON Pointer of the first schema violation when the output broke it.
    public var location: ErrorLocation { ErrorLocation(backend, pointer: violations.first?.pointer) }
}
