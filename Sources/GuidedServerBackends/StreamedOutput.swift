/// The text of a streamed generation as it grows, and the snapshot of it that may be shown:
/// secrets redacted, with any ending that could still become a secret held back
/// (``SecretRedactor/Stream``), and for JSON output its needless escapes folded first
/// (``JSONEscapeFolding``), so a key the model wrote escaped is redacted too.
package struct StreamedOutput: Sendable {
    /// Everything generated so far, as the server sent it.
    package private(set) var text = ""
    private var shown: SecretRedactor.Stream
    private var folding: JSONEscapeFolding?

    /// An empty output redacted by `http`'s secrets; `json` when the output is JSON (the request
    /// has a schema) and its snapshots are decoded by whoever reads them.
    package init(_ http: JSONOverHTTP, json: Bool) {
        shown = http.redactedStream()
        folding = json ? JSONEscapeFolding() : nil
    }

    /// Adds a piece of generated text. Returns the snapshot to show, or nil for an empty piece
    /// (nothing new to show).
    package mutating func append(_ piece: String) -> String? {
        guard !piece.isEmpty else { return nil }
        text += piece
        shown.append(folding?.append(piece) ?? piece)
        return shown.shown
    }
}
