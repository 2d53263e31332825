/// One numeric option's allowed values: one rule, used by `GenerationOptions.rangeViolation`
/// (sessions check every request's options before sending), the configuration reader and the
/// `guided` tool's flags, so a value is accepted or refused the same way everywhere.
public struct OptionRange: Sendable, Hashable {
    /// The option's name as the docs, errors and configuration spell it (`temperature`).
    public var option: String
    /// The smallest allowed value.
    package var lowerBound: Double
    /// The largest allowed value; nil for no upper bound.
    package var upperBound: Double?

    /// The range of `option` from `lowerBound` to `upperBound` (nil: no upper bound).
    package init(option: String, lowerBound: Double, upperBound: Double?) {
        self.option = option
        self.lowerBound = lowerBound
        self.upperBound = upperBound
    }

    /// Whether `value` is allowed: finite (never NaN) and within the bounds.
    public func contains(_ value: Double) -> Bool {
        value.isFinite && value >= lowerBound && (upperBound.map { value <= $0 } ?? true)
    }

    /// The allowed values in words: `from 0 to 2`, `0 or more`.
    package var allowed: String {
        let low = Self.text(lowerBound)
        return upperBound.map { "from \(low) to \(Self.text($0))" } ?? "\(low) or more"
    }

    /// The error for `value`, or nil when it is allowed.
    package func violation(_ value: Double) -> OptionRangeError? {
        contains(value) ? nil : OptionRangeError(option: option, value: value, allowed: allowed)
    }

    static func text(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

/// An option outside its range: named, with the value and what is allowed. Never clamped.
package struct OptionRangeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The option (`temperature`, `repetitionPenalty`, `sampling.probabilityThreshold`…).
    public var option: String
    /// The value given.
    public var value: Double
    /// What is allowed, in words.
    package var allowed: String

    /// `temperature is 5, but it must be from 0 to 2`.
    public var description: String { "\(option) is \(OptionRange.text(value)), but it must be \(allowed)" }
}

extension GenerationOptions {
    /// `temperature`: 0 to 2, what every backend kind accepts (OpenAI's range; llama-server and
    /// Ollama take the same values).
    package static let temperatureRange = OptionRange(option: "temperature", lowerBound: 0, upperBound: 2)
    /// `repetitionPenalty`: 0 (off) or more, with no upper bound, as llama-server's DRY
    /// multiplier.
    package static let repetitionPenaltyRange = OptionRange(option: "repetitionPenalty", lowerBound: 0, upperBound: nil)
    /// `sampling.probabilityThreshold` (top-p): 0 to 1.
    package static let probabilityThresholdRange = OptionRange(
        option: "sampling.probabilityThreshold", lowerBound: 0, upperBound: 1)
    /// `sampling.top` (top-k): 1 or more.
    package static let topRange = OptionRange(option: "sampling.top", lowerBound: 1, upperBound: nil)
    /// `sampling.seed`: 0 to 4,294,967,294. llama-server reads a seed as 32 bits and takes
    /// 4,294,967,295 (its -1) as "a random seed", so a larger seed would be cut, and that one
    /// would sample differently on every call.
    package static let seedRange = OptionRange(option: "sampling.seed", lowerBound: 0, upperBound: 4_294_967_294)
    /// `maximumResponseTokens`: 1 or more.
    package static let maximumResponseTokensRange = OptionRange(
        option: "maximumResponseTokens", lowerBound: 1, upperBound: nil)

    /// The first option outside its range, or nil when every one is allowed. Sessions refuse a
    /// request whose options have one (``FallbackReason/Code``'s `invalidOptions`), so a value is
    /// never silently clamped into range.
    package var rangeViolation: OptionRangeError? {
        if let temperature, let problem = Self.temperatureRange.violation(temperature) { return problem }
        if let repetitionPenalty, let problem = Self.repetitionPenaltyRange.violation(repetitionPenalty) {
            return problem
        }
        if let maximumResponseTokens,
            let problem = Self.maximumResponseTokensRange.violation(Double(maximumResponseTokens))
        {
            return problem
        }
        switch sampling?.kind {
        case .randomTopK(let top, let seed):
            return Self.topRange.violation(Double(top)) ?? seed.flatMap { Self.seedRange.violation(Double($0)) }
        case .randomProbabilityThreshold(let threshold, let seed):
            return Self.probabilityThresholdRange.violation(threshold)
                ?? seed.flatMap { Self.seedRange.violation(Double($0)) }
        default: return nil
        }
    }
}
