import GuidedBackends
import GuidedSchema

extension OutputOverrides {
    /// The keys an output type's settings may have.
    public static let keys: Set<String> = [
        "route", "options", "candidates", "validators", "fallback", "examples", "adapter", "judge",
    ]

    /// Reads one entry of the `outputs` table (`/outputs/StepSuggestions`); every bad key or
    /// value is an error naming the file and the JSON Pointer.
    /// - Parameter backends: The configured backend names, which a `route` must use.
    public static func read(_ node: ConfigurationNode, backends: [String]) throws(ConfigurationError) -> OutputOverrides
    {
        try node.object(allowing: keys, example: "{\"options\": {\"temperature\": 0.7}}")
        var settings = OutputOverrides(pointer: node.pointer, file: node.file)
        if let route = node["route"] {
            let names = try route.strings()
            for (index, name) in names.enumerated() where !backends.contains(name) {
                throw ConfigurationError(
                    "route names the unknown backend \"\(name)\"",
                    remedy: "use one of: \(backends.joined(separator: ", "))",
                    at: route.pointer.appending(index), file: node.file)
            }
            settings.route = names
        }
        if let options = node["options"] { settings.options = try GenerationOptions.read(options) }
        if let candidates = node["candidates"] { settings.candidates = try CandidatePolicy.Overrides.read(candidates) }
        if let validators = node["validators"] { settings.validators = try ValidatorSetting.read(validators) }
        if let fallback = node["fallback"] { settings.fallback = try FallbackSetting.read(fallback) }
        if let examples = node["examples"] { settings.examples = try ExamplesSetting.read(examples) }
        if let adapter = node["adapter"] { settings.adapter = try AdapterSetting.read(adapter) }
        if let judge = node["judge"] { settings.judge = try Judge.Overrides.read(judge, backends: backends) }
        return settings
    }
}

extension GenerationOptions {
    /// The most response tokens a configuration may ask for.
    package static let largestConfiguredTokenCount = 1_000_000

    /// Reads an `options` object: `temperature`, `sampling`, `maximumResponseTokens`,
    /// `repetitionPenalty`, `groundedDecoding` (true or false), each in its one range
    /// (``OptionRange``). A key left out stays
    /// nil, so it does not override anything.
    ///
    /// `sampling` is `{"mode": "greedy"}`, `{"mode": "top-k", "top": 40, "seed": 7}` or
    /// `{"mode": "top-p", "probabilityThreshold": 0.9, "seed": 7}` (the seed optional).
    package static func read(_ node: ConfigurationNode) throws(ConfigurationError) -> GenerationOptions {
        try node.object(
            allowing: ["temperature", "sampling", "maximumResponseTokens", "repetitionPenalty", "groundedDecoding"],
            example: "{\"temperature\": 0.7}")
        var options = GenerationOptions()
        options.temperature = try node["temperature"]?.number(in: temperatureRange)
        options.maximumResponseTokens = try node["maximumResponseTokens"]?.wholeNumber(
            in: 1...largestConfiguredTokenCount)
        options.repetitionPenalty = try node["repetitionPenalty"]?.number(in: repetitionPenaltyRange)
        options.groundedDecoding = try node["groundedDecoding"]?.bool()
        if let sampling = node["sampling"] { options.sampling = try SamplingMode.read(sampling) }
        return options
    }
}

extension GenerationOptions.SamplingMode {
    /// The largest `top` a configuration may give: a vocabulary size with room to spare.
    package static let largestTop = 1_000_000

    /// Reads a `sampling` object (see ``GenerationOptions/read(_:)``).
    package static func read(_ node: ConfigurationNode) throws(ConfigurationError) -> GenerationOptions.SamplingMode {
        try node.object(allowing: ["mode", "top", "probabilityThreshold", "seed"], example: "{\"mode\": \"greedy\"}")
        guard let modeNode = node["mode"] else {
            throw node.error("sampling needs a \"mode\"", remedy: "add \"mode\": one of greedy, top-k, top-p")
        }
        let mode = try modeNode.string(oneOf: ["greedy", "top-k", "top-p"])
        let allowed: Set<String> =
            switch mode {
            case "top-k": ["mode", "top", "seed"]
            case "top-p": ["mode", "probabilityThreshold", "seed"]
            default: ["mode"]
            }
        try node.object(allowing: allowed, example: "{\"mode\": \"\(mode)\"}")
        var seed: UInt64?
        if let given = node["seed"] {
            let range = GenerationOptions.seedRange
            guard let number = given.value.numberValue, let value = UInt64(number.text), range.contains(Double(value))
            else {
                throw given.error(
                    "seed must be a whole number \(range.allowed), not \(given.value.jsonText())",
                    remedy: "write \"seed\": 7")
            }
            seed = value
        }
        switch mode {
        case "top-k":
            guard let top = node["top"] else {
                throw node.error("top-k sampling needs \"top\"", remedy: "add \"top\": 40")
            }
            return .random(top: try top.wholeNumber(in: 1...largestTop), seed: seed)
        case "top-p":
            guard let threshold = node["probabilityThreshold"] else {
                throw node.error(
                    "top-p sampling needs \"probabilityThreshold\"", remedy: "add \"probabilityThreshold\": 0.9")
            }
            return .random(
                probabilityThreshold: try threshold.number(in: GenerationOptions.probabilityThresholdRange), seed: seed)
        default:
            return .greedy
        }
    }
}

extension ExamplesSetting {
    /// Reads `examples`: an array of examples, or `{"file": "path"}` (relative to the
    /// configuration file's folder). Each bad example is an error at its JSON Pointer; outputs are
    /// checked against the type's schema when the type is registered or first used.
    public static func read(_ node: ConfigurationNode) throws(ConfigurationError) -> ExamplesSetting {
        if node.value.arrayValue != nil {
            do {
                return .inline(try Example.list(from: node.value, at: node.pointer, checkedAgainst: nil))
            } catch {
                throw ConfigurationError(error.message, remedy: error.remedy, at: error.pointer, file: node.file)
            }
        }
        try node.object(allowing: ["file"], example: "{\"file\": \"examples/steps.json\"}")
        guard let file = node["file"] else {
            throw node.error(
                "examples is an array of examples or {\"file\": \"path\"}",
                remedy: "write \"examples\": [{\"input\": …, \"output\": …}] or {\"file\": \"examples/steps.json\"}")
        }
        let path = try file.string()
        guard !path.isEmpty else {
            throw file.error("file must name a file", remedy: "write \"file\": \"examples/steps.json\"")
        }
        return .file(path: ConfigurationPath.resolve(path, relativeTo: node.file), examples: nil)
    }
}

extension FallbackSetting {
    /// Reads a `fallback` object: `{"value": …}` or `{"template": "path"}`, exactly one. A
    /// relative template path is taken relative to the configuration file's folder.
    public static func read(_ node: ConfigurationNode) throws(ConfigurationError) -> FallbackSetting {
        let members = try node.object(
            allowing: ["value", "template"], example: "{\"template\": \"fallbacks/steps.json\"}")
        guard members.count == 1 else {
            throw node.error(
                "a fallback is either \"value\" or \"template\", exactly one",
                remedy: "write {\"value\": {…}} for a fixed value, or {\"template\": \"file.json\"} for a template file"
            )
        }
        if let value = node["value"] { return .value(value.value) }
        let template = node["template"]!
        let path = try template.string()
        guard !path.isEmpty else {
            throw template.error("template must name a file", remedy: "write \"template\": \"fallbacks/steps.json\"")
        }
        return .template(path: ConfigurationPath.resolve(path, relativeTo: node.file), content: nil)
    }
}
