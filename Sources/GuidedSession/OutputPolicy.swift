public import GuidedBackends
public import GuidedConfigurationFile
import GuidedSchema
public import GuidedValidation

/// What a fallback is built from: the request it stands in for.
public struct FallbackContext: Sendable {
    /// The request's input as the app passed it (for a polishing ``GenerationRequest``, the filled
    /// template's text); empty when the session checks the fallback at registration.
    public var prompt: String
    /// The grounding the request carried (e.g. to fill a template's slots): with facts and a
    /// scope, only the scope's facts' texts.
    public var grounding: [String]
    /// The request's facts, when it was asked with facts and a scope: only the scope's.
    public var facts: [Fact]
    /// The request's filled authored template, when it was asked to polish one.
    public var template: FilledTemplate?

    /// The context of one request; facts and template are empty unless the request had them.
    public init(prompt: String, grounding: [String], facts: [Fact] = [], template: FilledTemplate? = nil) {
        self.prompt = prompt
        self.grounding = grounding
        self.facts = facts
        self.template = template
    }
}

/// Per output type: the authored fallback (or none: "no suggestion"), the validators, the
/// clean-ups, the route, and whether earlier turns reach the prompt.
///
/// ```swift
/// // A fallback value built from the request:
/// OutputPolicy(fallback: { context in RewrittenNotification(text: "Update: " + (context.grounding.first ?? "")) })
/// // The request's filled template ships when the model's rewrite fails a check:
/// OutputPolicy<RewrittenNotification>.template({ RewrittenNotification(text: $0) }, validators: ValidatorChain([GroundingValidator()]))
/// // No value at all: the app lets the user write (respond throws GenerationError, "no suggestion"):
/// OutputPolicy<StepSuggestions>.noSuggestion(validators: ValidatorChain([MinimumContentValidator()]))
/// ```
public struct OutputPolicy<Output: Sendable>: Sendable {
    /// Builds the fallback from the request; nil when the type has none and a failed request
    /// yields "no suggestion": ``LanguageModelSession/respond(to:generating:)`` throws ``GenerationError``
    /// with the reason and every attempt.
    public var fallback: (@Sendable (FallbackContext) -> Output)?
    /// Validators run on every model output (after the schema check).
    public var validators: ValidatorChain
    /// Clean-ups applied before validation.
    public var cleanup: OutputCleanup?
    /// Backend names to try, overriding the configuration's default `route` for this type; the
    /// configuration's own route for the type (`routes` or `outputs`) overrides this in turn.
    public var route: [String]?
    /// Generations per backend attempt, and which one ships (``CandidatePolicy``); nil for the
    /// framework's default (`OutputDefaults.candidates` for structured output, one for free text).
    public var candidates: CandidatePolicy?
    /// Whether earlier turns reach the prompt; nil for the session's one rule
    /// (``TranscriptHistory/default(structured:)``): structured requests stand alone, free text
    /// continues the conversation.
    public var history: TranscriptHistory?
    /// Worked examples for this type, shown when a call brings none; they replace the type's own
    /// (``GenerationSchema/examples``). Checked against the schema at registration.
    public var examples: [Example<Output>] = []
    /// Whether the framework's default checks (`OutputDefaults.checks(for:grounded:)`) run
    /// beside ``validators`` on structured output: each one whose name the validators lack is
    /// added. On by default; turn it off to run exactly ``validators``.
    public var defaultChecks = true
    /// Sampling and length defaults for this type. The configuration's `outputs` options for
    /// the type fill in over these, and a call's options over both: each field a call leaves
    /// nil comes from the configuration, then from here (`GenerationOptions.filling(from:)`).
    /// Grounded decoding is one of them (``GenerationOptions/groundedDecoding``); left nil
    /// everywhere, it follows the type's ``GenerableConfiguration/groundedDecoding``, and is on
    /// whenever a request brings facts.
    public var options = GenerationOptions()

    /// Creates a policy with an authored fallback.
    public init(
        fallback: @escaping @Sendable (FallbackContext) -> Output, validators: ValidatorChain = ValidatorChain([]),
        cleanup: OutputCleanup? = nil, route: [String]? = nil, candidates: CandidatePolicy? = nil,
        history: TranscriptHistory? = nil
    ) {
        self.init(
            optionalFallback: fallback, validators: validators, cleanup: cleanup, route: route, candidates: candidates,
            history: history)
    }

    private init(
        optionalFallback fallback: (@Sendable (FallbackContext) -> Output)?, validators: ValidatorChain,
        cleanup: OutputCleanup?, route: [String]?, candidates: CandidatePolicy?,
        history: TranscriptHistory?
    ) {
        self.fallback = fallback
        self.validators = validators
        self.cleanup = cleanup
        self.route = route
        self.candidates = candidates
        self.history = history
    }

    /// A policy with no fallback value: when no model output passes, the app gets "no
    /// suggestion" with the reason, and lets the user write.
    public static func noSuggestion(
        validators: ValidatorChain = ValidatorChain([]), cleanup: OutputCleanup? = nil,
        route: [String]? = nil, candidates: CandidatePolicy? = nil,
        history: TranscriptHistory? = nil
    ) -> OutputPolicy {
        OutputPolicy(
            optionalFallback: nil, validators: validators, cleanup: cleanup, route: route, candidates: candidates,
            history: history)
    }

    /// A policy whose fallback is the request's filled authored template, made into a value by
    /// `make` (e.g. `{ RewrittenNotification(text: $0) }`). A request without a template falls
    /// back to its prompt, which for ``GenerationRequest/init(polishing:facts:scope:examples:options:fallback:)``
    /// is the filled template.
    public static func template(
        _ make: @escaping @Sendable (String) -> Output, validators: ValidatorChain = ValidatorChain([]),
        cleanup: OutputCleanup? = nil, route: [String]? = nil, candidates: CandidatePolicy? = nil,
        history: TranscriptHistory? = nil
    ) -> OutputPolicy {
        OutputPolicy(
            fallback: { context in make(context.template?.text ?? context.prompt) }, validators: validators,
            cleanup: cleanup, route: route, candidates: candidates, history: history)
    }
}

/// Whether a request sees earlier turns of the session.
///
/// **The rule**, the same for every kind of call — typed, runtime schema or free text,
/// registered or not: a structured request stands alone (``independent``), free text continues
/// the conversation (``kept``), unless the output type's ``OutputPolicy/history`` says otherwise.
public enum TranscriptHistory: Sendable, Hashable {
    /// Each request stands alone: no earlier turn is rendered into its prompt, and none is kept.
    case independent
    /// Earlier turns of the same scope are rendered, newest kept, oldest dropped first so the
    /// prompt and the response fit the first routed backend's context.
    case kept

    /// The history a request gets when its policy names none: ``independent`` for structured
    /// output, ``kept`` for free text.
    public static func `default`(structured: Bool) -> TranscriptHistory { structured ? .independent : .kept }
}

/// A type-erased policy, keyed by its output type; read back with that same type.
struct PolicyBox: Sendable {
    let value: any Sendable
    /// The registered type's name, as `routes` in a configuration names it.
    var typeName: String
    /// The policy's own route, kept outside the generic value so ``LanguageModelSession/prewarm()``
    /// can read every registered route.
    var route: [String]?
}
