/// A free-text answer shown as it streams (`guided respond --stream`, `guided chat`): each
/// snapshot prints only what is new, without the space a base model starts with.
struct StreamedAnswer {
    /// What is on the screen so far.
    private(set) var shown = ""

    /// The new part of `snapshot` to print; empty when it does not extend what is shown.
    mutating func part(of snapshot: String) -> String {
        let text = String(snapshot.drop(while: \.isWhitespace))
        guard text.hasPrefix(shown) else { return "" }
        defer { shown = text }
        return String(text.dropFirst(shown.count))
    }

    /// The attempt that was streaming ended: the next snapshots start from nothing.
    mutating func restart() { shown = "" }

    /// What to print so the screen ends with `answer`, the line break included.
    func ending(with answer: String) -> String {
        if answer.hasPrefix(shown) { return String(answer.dropFirst(shown.count)) + "\n" }
        if shown.trimmingWhitespace == answer { return "\n" }
        return (shown.isEmpty ? "" : "\n") + answer + "\n"
    }
}
