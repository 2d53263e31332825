import GuidedBackends
import GuidedSchema

extension Router {
    /// What routing produced: output that passed every check, or the reason there is none —
    /// never both, never neither. Every attempt is kept either way.
    package enum Result: Sendable {
        /// A backend's output passed the schema and every validator.
        /// - `content`: the output after clean-ups, as checked.
        /// - `response`: the backend's response it came in (tokens, timing, raw text).
        case success(content: GeneratedContent, response: BackendResponse, attempts: [Attempt])
        /// No output passed: the reason, and every attempt.
        case failure(FallbackReason, attempts: [Attempt])

        /// Every attempt, in the order the router made them.
        public var attempts: [Attempt] {
            switch self {
            case .success(_, _, let attempts), .failure(_, let attempts): attempts
            }
        }

        /// The reason no output passed, or nil on success.
        package var failureReason: FallbackReason? {
            if case .failure(let reason, _) = self { reason } else { nil }
        }
    }
}

/// What the router reports while a request streams.
package enum RouteProgress: Sendable {
    /// The output of the attempt in progress so far: a snapshot of the whole text, not a delta.
    case partial(backend: String, text: String)
    /// An attempt ended without output that ships (it failed, or a check rejected it). Text
    /// reported for it is void; the next attempt's snapshots start again from empty.
    case discarded(Attempt)
}
