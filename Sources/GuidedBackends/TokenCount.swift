/// A number of tokens, and whether the model's own tokenizer counted it or it is an estimate.
///
/// llama-server counts exactly (`/tokenize`); Ollama and OpenAI-compatible servers offer no
/// tokenizer endpoint, so their counts are estimates of one token per four UTF-8 bytes. An
/// app deciding whether a prompt fits can treat an estimate with a margin:
///
/// ```swift
/// let count = try await backend.tokenCount(of: prompt)
/// let margin = count.isEstimate ? count.value / 4 : 0
/// let fits = count.value + margin + 300 <= try await backend.contextSize()
/// ```
public struct TokenCount: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The number of tokens.
    public var value: Int
    /// Whether ``value`` is an estimate rather than the tokenizer's count.
    public var isEstimate: Bool

    /// A count made by the model's tokenizer.
    public static func exact(_ value: Int) -> TokenCount { TokenCount(value: value, isEstimate: false) }

    /// A count estimated without the model's tokenizer.
    package static func estimated(_ value: Int) -> TokenCount { TokenCount(value: value, isEstimate: true) }

    /// The estimate for `text`: one token per four UTF-8 bytes, rounded up.
    public static func estimate(of text: String) -> TokenCount { .estimated((text.utf8.count + 3) / 4) }

    /// The sum; an estimate if either part is.
    public static func + (lhs: TokenCount, rhs: TokenCount) -> TokenCount {
        TokenCount(value: lhs.value + rhs.value, isEstimate: lhs.isEstimate || rhs.isEstimate)
    }

    /// Orders by ``value``.
    public static func < (lhs: TokenCount, rhs: TokenCount) -> Bool { lhs.value < rhs.value }

    /// `123`, or `~123` for an estimate.
    public var description: String { isEstimate ? "~\(value)" : "\(value)" }
}

/// The check every backend makes before sending: the prompt plus the most tokens the response
/// may take must fit the context, or the request fails with ``BackendError/Code/contextExceeded``
/// (which the router records as `overBudget` and answers with the next backend) instead of a
/// server error or a response cut short.
package enum ContextBudget {
    /// Throws ``BackendError/Code/contextExceeded`` when `prompt` plus `response` tokens exceed `context`.
    /// - Parameters:
    ///   - prompt: The prompt's tokens (exact or estimated; the message says which).
    ///   - response: The most tokens the response may take.
    ///   - context: The tokens the model's context holds.
    ///   - backend: The backend's configured name, for the error.
    public static func check(prompt: TokenCount, response: Int, context: Int, backend: String) throws(BackendError) {
        // Compared without adding first: a server may report any n_ctx, a caller any maximum.
        guard prompt.value > context || response > context - prompt.value else { return }
        let estimated = prompt.isEstimate ? " (estimated)" : ""
        var error = BackendError(
            .contextExceeded, backend: backend,
            "the prompt takes \(prompt.value) tokens\(estimated) and the response may take \(response); the context holds \(context)"
        )
        let (needed, overflowed) = prompt.value.addingReportingOverflow(response)
        error.contextOverflow = ContextOverflow(contextSize: context, tokenCount: overflowed ? Int.max : needed)
        throw error
    }
}
