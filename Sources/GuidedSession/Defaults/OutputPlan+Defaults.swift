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
    /// configuration's for the type, the schema's own, then examples derived from the schema's
    /// shape (`OutputDefaults.textExamples` for free text). An example without an input is shown with the
    /// request's prompt.
    func examples(for request: SessionRequest, policy: OutputPolicy<Value>, settings: OutputSettings?)
        -> [BackendRequest.Example]
    {
        var examples = request.examples
        if examples.isEmpty { examples = policy.examples.map(\.backendExample) }
        if examples.isEmpty, let configured = settings?.examples?.examples {
            examples = configured.map(\.backendExample)
        }
        if examples.isEmpty {
            examples =
                schema.map { OutputDefaults.examples(for: $0).map(\.backendExample) }
                ?? OutputDefaults.textExamples.map(\.backendExample)
        }
        return examples.map { example in
            guard example.input.isEmpty else { return example }
            var shown = example
            shown.input = request.prompt
            return shown
        }
    }
}
