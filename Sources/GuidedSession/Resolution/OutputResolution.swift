import GuidedBackends
import GuidedConfigurationFile
import GuidedSchema
import GuidedValidation

/// How one request is generated, decided in one place from its four layers: the **call** (the
/// `respond` arguments: options, examples, a fallback, and ``CallChoices``), the **file** (the configuration's
/// `outputs` entry and `routes` for the type), the **registered** policy (``OutputPolicy``, the
/// call's own when it brings one) and the framework's **defaults** (``OutputDefaults``).
///
/// This is the only place that knows the precedence. For each choice, the first layer that makes
/// it wins (1 beats 2):
///
/// | choice | call | file | registered | defaults |
/// |---|---|---|---|---|
/// | options, field by field | 1 | 2 | 3 | 4 (a schema's sampling and length) |
/// | grounded decoding (an option) | 1 | 2 | 3 | 4: on for a schema whose type asks, or with facts |
/// | fallback | 1 | 2 | 3 | none |
/// | validators (built up, see below) | takes the file's settings for the checks it names out | turns any check on or off, or tunes it, by name | its chain | added, each one the chain lacks, unless the policy opts out |
/// | candidates: count and batch size | 1: its policy's, when it decides them | 2 | 3 | 4 |
/// | candidates: step sense | as above | 2 | 3 | off |
/// | judge, key by key | 1: the threshold (on even where the file said `false`) | 2 (`false`: none) | 3 | the threshold |
/// | examples | 1 | 3 | 2 | 4: the schema's, then derived from its shape |
/// | adapter | none once 1–3 give examples | 1 (`false`: none) | — | 2: the schema's |
/// | route | 1 | 2 | 3 | 4: the configuration's `route` |
/// | history | — | — | 1 | 2: kept for text, independent for a schema |
///
/// Validators build up rather than replace: the defaults are added to the registered chain, each
/// one it lacks by name, and the file then turns any of them on, off or tunes it — so a file can
/// turn off a default check. Examples from the call, then the policy, then the file, are the
/// app's own, and the code that brings them asks for the base model shown them, so they also
/// turn the adapter off.
struct OutputResolution<Value: Sendable>: Sendable {
    /// The plan with its policy resolved (validators, clean-up, candidates, the judge) and the
    /// configured fallback in place when the call brings none.
    var plan: OutputPlan<Value>
    /// The resolved policy (also ``plan``'s).
    var policy: OutputPolicy<Value>
    /// How candidates are generated and chosen.
    var candidates: CandidatePolicy
    /// Whether the session's earlier turns are sent.
    var history: TranscriptHistory
    /// The generation options, every layer's fields filled in.
    var options: GenerationOptions
    /// Whether no layer above the defaults chose the sampling (a backend may then use its own).
    var samplingIsDefault: Bool
    /// Whether no layer chose the repetition penalty, for a schema (a chat model then gets none).
    var repetitionPenaltyIsDefault: Bool
    /// The worked examples shown, each without an input shown with the request's prompt.
    var examples: [BackendRequest.Example]
    /// Whether ``examples`` are the framework's (a chat model is shown none of them).
    var examplesAreDefault: Bool
    /// The adapter the request is served with, if any.
    var adapter: ModelAdapter?
    /// The backends tried, by name, in order.
    var route: [String]
    /// Whether the grammar keeps free-text strings to the request's facts (a schema only).
    var groundedDecoding: Bool

    /// The resolution of `call` for `plan` (whose policy is the registered one, or the call's),
    /// under the file's `settings` and `fileRoute` for the output, with `defaultRoute` the
    /// configuration's route.
    static func resolve(
        _ plan: OutputPlan<Value>, call: SessionRequest, file settings: OutputOverrides?, fileRoute: [String]?,
        defaultRoute: [String]
    ) -> OutputResolution {
        let settings = call.choices.applied(to: settings)
        let plan = configured(
            withDefaultChecks(plan, grounded: !call.grounding.isEmpty, polishing: call.template != nil), by: settings)
        let policy = plan.policy ?? OutputPolicy<Value>.noSuggestion()
        var options = call.options.filling(from: settings?.options ?? GenerationOptions()).filling(from: policy.options)
        let samplingIsDefault = options.sampling == nil
        let repetitionPenaltyIsDefault = options.repetitionPenalty == nil && plan.schema != nil
        if let schema = plan.schema { options = options.filling(from: OutputDefaults.options(for: schema)) }
        let examples = Self.examples(for: call, plan: plan, policy: policy, settings: settings)
        return OutputResolution(
            plan: plan, policy: policy,
            candidates: policy.candidates ?? (plan.schema == nil ? .single : OutputDefaults.candidates),
            history: policy.history ?? .default(structured: plan.schema != nil), options: options,
            samplingIsDefault: samplingIsDefault, repetitionPenaltyIsDefault: repetitionPenaltyIsDefault,
            examples: examples.examples, examplesAreDefault: examples.fromDefaults,
            adapter: Self.adapter(for: call, plan: plan, policy: policy, settings: settings),
            route: OutputPrecedence.route(
                call: call.choices.route, file: fileRoute, registered: policy.route, default: defaultRoute),
            groundedDecoding: plan.schema != nil
                && (options.groundedDecoding ?? (plan.groundedByDefault || !call.grounding.isEmpty)))
    }

    /// The examples `call` is shown, the first that has any of: the call's, the policy's, the
    /// file's, the schema's own, then the framework's — derived from the schema's shape, or
    /// `OutputDefaults.textExamples` for free text — which `fromDefaults` marks. An example
    /// without an input is shown with the call's prompt.
    static func examples(
        for call: SessionRequest, plan: OutputPlan<Value>, policy: OutputPolicy<Value>, settings: OutputOverrides?
    ) -> (examples: [BackendRequest.Example], fromDefaults: Bool) {
        var examples = call.examples
        if examples.isEmpty { examples = policy.examples.map(\.backendExample) }
        if examples.isEmpty, let configured = settings?.examples?.examples {
            examples = configured.map(\.backendExample)
        }
        if examples.isEmpty, let schema = plan.schema { examples = schema.examples.map(\.backendExample) }
        let fromDefaults = examples.isEmpty
        if fromDefaults {
            examples =
                plan.schema.map { ShapeExamples.derive(for: $0).map(\.backendExample) }
                ?? OutputDefaults.textExamples.map(\.backendExample)
        }
        let shown = examples.map { example in
            guard example.input.isEmpty else { return example }
            var shown = example
            shown.input = call.prompt
            return shown
        }
        return (shown, fromDefaults)
    }

    /// The adapter `call` is served with (``ModelAdapter``): the file's for the output
    /// (`outputs.<Type>.adapter`, `false` for none), else the schema's own — unless the call, the
    /// policy or the file brings examples, which ask for the base model shown those examples.
    static func adapter(
        for call: SessionRequest, plan: OutputPlan<Value>, policy: OutputPolicy<Value>, settings: OutputOverrides?
    ) -> ModelAdapter? {
        guard plan.schema != nil, call.examples.isEmpty, policy.examples.isEmpty, settings?.examples == nil else {
            return nil
        }
        return OutputOverrides.adapter(settings, schema: plan.schema)
    }

    /// `plan` with the framework's default checks added to its policy's validators (each one
    /// whose name they lack), unless the output is free text or the policy opts out. A plan with
    /// no policy gets one with no fallback first. Runs before the file applies, so a file can
    /// still turn any default check off by name.
    static func withDefaultChecks(_ plan: OutputPlan<Value>, grounded: Bool, polishing: Bool) -> OutputPlan<Value> {
        var plan = plan
        var policy = plan.policy ?? OutputPolicy<Value>.noSuggestion()
        if policy.defaultChecks {
            policy.validators = OutputDefaults.validators(
                policy.validators, schema: plan.schema, grounded: grounded, polishing: polishing)
        }
        plan.policy = policy
        return plan
    }

    /// `plan` with the file's `settings` applied over its policy (the file beats code):
    /// validators turned on, off or tuned, candidates, the judge, and the fallback — unless the
    /// call gave its own fallback, which beats both.
    static func configured(_ plan: OutputPlan<Value>, by settings: OutputOverrides?) -> OutputPlan<Value> {
        guard let settings else { return plan }
        var plan = plan
        var policy = plan.policy ?? OutputPolicy<Value>.noSuggestion()
        policy.validators = policy.validators.configured(by: settings.validators, schema: plan.schema)
        if let candidates = settings.candidates {
            policy.candidates = (policy.candidates ?? OutputDefaults.candidates).applying(candidates)
        }
        if let judge = settings.judge {
            var candidates = policy.candidates ?? (plan.schema == nil ? .single : OutputDefaults.candidates)
            candidates.judge =
                judge.enabled
                ? (candidates.judge ?? Judge(threshold: OutputDefaults.judgeThreshold)).applying(judge) : nil
            policy.candidates = candidates
        }
        plan.policy = policy
        if !plan.fallbackFromCall, let fallback = settings.fallback { plan.configuredFallback = (fallback, settings) }
        return plan
    }
}

/// The choices of ``OutputResolution`` that do not depend on the output's type, which the session
/// also makes before any request (availability, prewarming, the missing-examples warning).
enum OutputPrecedence {
    /// The backends an output's requests try: the call's, else the file's route for it, else the
    /// registered policy's, else the configuration's `route`.
    static func route(call: [String]? = nil, file: [String]?, registered: [String]?, default: [String]) -> [String] {
        call ?? file ?? registered ?? `default`
    }

    /// Whether an output has examples of its own — the schema's, the registered policy's
    /// (`registered`), the file's — or an adapter that stands in for them on the backends that
    /// have it.
    static func hasOwnExamples(schema: GenerationSchema, registered: Bool, file: OutputOverrides?) -> Bool {
        !schema.examples.isEmpty || registered || file?.examples != nil
            || OutputOverrides.adapter(file, schema: schema) != nil
    }
}
