import GuidedBackends
import GuidedSchema

/// What an operator sets for one output type in the configuration's `outputs` table, without
/// a code change: its route, sampling options, candidates, validators and authored fallback.
///
/// ```json
/// "outputs": {
///   "StepSuggestions": {
///     "route": ["local", "embedded"],
///     "options": {"temperature": 0.6, "sampling": {"mode": "top-p", "probabilityThreshold": 0.9, "seed": 7},
///                 "maximumResponseTokens": 160, "repetitionPenalty": 0.3, "groundedDecoding": true},
///     "candidates": {"count": 6, "batchSize": 2},
///     "validators": {"blockedPhrase": {"phrases": ["crush it"]}, "characterCap": {"maximum": 100}, "repetition": false},
///     "fallback": {"template": "fallbacks/steps.json"},
///     "examples": {"file": "examples/steps.json"},
///     "adapter": "house-style",
///     "judge": {"threshold": 0.8}
///   }
/// }
/// ```
///
/// **Precedence** (the same for sessions and `guided generate`): what the code registers for
/// the type (its ``OutputPolicy``-level defaults) < these settings < what one call says
/// explicitly. A call's ``GenerationOptions`` are values, so "explicit" means a field that is
/// not nil: `GenerationOptions(temperature: 0.2)` overrides only the temperature and leaves
/// the configured sampling mode in force. A call's own fallback (`respond(…, fallback:)`,
/// `guided generate --fallback`) replaces the configured one; `--backend`, `--candidates`,
/// `--no-quality-checks` and `--min-words` are explicit in `guided generate` the same way.
package struct OutputOverrides: Sendable, Hashable {
    /// Backend names in the order to try for this type (also readable as
    /// ``GuidedConfiguration/routes``); nil to keep the default route.
    public var route: [String]?
    /// Sampling and length; each nil field is "not configured".
    public var options: GenerationOptions
    /// Generations per backend attempt; nil when not configured.
    public var candidates: CandidatePolicy.Overrides?
    /// Validators turned on, off or tuned by name, in the order written.
    public var validators: [ValidatorSetting]
    /// The authored fallback; nil when not configured.
    public var fallback: FallbackSetting?
    /// Worked examples for the type, inline or in a file; nil when not configured. They replace
    /// the type's own examples (its schema's), and a call's own examples replace them.
    public var examples: ExamplesSetting?
    /// The adapter the type is served with instead of its schema's (``AdapterSetting``); nil
    /// when not configured.
    public var adapter: AdapterSetting?
    /// The judge of the candidates that pass (``Judge/Overrides``); nil when not configured.
    public var judge: Judge.Overrides?
    /// Where these settings are (`/outputs/StepSuggestions`), for errors found later.
    public var pointer: JSONPointer
    /// The configuration file, if any.
    public var file: String?

    /// Creates settings (usually read from a file by ``GuidedConfiguration/from(_:file:registry:)``).
    public init(
        route: [String]? = nil, options: GenerationOptions = GenerationOptions(),
        candidates: CandidatePolicy.Overrides? = nil,
        validators: [ValidatorSetting] = [], fallback: FallbackSetting? = nil, examples: ExamplesSetting? = nil,
        adapter: AdapterSetting? = nil, pointer: JSONPointer = .root, file: String? = nil
    ) {
        self.examples = examples
        self.adapter = adapter
        self.route = route
        self.options = options
        self.candidates = candidates
        self.validators = validators
        self.fallback = fallback
        self.pointer = pointer
        self.file = file
    }

    /// An error located at `key` under these settings (`/outputs/StepSuggestions/fallback`).
    public func error(_ message: String, key: String, remedy: String) -> ConfigurationError {
        ConfigurationError(message, remedy: remedy, at: pointer.appending(key), file: file)
    }
}

/// `examples` of an output type: worked examples in Guided's written form
/// (``Example/list(from:at:checkedAgainst:)``), inline or in a file.
package enum ExamplesSetting: Sendable, Hashable {
    /// `"examples": [{"input": …, "facts": […], "output": …}]`.
    case inline([Example<GeneratedContent>])
    /// `"examples": {"file": "examples/steps.json"}`: a JSON file (its path relative to the
    /// configuration file) holding the same array; `examples` is nil until the file is read
    /// (``GuidedConfiguration/load(file:registry:environment:)`` reads it).
    case file(path: String, examples: [Example<GeneratedContent>]?)

    /// The examples, once read; nil for a file not read yet.
    public var examples: [Example<GeneratedContent>]? {
        switch self {
        case .inline(let examples): examples
        case .file(_, let examples): examples
        }
    }
}

/// `fallback` of an output type: the value that ships when no model output passes.
package enum FallbackSetting: Sendable, Hashable {
    /// `{"value": …}`: this JSON value, as written.
    case value(GeneratedContent)
    /// `{"template": "fallbacks/steps.json"}`: a JSON file (its path relative to the
    /// configuration file) whose strings are authored templates (`"Back in {month} you wrote:
    /// \"{entry}\""`), their slots filled from each request's facts. `content` is nil until the
    /// file is read (``GuidedConfiguration/load(file:registry:environment:)`` reads it).
    case template(path: String, content: GeneratedContent?)
}

extension GenerationOptions {
    /// These options, with every field this call left nil taken from `defaults`: the rule that
    /// lets a call's explicit fields beat the configuration, and the configuration beat the
    /// code's registered defaults.
    ///
    /// ```swift
    /// let call = GenerationOptions(temperature: 0.2)
    /// let configured = GenerationOptions(sampling: .greedy, temperature: 0.7)
    /// call.filling(from: configured)   // greedy, temperature 0.2
    /// ```
    package func filling(from defaults: GenerationOptions) -> GenerationOptions {
        GenerationOptions(
            sampling: sampling ?? defaults.sampling, temperature: temperature ?? defaults.temperature,
            maximumResponseTokens: maximumResponseTokens ?? defaults.maximumResponseTokens,
            repetitionPenalty: repetitionPenalty ?? defaults.repetitionPenalty,
            groundedDecoding: groundedDecoding ?? defaults.groundedDecoding,
            stopSequences: stopSequences ?? defaults.stopSequences,
            trimsToLastSentence: trimsToLastSentence ?? defaults.trimsToLastSentence,
            toolCallingMode: toolCallingMode ?? defaults.toolCallingMode)
    }
}
