import GuidedJSON
import GuidedSchema
import GuidedSession

/// One candidate as a reader meets it: a step list's items joined by ` | `, or a notification's
/// text, with the checks' verdict beside it (kept apart from what the reader is shown).
struct CandidateOutput: Sendable {
    /// What the reader reads: the same spelling as the shipped output in the benchmark's lines.
    var readable: String
    /// The checks' verdict code (`passed`, `rejected:changedFact/changedWord`, `failed:truncated`).
    var verdict: String
    /// Whether the checks passed it.
    var passed: Bool
    /// Whether it is the candidate that shipped.
    var shipped: Bool
    /// The judge's score, when a judge scored it.
    var judgeScore: Double?

    /// The candidate's output, or nil when there is no output a reader could read (the generation
    /// failed before any JSON value, or the value has no strings where the flow's schema puts them).
    init?(flow: String, verdict: CandidateVerdict) {
        guard let json = verdict.text, let value = try? JSONReader.parse(json),
            let text = Self.readable(flow: flow, value: value)
        else { return nil }
        readable = text
        self.verdict = verdict.outcomeCode
        if case .passed = verdict.outcome { passed = true } else { passed = false }
        shipped = verdict.shipped
        judgeScore = verdict.judgeScore
    }

    /// A value as a reader reads it in `flow`: `steps` items joined by ` | `, or `text`.
    static func readable(flow: String, value: GeneratedContent) -> String? {
        if flow == "steps" {
            let items = (value["steps"]?.arrayValue ?? []).compactMap(\.stringValue)
            return items.isEmpty ? nil : items.joined(separator: " | ")
        }
        return value["text"]?.stringValue
    }
}
