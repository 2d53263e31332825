/// How a model samples its response, in Foundation Models vocabulary.
public struct GenerationOptions: Sendable, Hashable {
    /// How tokens are chosen.
    public struct SamplingMode: Sendable, Hashable {
        /// Which sampling, with its parameters, as Foundation Models 27 names them
        /// (`GenerationOptions.SamplingMode.Kind`).
        public enum Kind: Sendable, Hashable {
            /// Always the most likely token.
            case greedy
            /// Sample among the `top` most likely tokens, with a seed or none.
            case randomTopK(Int, seed: UInt64?)
            /// Sample among the most likely tokens whose probabilities add up to the threshold,
            /// with a seed or none.
            case randomProbabilityThreshold(Double, seed: UInt64?)
        }

        /// Which sampling this is, with its parameters (`top`, the threshold, the seed): what an
        /// app's settings screen shows, and what a backend switches over when it writes its
        /// request body.
        public let kind: Kind

        /// Always the most likely token: reproducible.
        public static let greedy = SamplingMode(kind: .greedy)

        /// Sample among the `top` most likely tokens; a seed makes it reproducible. `top` must be
        /// 1 or more (`GenerationOptions.topRange`): a session refuses anything else.
        public static func random(top: Int, seed: UInt64? = nil) -> SamplingMode {
            SamplingMode(kind: .randomTopK(top, seed: seed))
        }

        /// Sample among the most likely tokens whose probabilities add up to `probabilityThreshold`
        /// (nucleus sampling); a seed makes it reproducible. The threshold must be from 0 to 1
        /// (`GenerationOptions.probabilityThresholdRange`): a session refuses anything else,
        /// NaN included, instead of clamping it.
        public static func random(probabilityThreshold: Double, seed: UInt64? = nil) -> SamplingMode {
            SamplingMode(kind: .randomProbabilityThreshold(probabilityThreshold, seed: seed))
        }

        /// The seed, if the mode has one.
        package var seed: UInt64? {
            switch kind {
            case .greedy: nil
            case .randomTopK(_, let seed), .randomProbabilityThreshold(_, let seed): seed
            }
        }

        /// Whether the same request gives the same output (greedy, or seeded).
        package var isReproducible: Bool { kind == .greedy || seed != nil }
    }

    /// The sampling mode; nil for the backend's default.
    public var sampling: SamplingMode?
    /// Temperature from 0 to 2 (higher is more varied; `temperatureRange`); nil for the
    /// backend's default.
    public var temperature: Double?
    /// The most tokens the response may have; nil for the backend's default. Structured output
    /// cut by this limit is a failure, never a result; free text cut by it ends there and says
    /// so (``BackendResponse/stopReason`` `.limit`, the outcome's `isTruncated`), as in
    /// Foundation Models.
    public var maximumResponseTokens: Int?
    /// How strongly to discourage repeating phrases, 0 (off) or more (`repetitionPenaltyRange`);
    /// nil for the backend's default. Not in Foundation Models: small models loop ("with the board with the board")
    /// and copy their few-shot examples. llama-server applies it as its DRY sampler (multiplier
    /// = this value, sequences from the whole prompt count, so copying an example is penalised
    /// too); OpenAI-compatible servers as `frequency_penalty`; Ollama as `repeat_penalty` 1 +
    /// a third of this value.
    public var repetitionPenalty: Double?
    /// Text that ends the response where the model writes it (not included in the response);
    /// nil for none beyond the backend's automatic ones. Not in Foundation Models. Sent as
    /// llama-server's and OpenAI's `stop` and Ollama's `options.stop`; backends that render
    /// ``CompletionPrompt`` for free text also stop at its section markers
    /// (`CompletionPrompt.sectionMarkers`), so a base model's answer ends where it would start
    /// the next `Input:`.
    public var stopSequences: [String]?
    /// For free text cut by ``maximumResponseTokens``: keep the text up to its last whole
    /// sentence (its last `.`, `!` or `?`) instead of all of it; nil for the type's default (off).
    public var trimsToLastSentence: Bool?
    /// Grounded decoding for this request (free-text strings state only the specifics of the
    /// request's grounding); nil for the output type's setting. Not in Foundation Models.
    public var groundedDecoding: Bool?
    /// Whether the model may call the session's tools before it answers, must call one, or may
    /// not (Foundation Models 27's `toolCallingMode`); nil for the default, ``ToolCallingMode/allowed``.
    /// Ignored by a session without tools.
    public var toolCallingMode: ToolCallingMode?

    /// Creates options, each taken as given: a value out of its range (`rangeViolation`) is
    /// refused when a session sends the request, naming the option, never clamped.
    public init(
        sampling: SamplingMode? = nil, temperature: Double? = nil, maximumResponseTokens: Int? = nil,
        repetitionPenalty: Double? = nil,
        groundedDecoding: Bool? = nil, stopSequences: [String]? = nil, trimsToLastSentence: Bool? = nil,
        toolCallingMode: ToolCallingMode? = nil
    ) {
        self.toolCallingMode = toolCallingMode
        self.stopSequences = stopSequences
        self.trimsToLastSentence = trimsToLastSentence
        self.sampling = sampling
        self.temperature = temperature
        self.maximumResponseTokens = maximumResponseTokens
        self.repetitionPenalty = repetitionPenalty
        self.groundedDecoding = groundedDecoding
    }
}

extension GenerationOptions {
    /// Whether the model may call tools, as Foundation Models 27 names it.
    public struct ToolCallingMode: Sendable, Hashable {
        /// The modes.
        public enum Kind: Sendable, Hashable {
            /// The model calls a tool when the request needs one, else answers.
            case allowed
            /// The model calls one of the tools first, then answers.
            case required
            /// The model answers without calling any tool.
            case disallowed
        }

        /// Which mode this is.
        public let kind: Kind

        /// The model calls a tool when the request needs one (the default).
        public static let allowed = ToolCallingMode(kind: .allowed)
        /// The model calls one of the tools before it answers.
        public static let required = ToolCallingMode(kind: .required)
        /// The model answers without tools.
        public static let disallowed = ToolCallingMode(kind: .disallowed)
    }
}
