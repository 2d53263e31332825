/// One exchange of a transcript as a prompt shows it again: the user's prompt, the facts the
/// tool calls between it and the answer added (each call's ``ToolCall/fact``, as the answer
/// read them), and the model's answer.
///
/// Both prompt styles and the transcript window read a transcript through it, so a call is
/// shown, and dropped, with the exchange it belongs to.
package struct TranscriptExchange: Sendable, Hashable {
    /// What the user asked; nil when the transcript starts after it.
    package var prompt: String?
    /// The tool calls' facts, in order.
    package var facts: [String] = []
    /// What the model answered; nil when the transcript ends before it.
    package var answer: String?
    /// How many entries it spans.
    package var entryCount = 0

    /// `entries` grouped: an exchange starts at a user entry and ends with the model's answer.
    package static func grouped(_ entries: some Sequence<TranscriptEntry>) -> [TranscriptExchange] {
        var exchanges: [TranscriptExchange] = []
        var current: TranscriptExchange?
        for entry in entries {
            switch entry.role {
            case .user:
                if let current { exchanges.append(current) }
                current = TranscriptExchange(prompt: entry.text, entryCount: 1)
            case .tool:
                current = current ?? TranscriptExchange()
                current?.facts.append(entry.text)
                current?.entryCount += 1
            case .model:
                var finished = current ?? TranscriptExchange()
                finished.answer = entry.text
                finished.entryCount += 1
                exchanges.append(finished)
                current = nil
            }
        }
        if let current { exchanges.append(current) }
        return exchanges
    }
}
