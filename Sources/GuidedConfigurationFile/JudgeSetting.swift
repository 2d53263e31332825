import GuidedBackends
import GuidedSchema

/// `judge` of an output type in the configuration: `false` to turn a judge off, or which judge
/// ranks the candidates that pass (see the session's `Judge`):
///
/// ```json
/// "judge": {"threshold": 0.8, "question": "Would a careful coach show this step to this person?",
///           "unit": "items", "backend": "embedded"}
/// ```
///
/// Every key is optional: a value left out keeps the type's (or the framework's) judge's.
package struct JudgeSetting: Sendable, Hashable {
    /// False for `"judge": false`: no judge for the type.
    package var enabled: Bool
    /// The lowest score, 0 to 1, a candidate may have and ship.
    package var threshold: Double?
    /// The yes/no question.
    package var question: String?
    /// `whole` or `items`.
    package var unit: String?
    /// The configured backend that judges.
    package var backend: String?

    /// `threshold`: 0 to 1, a probability.
    package static let thresholdRange = OptionRange(option: "threshold", lowerBound: 0, upperBound: 1)

    /// The units a judge scores.
    package static let units = ["items", "whole"]

    /// Reads `judge`: `false`, or an object of `threshold` (0 to 1), `question` (a non-empty
    /// string), `unit` (`items` or `whole`) and `backend` (one of `backends`).
    package static func read(_ node: ConfigurationNode, backends: [String]) throws(ConfigurationError)
        -> JudgeSetting
    {
        if node.value.boolValue == false { return JudgeSetting(enabled: false) }
        try node.object(
            allowing: ["threshold", "question", "unit", "backend"],
            example: "{\"threshold\": 0.8}")
        var setting = JudgeSetting(enabled: true)
        setting.threshold = try node["threshold"]?.number(in: thresholdRange)
        if let question = node["question"] {
            let text = try question.string()
            guard !text.allSatisfy(\.isWhitespace) else {
                throw question.error("question is empty", remedy: "write the yes/no question the judge's model answers")
            }
            setting.question = text
        }
        setting.unit = try node["unit"]?.string(oneOf: units)
        if let backend = node["backend"] {
            let name = try backend.string()
            guard backends.contains(name) else {
                throw backend.error(
                    "the judge names the unknown backend \"\(name)\"",
                    remedy: "use one of: \(backends.joined(separator: ", "))")
            }
            setting.backend = name
        }
        return setting
    }

    package init(
        enabled: Bool, threshold: Double? = nil, question: String? = nil, unit: String? = nil, backend: String? = nil
    ) {
        self.enabled = enabled
        self.threshold = threshold
        self.question = question
        self.unit = unit
        self.backend = backend
    }
}
