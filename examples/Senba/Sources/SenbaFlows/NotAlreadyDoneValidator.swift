public import Guided

/// Rejects a suggested step the person has already done: an app's own check, next to the
/// framework's. Completed steps reach it as grounding lines starting with `Done: `.
public struct NotAlreadyDoneValidator: OutputValidator {
    /// The prefix that marks a completed step among the request's facts.
    public static let prefix = "Done: "

    /// Creates the validator.
    public init() {}

    /// `"notAlreadyDone"`.
    public var name: String { "notAlreadyDone" }

    /// One `"alreadyDone"` rejection per suggested step that repeats a completed one (ignoring
    /// case, spacing and final punctuation).
    public func check(_ output: GeneratedContent, in context: ValidationContext) -> [Rejection] {
        let done = Set(
            context.grounding.filter { $0.hasPrefix(Self.prefix) }.map {
                Self.key(String($0.dropFirst(Self.prefix.count)))
            })
        guard !done.isEmpty, let steps = output["steps"]?.arrayValue else { return [] }
        return steps.enumerated().compactMap { index, step in
            guard let text = step.stringValue, done.contains(Self.key(text)) else { return nil }
            return Rejection(
                validator: name, reason: "alreadyDone", pointer: JSONPointer(tokens: ["steps", String(index)]),
                detail: "\"\(text)\" is already done")
        }
    }

    static func key(_ text: String) -> String {
        text.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).joined(separator: " ")
    }
}
