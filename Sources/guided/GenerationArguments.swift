import Guided

/// Generation options from `--temperature`, `--greedy`, `--top-k`, `--top-p`, `--seed`, `--max-tokens`.
enum GenerationArguments {
    static func options(_ arguments: ParsedArguments) throws(CommandFailure) -> GenerationOptions {
        func number(_ option: String) throws(CommandFailure) -> Double? {
            guard let text = arguments.value(option) else { return nil }
            guard let value = Double(text) else { throw .usage("error: \(option) needs a number, not \(text)") }
            return value
        }
        let modes = [arguments.flag("--greedy"), arguments.value("--top-k") != nil, arguments.value("--top-p") != nil].filter { $0 }
        guard modes.count <= 1 else { throw .usage("error: choose one of --greedy, --top-k, --top-p") }
        var seed: UInt64?
        if let text = arguments.value("--seed") {
            guard let value = UInt64(text) else { throw .usage("error: --seed needs a non-negative integer") }
            seed = value
        }
        var sampling: GenerationOptions.SamplingMode?
        if arguments.flag("--greedy") {
            sampling = .greedy
        } else if let k = try number("--top-k") {
            sampling = .random(top: Int(k), seed: seed)
        } else if let p = try number("--top-p") {
            sampling = .random(probabilityThreshold: p, seed: seed)
        } else if let seed {
            sampling = .random(top: 40, seed: seed)
        }
        if let temperature = try number("--temperature"), !(0...1).contains(temperature) {
            throw .usage("error: --temperature must be between 0 and 1")
        }
        return GenerationOptions(sampling: sampling, temperature: try number("--temperature"),
                                 maximumResponseTokens: try number("--max-tokens").map { Int($0) })
    }

    static func configuration(_ arguments: ParsedArguments) throws(CommandFailure) -> GuidedConfiguration {
        do {
            return try GuidedConfiguration.load(file: arguments.value("--config"), environment: ProcessEnvironment.values)
        } catch {
            throw .usage(error.description)
        }
    }
}
