import Guided
import GuidedCommandLine

/// Generation options from `--temperature`, `--greedy`, `--top-k`, `--top-p`, `--seed`, `--max-tokens`.
///
/// Every value is checked before it becomes an option: counts are whole numbers in a stated
/// range (never converted from a `Double` that could trap), and fractions are finite and in
/// range, so `nan`, `inf` and `1e30` are usage errors naming the option.
enum GenerationArguments {
    /// The largest `--max-tokens`: far above any context this tool talks to, far below `Int.max`.
    static let largestTokenCount = 1_000_000
    /// The largest `--top-k`: a vocabulary size (Gemma's is 262,144) with room to spare.
    static let largestTopK = 1_000_000

    static func options(_ arguments: ParsedArguments) throws(CommandFailure) -> GenerationOptions {
        let modes = [arguments.flag(.greedy), arguments.value(.topK) != nil, arguments.value(.topP) != nil]
            .filter { $0 }
        guard modes.count <= 1 else { throw .usage("error: choose one of --greedy, --top-k, --top-p") }
        var seed: UInt64?
        if let text = arguments.value(.seed) {
            let range = GenerationOptions.seedRange
            guard let value = UInt64(text), range.contains(Double(value)) else {
                throw .usage("error: --seed needs a whole number \(range.allowed), not \(text)")
            }
            seed = value
        }
        var sampling: GenerationOptions.SamplingMode?
        if arguments.flag(.greedy) {
            sampling = .greedy
        } else if let k = try count(.topK, in: arguments, largest: largestTopK) {
            sampling = .random(top: k, seed: seed)
        } else if let p = try fraction(.topP, in: arguments) {
            sampling = .random(probabilityThreshold: p, seed: seed)
        } else if let seed {
            sampling = .random(top: 40, seed: seed)
        }
        return GenerationOptions(
            sampling: sampling,
            temperature: try number(.temperature, in: arguments, GenerationOptions.temperatureRange),
            maximumResponseTokens: try count(.maxTokens, in: arguments, largest: largestTokenCount))
    }

    /// A number `range` allows (the one range sessions and configurations use), or a usage
    /// error that names the option and the range (`nan` and `inf` included).
    static func number(_ option: Option, in arguments: ParsedArguments, _ range: OptionRange) throws(CommandFailure)
        -> Double?
    {
        try arguments.checked { arguments throws(UsageError) in
            try arguments.number(option, allowed: range.allowed) { range.contains($0) }
        }
    }

    /// A whole number from 1 to `largest`, or a usage error that says which option and why.
    static func count(_ option: Option, in arguments: ParsedArguments, largest: Int) throws(CommandFailure) -> Int? {
        try arguments.checked { arguments throws(UsageError) in try arguments.integer(option, in: 1...largest) }
    }

    /// A finite number from 0 to 1, or a usage error (`nan` and `inf` included).
    static func fraction(_ option: Option, in arguments: ParsedArguments) throws(CommandFailure) -> Double? {
        try arguments.checked { arguments throws(UsageError) in try arguments.fraction(option) }
    }

    /// `--candidates N` (1 to 16): generate N per attempt, all at once, and ship the best.
    /// Without it, nil: the framework's default (`OutputDefaults.candidates`).
    static func candidates(_ arguments: ParsedArguments) throws(CommandFailure) -> CandidatePolicy? {
        try count(.candidates, in: arguments, largest: 16).map { CandidatePolicy(count: $0) }
    }

    /// `--judge-threshold T`: a judge's threshold in the configuration's one range
    /// (`Judge.thresholdRange`, 0 to 1); nil without the flag.
    static func judgeThreshold(_ arguments: ParsedArguments) throws(CommandFailure) -> Double? {
        try number(.judgeThreshold, in: arguments, Judge.thresholdRange)
    }

    /// Facts given on the command line or in a file: one per line — any line break, CRLF, CR and
    /// Unicode's included — blank lines dropped.
    static func facts(_ text: String) -> [String] {
        text.split(whereSeparator: \.isNewline).map(String.init).filter { !$0.allSatisfy(\.isWhitespace) }
    }

    static func configuration(_ arguments: ParsedArguments) throws(CommandFailure) -> GuidedConfiguration {
        do {
            return try GuidedConfiguration.load(file: arguments.value(.config))
        } catch {
            throw .usage(error.description)
        }
    }
}
