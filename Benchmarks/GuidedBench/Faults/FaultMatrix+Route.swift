import Guided
import Synchronization

/// The one place the fault matrix touches the router's result type.
extension FaultMatrix {
    struct Routed {
        struct Step {
            var backend: String
            var code: String
            var detail: String
        }
        var servedBy: String?
        /// The served value's JSON, logged so the key grep covers decoded output too.
        var value: String?
        var fallbackCode: String?
        var fallback: String?
        var attempts: [Step]
    }

    static func route(
        _ request: BackendRequest, through backends: [any LanguageModelBackend], streaming: Bool, partials: PartialLog
    ) async -> Routed {
        let router = Router(policy: RoutePolicy(deadline: deadline))
        let record: @Sendable (RouteProgress) -> Void = { progress in
            if case .partial(_, let text) = progress { partials.append(text) }
        }
        let validators = ValidatorChain([BlockedPhraseValidator(phrases: ["unlock"])])
        let result = await router.route(
            request, through: backends, validators: validators, progress: streaming ? record : nil)
        let steps = result.attempts.map { attempt in
            Routed.Step(
                backend: attempt.backend, code: attempt.outcomeCode, detail: attempt.description + detail(attempt))
        }
        var served: String?
        var value: String?
        if case .success(_, let response, _) = result {
            served = response.backend
            value = response.content.jsonText()
        }
        let failure = result.failureReason
        return Routed(
            servedBy: served, value: value, fallbackCode: failure?.code.rawValue, fallback: failure?.description,
            attempts: steps)
    }

    static func detail(_ attempt: Attempt) -> String {
        switch attempt.outcome {
        case .unavailable(let reason): " — \(reason.message)"
        case .failed(let error): " — \(error.description)"
        case .rejected(let rejections): " — " + rejections.map(\.description).joined(separator: "; ")
        case .overBudget(let message): " — \(message)"
        default: ""
        }
    }
}

/// Partial snapshots seen during one route, printed so the key grep covers them too.
final class PartialLog: Sendable {
    private let storage = Mutex<[String]>([])
    func append(_ text: String) { storage.withLock { $0.append(text) } }
    var lines: [String] { storage.withLock { $0 } }
}
