import GuidedBackends
import GuidedSchema

extension Judge {
    /// `judge` of an output type in the configuration, the partial form of a ``Judge``: `false` to
    /// turn a judge off, or the keys that replace the type's (or the framework's) judge's:
    ///
    /// ```json
    /// "judge": {"threshold": 0.8, "question": "Would a careful coach show this step to this person?",
    ///           "unit": "items", "backend": "embedded"}
    /// ```
    package struct Overrides: Sendable, Hashable {
        /// False for `"judge": false`: no judge for the type.
        package var enabled: Bool
        /// Replaces ``Judge/threshold``.
        package var threshold: Double?
        /// Replaces ``Judge/question``.
        package var question: String?
        /// Replaces ``Judge/unit``.
        package var unit: Judge.Unit?
        /// Replaces ``Judge/backend``.
        package var backend: String?

        /// Overrides of the keys given; `enabled: false` turns the judge off.
        package init(
            enabled: Bool, threshold: Double? = nil, question: String? = nil, unit: Judge.Unit? = nil,
            backend: String? = nil
        ) {
            self.enabled = enabled
            self.threshold = threshold
            self.question = question
            self.unit = unit
            self.backend = backend
        }

        /// Reads `judge`: `false`, or an object of `threshold` (0 to 1), `question` (a non-empty
        /// string), `unit` (`items` or `whole`) and `backend` (one of `backends`).
        package static func read(_ node: ConfigurationNode, backends: [String]) throws(ConfigurationError)
            -> Overrides
        {
            if node.value.boolValue == false { return Overrides(enabled: false) }
            try node.object(
                allowing: ["threshold", "question", "unit", "backend"],
                example: "{\"threshold\": 0.8}")
            var overrides = Overrides(enabled: true)
            overrides.threshold = try node["threshold"]?.number(in: Judge.thresholdRange)
            if let question = node["question"] {
                let text = try question.string()
                guard !text.allSatisfy(\.isWhitespace) else {
                    throw question.error(
                        "question is empty", remedy: "write the yes/no question the judge's model answers")
                }
                overrides.question = text
            }
            let unit = try node["unit"]?.string(oneOf: Judge.Unit.allCases.map(\.rawValue).sorted())
            overrides.unit = unit.flatMap(Judge.Unit.init(rawValue:))
            if let backend = node["backend"] {
                let name = try backend.string()
                guard backends.contains(name) else {
                    throw backend.error(
                        "the judge names the unknown backend \"\(name)\"",
                        remedy: "use one of: \(backends.joined(separator: ", "))")
                }
                overrides.backend = name
            }
            return overrides
        }
    }

    /// `threshold`: 0 to 1, a probability.
    package static let thresholdRange = OptionRange(option: "threshold", lowerBound: 0, upperBound: 1)

    /// This judge with each key `overrides` gives in place of its own.
    package func applying(_ overrides: Overrides) -> Judge {
        var judge = self
        if let threshold = overrides.threshold { judge.threshold = threshold }
        if let question = overrides.question { judge.question = question }
        if let unit = overrides.unit { judge.unit = unit }
        if let backend = overrides.backend { judge.backend = backend }
        return judge
    }
}
