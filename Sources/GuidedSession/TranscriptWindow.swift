import GuidedBackends

/// Keeps a transcript inside the context: the newest turns that fit, oldest dropped first.
///
/// The prompt is measured with ``TokenCount/estimate(of:)`` (bytes / 4) on the rendered completion prompt,
/// plus the response's token budget, against 90% of the first routed backend's context (the
/// estimate is not exact). Without a known context the whole transcript is kept.
enum TranscriptWindow {
    static func fit(
        _ turns: [TranscriptEntry], into request: BackendRequest, backend: (any LanguageModelBackend)?,
        defaultResponseTokens: Int = 512
    ) async -> [TranscriptEntry] {
        guard !turns.isEmpty, let backend, let context = try? await backend.contextSize() else { return turns }
        return fit(turns, into: request, contextSize: context, defaultResponseTokens: defaultResponseTokens)
    }

    static func fit(
        _ turns: [TranscriptEntry], into request: BackendRequest, contextSize: Int,
        defaultResponseTokens: Int = 512
    ) -> [TranscriptEntry] {
        let budget = contextSize * 9 / 10 - (request.options.maximumResponseTokens ?? defaultResponseTokens)
        var kept = turns[...]
        while !kept.isEmpty {
            var candidate = request
            candidate.transcript = Array(kept)
            if TokenCount.estimate(of: CompletionPrompt.render(candidate)).value <= budget { break }
            // Drop the oldest exchange: a prompt, its tool calls and the response that follows them.
            kept = kept.dropFirst(TranscriptExchange.grouped(kept).first?.entryCount ?? kept.count)
        }
        return Array(kept)
    }
}
