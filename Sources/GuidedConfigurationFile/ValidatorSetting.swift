import GuidedBackends
import GuidedSchema

/// One entry of an output type's `validators` object: a validator named as its rejections name
/// it (`blockedPhrase`, `grounding`, `repetition`, …), turned off, on, or on with parameters.
///
/// ```json
/// "validators": {"personLevel": true, "repetition": {"maximumWordUses": 3}, "grounding": false,
///                "blockedPhrase": {"phrases": ["crush it"], "matching": "wholeWord"}, "characterCap": {"maximum": 100}}
/// ```
/// - `false` removes every validator of that name from the chain the code registered;
/// - `true` keeps the code's validator of that name, or adds one with its defaults;
/// - an object replaces the code's validator of that name with one built from these
///   parameters (a parameter left out takes the validator's own default, not the code's).
///
/// `personLevel` stands for the whole set of person-level checks and is applied before the
/// other entries, so `{"personLevel": false, "repetition": true}` keeps only the repetition
/// check. ``catalog`` lists every name and its parameters; the session turns settings into
/// validators.
package struct ValidatorSetting: Sendable, Hashable {
    /// The validator's name (its ``Rejection``s' `validator`), or `personLevel`.
    public var name: String
    /// Whether the validator runs.
    package var isEnabled: Bool
    /// The parameters given (only keys of ``catalog`` for `name`, values already checked);
    /// empty for `true` and `false`.
    public var parameters: [String: GeneratedContent]
    /// Where the entry is (`/outputs/StepSuggestions/validators/repetition`).
    public var pointer: JSONPointer

    /// A setting for the validator `name`: off, on with its defaults (no `parameters`), or on
    /// with `parameters` (keys and values as ``catalog`` allows; not checked here).
    public init(
        name: String, isEnabled: Bool, parameters: [String: GeneratedContent] = [:], pointer: JSONPointer = .root
    ) {
        self.name = name
        self.isEnabled = isEnabled
        self.parameters = parameters
        self.pointer = pointer
    }

    /// The whole number given for `parameter`, if any.
    public func integer(_ parameter: String) -> Int? { parameters[parameter]?.intValue }
    /// The number given for `parameter`, if any.
    public func number(_ parameter: String) -> Double? { parameters[parameter]?.doubleValue }
    /// The flag given for `parameter`, if any.
    public func flag(_ parameter: String) -> Bool? { parameters[parameter]?.boolValue }
    /// The string given for `parameter`, if any.
    public func text(_ parameter: String) -> String? { parameters[parameter]?.stringValue }
    /// The strings given for `parameter`, if any.
    public func texts(_ parameter: String) -> [String]? { parameters[parameter]?.arrayValue?.compactMap(\.stringValue) }
    /// The JSON Pointers given for `parameter` (e.g. `at`), if any.
    public func pointers(_ parameter: String) -> [JSONPointer]? { texts(parameter)?.compactMap { JSONPointer($0) } }

    /// What a parameter's value must be.
    package enum Parameter: Sendable, Hashable {
        /// A whole number within the range; `2.5` and `1e30` are errors, never rounded.
        case wholeNumber(ClosedRange<Int>)
        /// A finite number within the range, e.g. a threshold from 0 to 1.
        case number(ClosedRange<Double>)
        /// `true` or `false`.
        case flag
        /// A string that must be one of these, e.g. `wordPrefix` or `wholeWord`.
        case choice([String])
        /// An array of non-empty strings.
        case strings
        /// An array of JSON Pointers into the output.
        case pointers
    }

    /// Every validator a configuration can name, with the parameters each takes. Every one but
    /// `blockedPhrase` and `scaffoldingEcho` takes `at`: the JSON Pointers of the output strings
    /// it checks (default: every free-text string).
    public static let catalog: [String: [String: Parameter]] = [
        "personLevel": ["at": .pointers, "stepItems": .pointers, "lengthCap": .wholeNumber(1...1_000_000)],
        "promptResidue": ["at": .pointers, "usesPromptLabels": .flag],
        "fragment": ["at": .pointers, "minimumWords": .wholeNumber(1...100)],
        "repetition": ["at": .pointers, "maximumWordUses": .wholeNumber(1...100)],
        "cutAtCap": ["at": .pointers, "maximum": .wholeNumber(1...1_000_000), "tolerance": .wholeNumber(0...1000)],
        "wordSalad": ["at": .pointers],
        "nearDuplicate": [
            "at": .pointers, "minimumJaccard": .number(0...1), "minimumContainedStems": .wholeNumber(1...100),
        ],
        "grammar": ["at": .pointers],
        "stepItem": ["at": .pointers, "minimumEntryOverlap": .number(0...1)],
        "blockedPhrase": [
            "phrases": .strings, "outwardVoice": .flag, "matching": .choice(["wordPrefix", "wholeWord"]),
            "exemptsGroundedPhrases": .flag,
        ],
        "characterCap": ["at": .pointers, "maximum": .wholeNumber(1...1_000_000)],
        "grounding": ["at": .pointers, "minimumSharedWords": .wholeNumber(0...100)],
        "minimumContent": ["at": .pointers, "minimumWords": .wholeNumber(1...100), "distinctItems": .flag],
        "copiedFact": ["at": .pointers, "minimumWords": .wholeNumber(1...100)],
        "changedFact": ["at": .pointers, "newWords": .flag],
        "exampleLeak": ["at": .pointers],
        "readerVoice": ["at": .pointers],
        "restatedQuotation": ["at": .pointers],
        "scaffoldingEcho": ["detectsTemplateSlots": .flag, "minimumEchoLength": .wholeNumber(1...10_000)],
    ]

    /// Parameters a validator cannot run without (`characterCap` needs its `maximum`).
    package static let requiredParameters: [String: [String]] = ["characterCap": ["maximum"]]

    /// Reads the `validators` object at `node`: every name, parameter and value checked, each
    /// error located at the offending key.
    public static func read(_ node: ConfigurationNode) throws(ConfigurationError) -> [ValidatorSetting] {
        let entries = try node.object(
            allowing: Set(catalog.keys), example: "{\"grounding\": true, \"repetition\": false}")
        var settings: [ValidatorSetting] = []
        for entry in entries {
            let name = entry.key
            let known = catalog[name]!
            if let enabled = entry.value.boolValue {
                if enabled, let required = requiredParameters[name] {
                    throw entry.error(
                        "\(name) needs parameters, so true is not enough",
                        remedy: "write \"\(name)\": {" + required.map { "\"\($0)\": 100" }.joined(separator: ", ") + "}"
                    )
                }
                settings.append(ValidatorSetting(name: name, isEnabled: enabled, pointer: entry.pointer))
                continue
            }
            guard entry.value.properties != nil else {
                throw entry.error(
                    "\(name) must be true, false or an object of parameters, not \(entry.value.jsonText())",
                    remedy: "write \"\(name)\": true, or {"
                        + known.keys.sorted().map { "\"\($0)\": …" }.joined(separator: ", ") + "}")
            }
            var parameters: [String: GeneratedContent] = [:]
            for parameter in try entry.object(allowing: Set(known.keys), example: "{}") {
                try parameter.check(known[parameter.key]!)
                parameters[parameter.key] = parameter.value
            }
            for required in requiredParameters[name] ?? [] where parameters[required] == nil {
                throw entry.error("\(name) needs \"\(required)\"", remedy: "add \"\(required)\": 100")
            }
            settings.append(
                ValidatorSetting(name: name, isEnabled: true, parameters: parameters, pointer: entry.pointer))
        }
        return settings.filter { $0.name == "personLevel" } + settings.filter { $0.name != "personLevel" }
    }
}

extension ConfigurationNode {
    /// Checks this value against a validator parameter's rule.
    func check(_ rule: ValidatorSetting.Parameter) throws(ConfigurationError) {
        switch rule {
        case .wholeNumber(let range): _ = try wholeNumber(in: range)
        case .number(let range): _ = try number(in: range)
        case .flag: _ = try bool()
        case .choice(let choices): _ = try string(oneOf: choices)
        case .strings: _ = try strings()
        case .pointers: _ = try pointers()
        }
    }
}
