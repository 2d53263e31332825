import Guided
import SenbaFlows

/// Senba's two flows as the app runs them (one session each, one shared router), on the quality
/// corpus's requests taken in turn — even requests suggest steps (`StepSuggestions`), odd ones
/// rewrite a notification (`RewrittenNotification`) — each with its own sampling seed. One
/// generation per attempt (no candidate batches), so every request streams on the wire.
struct SoakFlows: Sendable {
    let suggester: StepSuggester
    let copywriter: Copywriter
    let corpus: QualityCorpus

    init(configuration: GuidedConfiguration, router: Router) throws {
        suggester = try StepSuggester(configuration: configuration, router: router, candidates: .single)
        copywriter = try Copywriter(configuration: configuration, router: router, candidates: .single)
        corpus = try QualityCorpus.load()
    }

    /// Runs request `index`: its outcome's kind (flow, where the value came from, the reason
    /// code), its attempts. A kind is nil only when the request came back with neither a value
    /// nor a typed reason.
    func run(_ index: Int) async -> (kind: String?, attempts: [Attempt]) {
        let seed = UInt64(index + 1)
        if index % 2 == 0 {
            let request = corpus.steps[(index / 2) % corpus.steps.count]
            var options = FlowDefaults.steps
            options.sampling = .random(probabilityThreshold: 0.95, seed: seed)
            let report = await suggester.suggest(SenbaQualityFlows.stepRequest(request), options: options)
            return (Self.kind(report), report.attempts)
        }
        let request = corpus.notifications[(index / 2) % corpus.notifications.count]
        var options = FlowDefaults.notification
        options.sampling = .random(probabilityThreshold: 0.95, seed: seed)
        do {
            let report = try await copywriter.write(SenbaQualityFlows.copyRequest(request), options: options)
            return (Self.kind(report), report.attempts)
        } catch {
            return ("copywriter: error: \(error.message.prefix(60))", [])
        }
    }

    /// `flow: model via backend`, `flow: fallback (code)`, `flow: none (code)`; nil without a reason.
    static func kind(_ report: FlowReport) -> String? {
        switch report.source {
        case .model: return "\(report.flow): model via \(report.backend ?? "?")"
        case .fallback, .none:
            guard report.value != nil || report.source == .none, let reason = report.reason else { return nil }
            let code = reason.prefix { $0 != ":" }
            return "\(report.flow): \(report.source) (\(code))"
        }
    }
}
