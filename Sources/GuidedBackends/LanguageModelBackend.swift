public import GuidedSchema

/// The plugin contract: a place that can turn a prompt (and a schema) into a validated response.
///
/// Conform in your own package and register a factory with ``BackendRegistry`` to make a new
/// `kind` usable from a configuration file, without touching Guided.
public protocol LanguageModelBackend: Sendable {
    /// The configured name (e.g. `local`).
    var name: String { get }
    /// The backend kind (e.g. `llama-server`).
    var kind: String { get }
    /// What it can do.
    var capabilities: BackendCapabilities { get }
    /// Whether it can serve now; cheap enough to call before every request.
    func availability() async -> BackendAvailability
    /// A response validated against `request.schema`.
    func respond(to request: BackendRequest) async throws(BackendError) -> BackendResponse
    /// Partial snapshots, then the validated response.
    func streamResponse(to request: BackendRequest) -> AsyncThrowingStream<BackendStreamEvent, any Error>
    /// `count` independent generations for `request` (for an output policy that picks the best
    /// of several). The default, `sequentialCandidates(to:count:)`, generates one after
    /// another with consecutive seeds; override it when the backend can do better.
    func respond(to request: BackendRequest, candidates count: Int) async throws(BackendError) -> [CandidateResult]
    /// The number of tokens `text` takes for this backend's model: exact when the backend can
    /// ask the model's tokenizer, else an estimate that says so (``TokenCount/isEstimate``).
    func tokenCount(of text: String) async throws(BackendError) -> TokenCount
    /// The number of tokens `request`'s prompt takes, rendered as this backend shows it to its
    /// model. The default counts ``CompletionPrompt``'s rendering with ``tokenCount(of:)-(String)``;
    /// a backend that renders chat turns through a template counts the template's text.
    func tokenCount(of request: BackendRequest) async throws(BackendError) -> TokenCount
    /// How many tokens the model's context holds.
    func contextSize() async throws(BackendError) -> Int
    /// The request field that carries `request`'s output constraint on the wire (`grammar`,
    /// `format`, `structured_outputs.grammar`, …), for reports; nil without a schema. The
    /// default says nothing (nil).
    func constraintField(for request: BackendRequest) -> String?
    /// The `count` most likely first tokens of the model's answer to `request`, with their
    /// log-probabilities, most likely first — what a yes/no judgement reads (``PromptStyle``
    /// rendering applies as for any request; nothing is sampled). The default throws
    /// ``BackendError/Code/unsupportedOption``: a backend that cannot see its model's
    /// probabilities cannot judge.
    func nextTokenLogProbabilities(for request: BackendRequest, count: Int) async throws(BackendError)
        -> [TokenLogProbability]
    /// How the backend shows a request to its model, where it knows (``PromptStyle``): a base
    /// model's completion prompt, whose model needs worked examples to continue, or an
    /// instruction-tuned model's chat turns, which it follows without them. The default is nil:
    /// not known, and the session then warns about no missing examples.
    var promptStyle: PromptStyle? { get }
}

extension LanguageModelBackend {
    /// Nil: the backend does not say where its constraint goes.
    public func constraintField(for request: BackendRequest) -> String? { nil }

    /// Nil: the backend does not say how it prompts its model.
    public var promptStyle: PromptStyle? { nil }

    /// Throws ``BackendError/Code/unsupportedOption``: the backend cannot report its model's
    /// probabilities.
    public func nextTokenLogProbabilities(for request: BackendRequest, count: Int) async throws(BackendError)
        -> [TokenLogProbability]
    {
        throw BackendError(
            .unsupportedOption, backend: name, "\(kind) cannot report its model's next-token probabilities")
    }

    /// Generates the candidates one after another (`sequentialCandidates(to:count:)`).
    public func respond(to request: BackendRequest, candidates count: Int) async throws(BackendError)
        -> [CandidateResult]
    {
        try await sequentialCandidates(to: request, count: count)
    }
}

/// Turning a model's raw output into validated content: the one check every backend runs.
public enum OutputValidation {
    /// Parses `text` (when a schema is given) and validates it against the full schema.
    /// Throws ``BackendError/Code/invalidOutput`` with every violation, and `text` whole as
    /// ``BackendError/rawOutput``.
    public static func content(
        from text: String, schema: GenerationSchema?, backend: String,
        parse: (String) throws -> GeneratedContent
    ) throws(BackendError) -> GeneratedContent {
        guard let schema else { return GeneratedContent(text) }
        let value: GeneratedContent
        do {
            value = try parse(text)
        } catch {
            var failure = BackendError(
                .invalidOutput, backend: backend, "the output is not JSON: \(error)", excerpt: excerpt(text))
            failure.rawOutput = text
            throw failure
        }
        let violations = schema.violations(of: value)
        guard violations.isEmpty else {
            var failure = BackendError(
                .invalidOutput, backend: backend, "the output breaks the schema", violations: violations,
                excerpt: excerpt(text))
            failure.rawOutput = text
            throw failure
        }
        return value
    }

    /// At most 200 characters of `text`.
    package static func excerpt(_ text: String) -> String {
        text.count > 200 ? String(text.prefix(200)) + "…" : text
    }
}
