import GuidedBackends
import GuidedSchema
import GuidedValidation

extension OutputPlan {
    /// This plan with the framework's default checks added to its policy's validators (each one
    /// whose name they lack), unless the output is free text or the policy opts out. A plan with
    /// no policy gets one with no fallback first. Runs before the configuration applies, so a
    /// configuration can still turn any default check off by name.
    func withDefaultChecks(grounded: Bool, polishing: Bool = false) -> OutputPlan {
        var plan = self
        var policy = self.policy ?? OutputPolicy<Value>.noSuggestion()
        if policy.defaultChecks {
            policy.validators = OutputDefaults.validators(
                policy.validators, schema: schema, grounded: grounded, polishing: polishing)
        }
        plan.policy = policy
        return plan
    }

    /// The examples `request` is shown, the first that has any of: the call's, the policy's, the
    /// configuration's for the type, the schema's own, then the framework's — examples derived
    /// from the schema's shape, or `OutputDefaults.textExamples` for free text — which
    /// `fromDefaults` marks (a chat model is shown none of them). An example without an input is
    /// shown with the request's prompt.
    func examples(for request: SessionRequest, policy: OutputPolicy<Value>, settings: OutputSettings?)
        -> (examples: [BackendRequest.Example], fromDefaults: Bool)
    {
        var examples = request.examples
        if examples.isEmpty { examples = policy.examples.map(\.backendExample) }
        if examples.isEmpty, let configured = settings?.examples?.examples {
            examples = configured.map(\.backendExample)
        }
        if examples.isEmpty, let schema { examples = schema.examples.map(\.backendExample) }
        let fromDefaults = examples.isEmpty
        if fromDefaults {
            examples =
                schema.map { ShapeExamples.derive(for: $0).map(\.backendExample) }
                ?? OutputDefaults.textExamples.map(\.backendExample)
        }
        let shown = examples.map { example in
            guard example.input.isEmpty else { return example }
            var shown = example
            shown.input = request.prompt
            return shown
        }
        return (shown, fromDefaults)
    }

    /// The adapter `request` is served with (``ModelAdapter``): the configuration's for the type
    /// (`outputs.<Type>.adapter`, `false` for none), else the schema's own — unless the request
    /// brings its own examples (the call's, the policy's or the configuration's), which ask for
    /// the base model shown those examples.
    func adapter(for request: SessionRequest, policy: OutputPolicy<Value>, settings: OutputSettings?) -> ModelAdapter? {
        guard schema != nil, request.examples.isEmpty, policy.examples.isEmpty, settings?.examples == nil else {
            return nil
        }
        return OutputSettings.adapter(settings, schema: schema)
    }
}
