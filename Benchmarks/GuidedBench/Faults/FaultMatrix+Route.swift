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
        var fallbackCode: String?
        var fallback: String?
        var attempts: [Step]
    }

    static func route(_ request: BackendRequest, through backends: [any LanguageModelBackend], streaming: Bool, partials: PartialLog) async -> Routed {
        let router = Router(policy: RoutePolicy(deadline: deadline))
        let record: @Sendable (String) -> Void = { partials.append($0) }
        let onPartial = streaming ? record : nil
        let validators = ValidatorChain([BlockedPhraseValidator(phrases: ["unlock"])])
        let result = await router.route(request, through: backends, validators: validators, onPartial: onPartial)
        let steps = result.attempts.map { attempt in
            Routed.Step(backend: attempt.backend, code: attempt.outcomeCode, detail: attempt.description + detail(attempt))
        }
        let served = result.success.map { $0.response.backend }
        return Routed(servedBy: served, fallbackCode: result.failure?.code.rawValue, fallback: result.failure?.description, attempts: steps)
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
