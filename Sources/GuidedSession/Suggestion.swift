/// The result of a flow that may decline to suggest: a value (from a model, or an authored
/// fallback when the type has one), or no suggestion, so the app can ask the user to write.
///
/// "No suggestion" is not a value dressed up as one: an app never ships placeholder steps such
/// as "Write your own first step" to satisfy a schema.
public enum Suggestion<Value: Sendable>: Sendable {
    /// A value the app can ship, and where it came from.
    case value(GenerationOutcome<Value>)
    /// Nothing to ship; the app lets the user write.
    case noSuggestion(NoSuggestion)

    /// The value to ship, from a model or a fallback; nil for ``noSuggestion(_:)``.
    public var value: Value? {
        if case .value(let outcome) = self { outcome.value } else { nil }
    }

    /// Every backend the router tried, in order.
    public var attempts: [Attempt] {
        switch self {
        case .value(let outcome): outcome.attempts
        case .noSuggestion(let none): none.attempts
        }
    }
}

/// Why a flow has no suggestion: no model output passed its checks, and the type has no
/// authored fallback.
public struct NoSuggestion: Sendable, CustomStringConvertible {
    /// Why no model output shipped (machine-readable ``FallbackReason/code``).
    public var reason: FallbackReason
    /// Every backend the router tried, in order.
    public var attempts: [Attempt]

    /// No suggestion because of `reason`, after `attempts` (empty when no backend was tried).
    public init(reason: FallbackReason, attempts: [Attempt]) {
        self.reason = reason
        self.attempts = attempts
    }

    /// `no suggestion: code: message`.
    public var description: String { "no suggestion: \(reason)" }
}
