public import GuidedSchema

/// One generation request as a backend receives it.
public struct BackendRequest: Sendable {
    /// Standing instructions (Foundation Models' `instructions`), if any.
    public var instructions: String?
    /// Earlier prompts and responses of the session, oldest first.
    public var transcript: [TranscriptEntry]
    /// The prompt for this response.
    public var prompt: String
    /// The schema the output must satisfy; nil for free text.
    public var schema: GenerationSchema?
    /// Sampling and length options.
    public var options: GenerationOptions
    /// The facts the model may use for this request, rendered into the prompt in a fixed way
    /// (see ``CompletionPrompt``) and checked by the grounding validator.
    public var grounding: [String]
    /// Worked examples (few-shot): an input, its own facts, and the output the app wants for it.
    public var examples: [Example]
    /// Grounded decoding: when set, every free-text string may state only these specifics
    /// (numbers, dates, ordinals, capitalised names). Backends that take a grammar compile it
    /// in; others leave it to the check after generation (``BackendCapabilities/grammar``).
    package var groundedVocabulary: GroundedVocabulary?
    /// Facts the checks use that the prompt leaves out (a step already completed: shown, the
    /// model tends to suggest it again). Backends never send them.
    package var checkOnlyGrounding: [String] = []
    /// Ask for each generated token's log-probability (``BackendResponse/tokenLogProbabilities``),
    /// used to rank candidates. Backends that cannot report them ignore it.
    package var tokenLogProbabilities: Bool
    /// A llama.cpp GBNF grammar already compiled for ``schema`` (a ``PrecompiledGenerable``
    /// type's, compiled at build time): backends that send a grammar send this one instead of
    /// compiling the schema again. Ignored with `groundedVocabulary`, whose grammar depends on
    /// the request. Nil: backends compile the schema themselves.
    public var grammar: String?
    /// Whether ``options``' sampling mode is the framework's default rather than the caller's
    /// choice: a router sends such a request to a backend that cannot express that mode (or its
    /// seed) with the backend's own sampling, instead of skipping the backend as unsupported.
    package var samplingIsDefault = false
    /// Whether the options' repetition penalty is the framework's default for the schema
    /// (1.4 for lists of strings: a base model copies its examples' phrases) rather than the
    /// caller's: a backend prompting a chat model sends none (``PromptStyle/chat``), since the
    /// penalty counts the prompt's own words and made an instruct model garble them ("meditate
    /// for ictus minutes" where the journal said five).
    package var repetitionPenaltyIsDefault = false
    /// Checks a candidate while it is generated (see ``EarlyCheck``); nil: only after.
    package var earlyCheck: EarlyCheck?
    /// The adapter to serve this request with (``ModelAdapter``): a backend that has it applies
    /// it and leaves ``examples`` out of the prompt, since the adapter has learned what they
    /// show; a backend without it shows the examples. Nil: no adapter.
    public var adapter: ModelAdapter?
    /// Whether ``examples`` are the framework's own — derived from the schema's shape, or its
    /// short free-text answers — rather than the app's: they teach a base model the pattern to
    /// continue, and a chat model, which follows instructions, is shown none of them (``ChatPrompt``).
    package var examplesAreDefault = false
    /// Whether this request asks the model which tool to call (its schema is the union of the
    /// declared calls): a backend that cannot hold output to a schema is skipped as one that
    /// cannot call tools.
    package var choosesTool = false

    /// One worked example.
    public struct Example: Sendable, Hashable {
        /// The example's input.
        public var input: String
        /// The example's own facts, rendered like a request's grounding. Examples drawn from
        /// other domains, each with its facts, show a base model how output follows from facts
        /// without handing it content it could copy into this request and pass the checks.
        public var grounding: [String]
        /// The output for it (JSON for structured output, a string for free text).
        public var output: GeneratedContent

        /// A worked example: `output` is what the model should write for `input` given the
        /// example's own facts, `grounding` (none by default).
        public init(input: String, grounding: [String] = [], output: GeneratedContent) {
            self.input = input
            self.grounding = grounding
            self.output = output
        }

        /// The output as a prompt shows it: compact JSON when the request has a schema, and a
        /// free-text example's words as they are (not a quoted JSON string) when it has none.
        package func outputText(structured: Bool) -> String {
            if !structured, let text = output.stringValue { return text }
            return output.jsonText()
        }
    }

    /// A request; only `prompt` is required. Without a `schema` the model writes free text; with
    /// one, `grammar` (GBNF whose start rule is `root`) replaces the grammar the backend would
    /// compile from it, e.g. a ``PrecompiledGenerable`` type's.
    public init(
        prompt: String, instructions: String? = nil, transcript: [TranscriptEntry] = [],
        schema: GenerationSchema? = nil,
        options: GenerationOptions = GenerationOptions(), grounding: [String] = [], examples: [Example] = [],
        tokenLogProbabilities: Bool = false, grammar: String? = nil
    ) {
        self.prompt = prompt
        self.instructions = instructions
        self.transcript = transcript
        self.schema = schema
        self.options = options
        self.grounding = grounding
        self.examples = examples
        self.tokenLogProbabilities = tokenLogProbabilities
        self.grammar = grammar
    }
}

/// One turn of a session's transcript.
public struct TranscriptEntry: Sendable, Hashable {
    /// Who spoke.
    public enum Role: String, Sendable, Hashable {
        /// What the user asked.
        case user
        /// What the model answered.
        case model
        /// A tool the model called before it answered, with its output (``toolCall``).
        case tool
    }
    /// Who spoke.
    public var role: Role
    /// What was said (a response's JSON text for structured output); for a ``Role/tool`` entry,
    /// the call as the model read it: ``ToolCall/fact``.
    public var text: String
    /// For a ``Role/tool`` entry: the tool's name, the arguments the model wrote and what the
    /// tool gave back; nil for the other roles.
    public var toolCall: ToolCall?

    /// A turn: what the user asked (`.user`) or the model answered (`.model`).
    public init(_ role: Role, _ text: String) {
        self.role = role
        self.text = text
    }

    /// A ``Role/tool`` entry for `call`: a call the model made between a prompt and its answer.
    public init(_ call: ToolCall) {
        self.role = .tool
        self.text = call.fact
        self.toolCall = call
    }
}

/// Why generation stopped.
public enum StopReason: String, Sendable, Hashable {
    /// The model ended the output (end of sequence).
    case endOfSequence = "eos"
    /// The token limit cut the output.
    case limit
    /// A stop word ended the output.
    case stopWord = "word"
    /// The server did not say.
    case unknown
}

/// A validated response.
public struct BackendResponse: Sendable {
    /// The backend's configured name.
    public var backend: String
    /// The output, parsed and validated against the request's schema (a string for free text).
    public var content: GeneratedContent
    /// The output text exactly as the model produced it.
    public var text: String
    /// How many tokens the model generated, as the server counted them; nil when it did not say.
    public var tokensGenerated: Int?
    /// How many tokens the prompt took, as the server counted them; nil when it did not say.
    public var promptTokens: Int?
    /// How many of ``promptTokens`` the server reused from its prompt cache; nil when it did not say.
    public var cachedPromptTokens: Int?
    /// Why generation stopped.
    public var stopReason: StopReason
    /// Time from request to response, in milliseconds.
    public var milliseconds: Double
    /// Generation speed reported by the server, tokens per second.
    public var tokensPerSecond: Double?
    /// Each generated token with its log-probability, when the request asked for them and the
    /// backend can tell.
    package var tokenLogProbabilities: [TokenLogProbability]?
    /// The adapter the backend applied to generate this response (``BackendRequest/adapter``,
    /// when the backend has it); nil when the base model alone generated it.
    public var adapter: ModelAdapter?
    /// What readers measured about ``adapter``, from its metadata: the checks calibrated per
    /// adapter read it; nil when no adapter was applied or it has no calibration.
    package var adapterCalibration: AdapterCalibration?

    /// A response from the backend named `backend`. Build `content` with
    /// ``OutputValidation/content(from:schema:backend:parse:)`` so it is validated like every
    /// backend's; pass nil for the counts the server does not report.
    public init(
        backend: String, content: GeneratedContent, text: String, tokensGenerated: Int?, promptTokens: Int?,
        stopReason: StopReason, milliseconds: Double, tokensPerSecond: Double?,
        tokenLogProbabilities: [TokenLogProbability]? = nil
    ) {
        self.backend = backend
        self.content = content
        self.text = text
        self.tokensGenerated = tokensGenerated
        self.promptTokens = promptTokens
        self.stopReason = stopReason
        self.milliseconds = milliseconds
        self.tokensPerSecond = tokensPerSecond
        self.tokenLogProbabilities = tokenLogProbabilities
    }

    /// The tokens this response read and wrote: ``promptTokens``, ``cachedPromptTokens`` and
    /// ``tokensGenerated``.
    public var usage: GenerationUsage {
        GenerationUsage(
            input: GenerationUsage.Input(totalTokenCount: promptTokens, cachedTokenCount: cachedPromptTokens),
            output: GenerationUsage.Output(totalTokenCount: tokensGenerated))
    }
}

/// What a streaming response yields: growing partial text, then the validated response.
public enum BackendStreamEvent: Sendable {
    /// The output so far (a snapshot, not a delta).
    case partial(String)
    /// The finished, validated response.
    case complete(BackendResponse)
}
