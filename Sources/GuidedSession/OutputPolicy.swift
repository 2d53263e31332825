public import GuidedSchema
public import GuidedValidation

/// What a fallback is built from: the request it stands in for.
public struct FallbackContext: Sendable {
    /// The prompt.
    public var prompt: String
    /// The grounding the request carried (e.g. to fill a template's slots).
    public var grounding: [String]

    /// Creates a context.
    public init(prompt: String, grounding: [String]) {
        self.prompt = prompt
        self.grounding = grounding
    }
}

/// Per output type: the authored fallback, the validators, the clean-ups, and the route.
public struct OutputPolicy<Output: Generable>: Sendable {
    /// Builds the fallback from the request's prompt and grounding.
    public var fallback: @Sendable (FallbackContext) -> Output
    /// Validators run on every model output (after the schema check).
    public var validators: ValidatorChain
    /// Clean-ups applied before validation.
    public var cleanup: OutputCleanup?
    /// Backend names to try, overriding the configuration's route for this type.
    public var route: [String]?
    /// Generations per backend attempt, and which one ships (``CandidatePolicy``).
    public var candidates: CandidatePolicy
    /// Grounded decoding for this type's free-text strings; nil for the type's own
    /// ``GenerableConfiguration/groundedDecoding``. A request's ``GenerationOptions`` can override it.
    public var groundedDecoding: Bool?

    /// Creates a policy.
    public init(fallback: @escaping @Sendable (FallbackContext) -> Output, validators: ValidatorChain = ValidatorChain([]),
                cleanup: OutputCleanup? = nil, route: [String]? = nil, candidates: CandidatePolicy = .single, groundedDecoding: Bool? = nil) {
        self.fallback = fallback
        self.validators = validators
        self.cleanup = cleanup
        self.route = route
        self.candidates = candidates
        self.groundedDecoding = groundedDecoding
    }
}

/// A type-erased policy, keyed by its output type; read back with that same type.
struct PolicyBox: Sendable {
    let value: any Sendable
}
