import GuidedBackends
import GuidedSchema
import GuidedValidation

extension OutputPlan {
    /// This plan with the configuration's settings for its output type applied over the
    /// registered policy (configuration beats code): validators turned on, off or tuned,
    /// candidates, the judge, and the fallback — unless the call gave its own fallback, which
    /// beats both.
    /// A plan without a registered policy gets one that behaves like none (the session's
    /// defaults for history and candidates) before the settings apply.
    func configured(by settings: OutputSettings?) -> OutputPlan {
        guard let settings else { return self }
        var plan = self
        var policy = self.policy ?? OutputPolicy<Value>.noSuggestion()
        policy.validators = policy.validators.configured(by: settings.validators, schema: schema)
        if let candidates = settings.candidates {
            let own = policy.candidates ?? OutputDefaults.candidates
            var configured =
                candidates.count.map {
                    CandidatePolicy(
                        count: $0, batchSize: candidates.batchSize,
                        minimumTokenLogProbability: own.minimumTokenLogProbability)
                } ?? own
            configured.stopsEarly = own.stopsEarly
            configured.checksStepSense = candidates.stepSense ?? own.checksStepSense
            configured.judge = own.judge
            policy.candidates = configured
        }
        if let setting = settings.judge {
            var candidates = policy.candidates ?? (schema == nil ? .single : OutputDefaults.candidates)
            candidates.judge = setting.enabled ? Self.judge(setting, over: candidates.judge) : nil
            policy.candidates = candidates
        }
        plan.policy = policy
        if !fallbackFromCall, let fallback = settings.fallback { plan.configuredFallback = (fallback, settings) }
        return plan
    }

    /// The judge a configuration's `judge` entry describes, over `own` (the type's or the
    /// framework's): each key it gives replaces own's.
    static func judge(_ setting: JudgeSetting, over own: Judge?) -> Judge {
        var judge = own ?? Judge(threshold: OutputDefaults.judgeThreshold)
        if let threshold = setting.threshold { judge.threshold = threshold }
        if let question = setting.question { judge.question = question }
        if let unit = setting.unit.flatMap(Judge.Unit.init(rawValue:)) { judge.unit = unit }
        if let backend = setting.backend { judge.backend = backend }
        return judge
    }

    /// The fallback value for `request`: the configured fallback's content decoded into the
    /// output, or the policy's fallback built from the request; nil when there is none. A
    /// configured template whose slots the request's facts cannot fill, or whose content does
    /// not decode, is `fallbackDoesNotFit` with the file and pointer.
    func fallbackValue(for request: SessionRequest, after reason: FallbackReason) -> BuiltFallback<Value>? {
        if let configured = configuredFallback {
            let (fallback, settings) = configured
            let place = "\(settings.file ?? "<configuration>") at #\(settings.pointer.appending("fallback"))"
            let content: GeneratedContent
            do {
                content = try fallback.content(for: request.facts)
            } catch {
                return .broken(
                    FallbackReason(
                        .fallbackDoesNotFit,
                        "the configured fallback (\(place)) cannot be built: \(error) (after: \(reason))"))
            }
            guard let value = decode(content) else {
                let violations = schema?.violations(of: content).map(\.description).joined(separator: "; ") ?? ""
                return .broken(
                    FallbackReason(
                        .fallbackDoesNotFit,
                        "the configured fallback (\(place)) does not fit: \(violations) (after: \(reason))"))
            }
            return .value(value)
        }
        guard let fallback = policy?.fallback else { return nil }
        let context = FallbackContext(
            prompt: request.prompt, grounding: request.grounding, facts: request.facts, template: request.template)
        return .value(fallback(context))
    }
}

/// A fallback built for one request, or why it could not be.
enum BuiltFallback<Value> {
    /// The value to ship (still checked against the schema).
    case value(Value)
    /// The configured fallback could not be built or decoded (`fallbackDoesNotFit`).
    case broken(FallbackReason)
}

extension LanguageModelSession {
    /// The backend names a request for `name` tries: the configuration's route for the type
    /// (`routes` or `outputs`), else the registered policy's route, else the default route.
    func routeNames(for name: String?, policyRoute: [String]?) -> [String] {
        name.flatMap { configuration.routes[$0] } ?? policyRoute ?? configuration.route
    }

    /// Checks the configured fallback of `type` (if any) against its schema, at registration.
    func checkConfiguredFallback<Output: Generable>(of type: Output.Type) throws(SchemaError) {
        guard let settings = configuration.outputs[String(describing: Output.self)] else { return }
        do {
            try settings.checkFallback(against: Output.generationSchema)
        } catch {
            throw SchemaError(.invalidValue, error.message, remedy: error.remedy, at: error.pointer, file: error.file)
        }
    }
}
