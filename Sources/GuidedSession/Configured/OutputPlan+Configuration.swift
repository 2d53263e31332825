import GuidedBackends
import GuidedConfigurationFile
import GuidedSchema
import GuidedValidation

extension OutputPlan {
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
    /// The backend names a request for `name` tries, `callRoute` the call's own if it names one
    /// (``OutputPrecedence/route(call:file:registered:default:)``).
    func routeNames(for name: String?, policyRoute: [String]?, callRoute: [String]? = nil) -> [String] {
        OutputPrecedence.route(
            call: callRoute, file: name.flatMap { configuration.routes[$0] }, registered: policyRoute,
            default: configuration.route)
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
