import GuidedBackends
public import GuidedSchema

/// Nothing ships for a request: no model output passed and there is no fallback ("no
/// suggestion"), the fallback breaks the schema, the call was mistaken, or it was cancelled.
public struct GenerationError: GuidedError {
    /// Why nothing shipped: ``FallbackReason/Code/noBackendAvailable``, ``FallbackReason/Code/cancelled``,
    /// ``FallbackReason/Code/fallbackDoesNotFit`` and the like, with a message.
    public var reason: FallbackReason
    /// Every backend the router tried, in order, with its outcome and time; empty when no
    /// backend was tried (e.g. an invalid declaration).
    public var attempts: [Attempt]
}

extension GenerationError {
    /// The reason's code, e.g. `noBackendAvailable`.
    public var codeName: String { reason.code.rawValue }

    /// The reason, for people.
    public var message: String { reason.message }

    /// What to do, by the reason's code.
    public var remedy: String {
        switch reason.code {
        case .noBackendAvailable:
            "start a backend the route names (scripts/setup-model for the embedded one), or fix the route"
        case .allBackendsFailed: "read the attempts: each says which check or transport failed"
        case .judgeRefused: "give the request a fallback (the app's own field), or lower the judge's threshold"
        case .deadlineExceeded: "raise the routing deadline, or lower maximumResponseTokens"
        case .tokenBudget, .contextExceeded: "raise maximumResponseTokens, or shorten the prompt and the transcript"
        case .unsupportedGenerationGuide:
            "route the type to a backend that takes a grammar or JSON Schema, or drop the guide it refuses"
        case .fallbackDoesNotFit: "make the fallback (or the filled template) satisfy the schema"
        case .invalidDeclaration:
            "give the type's properties types with a schema (String, numbers, Bool, arrays, Generable)"
        case .invalidOptions: "give the option a value in its range"
        case .cancelled: "nothing: the caller cancelled the request"
        default: "read the attempts"
        }
    }

    /// The whole text of the last output that did not parse, broke the schema or was cut
    /// (``BackendError/rawOutput``, from the attempts and their candidates): Foundation Models'
    /// `ParsingError.rawContent`; nil when no attempt produced such output.
    public var rawOutput: String? {
        attempts.reversed().lazy.compactMap { attempt -> String? in
            if case .failed(let error) = attempt.outcome, let raw = error.rawOutput { return raw }
            return attempt.candidates.reversed().lazy.compactMap { verdict -> String? in
                if case .failed(let error) = verdict.outcome { error.rawOutput } else { nil }
            }.first
        }.first
    }

    /// Every attempt, in order, each `backend: outcome (time)`; nil when no backend was tried.
    public var details: String? {
        attempts.isEmpty ? nil : attempts.map(\.description).joined(separator: "; ")
    }

    /// The session's request; the attempts say which backend did what.
    public var location: ErrorLocation { ErrorLocation(attempts.last?.backend ?? "<session>") }
}
