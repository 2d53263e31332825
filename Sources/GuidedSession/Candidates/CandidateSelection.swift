import GuidedBackends
import GuidedConfigurationFile
import GuidedSchema
import GuidedValidation

/// Judges an attempt's candidates and picks the one that ships, by the rules of
/// ``CandidatePolicy``.
package enum CandidateSelection {
    /// The verdict on every candidate, and the shipped one's content and response, if any passed.
    /// A candidate the backend stopped early (``BackendError/Code/rejectedEarly``) is rejected
    /// with what `early` finds in what it had written (its text, tokens and adapter).
    public static func judge(
        _ candidates: [CandidateResult], startingAt firstIndex: Int = 0, policy: CandidatePolicy,
        cleanup: OutputCleanup?, checks: ValidatorChain, context: ValidationContext,
        early: (EarlyCheck.Progress) -> [Rejection] = { _ in [] }
    ) -> (
        verdicts: [CandidateVerdict], shipped: (content: GeneratedContent, response: BackendResponse)?,
        passing: [(index: Int, content: GeneratedContent, response: BackendResponse)]
    ) {
        var verdicts: [CandidateVerdict] = []
        var passing: [(index: Int, content: GeneratedContent, response: BackendResponse)] = []
        let restated = policy.minimumTokenLogProbability == nil ? [] : RestatedQuotations.spellings(in: context)
        var best: (index: Int, score: Double, content: GeneratedContent, response: BackendResponse)?
        for (offset, candidate) in candidates.enumerated() {
            let index = firstIndex + offset
            switch candidate {
            case .failure(let error) where error.code == .rejectedEarly:
                let rejections =
                    error.partialOutput.map {
                        early(
                            EarlyCheck.Progress(
                                text: $0, tokens: error.partialTokens, adapter: error.partialAdapter,
                                calibration: error.partialCalibration))
                    } ?? []
                var verdict = CandidateVerdict(
                    index: index, outcome: rejections.isEmpty ? .failed(error) : .rejected(rejections), score: nil,
                    text: error.partialOutput ?? error.excerpt, shipped: false)
                verdict.stoppedEarly = true
                verdicts.append(verdict)
            case .failure(let error):
                verdicts.append(
                    CandidateVerdict(
                        index: index, outcome: .failed(error), score: nil, text: error.excerpt, shipped: false))
            case .success(let response):
                let content = cleanup.map { $0.apply(response.content) } ?? response.content
                // A restated fact is written by the grammar, so its tokens are not the model's
                // choice: they count towards the score, not against the decoding check.
                let tokens =
                    response.tokenLogProbabilities.map {
                        StringValueTokens.valueTokens(of: $0, exempting: restated)
                    } ?? []
                let values = tokens.map(\.logProbability)
                let chosen = tokens.filter { !$0.exempt }.map(\.logProbability)
                let score = values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
                var rejections = checks.run(content, in: context)
                if let floor = policy.minimumTokenLogProbability, let lowest = chosen.min(), lowest < floor {
                    rejections.append(
                        Rejection(
                            validator: "decoding", reason: "forcedToken", pointer: .root,
                            detail:
                                "a token inside a string had log-probability \((lowest * 10).rounded() / 10), below \(floor): the grammar forced it"
                        ))
                }
                if policy.checksStepSense, let floor = response.adapterCalibration?.stepSenseFloor,
                    let all = response.tokenLogProbabilities
                {
                    rejections += StepSense.rejections(
                        in: response.content, tokens: all, schema: context.schema, floor: floor,
                        adapter: response.adapter)
                }
                let outcome: CandidateVerdict.Outcome = rejections.isEmpty ? .passed : .rejected(rejections)
                verdicts.append(
                    CandidateVerdict(
                        index: index, outcome: outcome, score: score, text: content.jsonText(), shipped: false))
                if rejections.isEmpty { passing.append((index, content, response)) }
                if rejections.isEmpty, best == nil || (score ?? -.infinity) > best!.score {
                    best = (index, score ?? -.infinity, content, response)
                }
            }
        }
        guard let best else { return (verdicts, nil, passing) }
        verdicts.markShipped(best.index)
        return (verdicts, (best.content, best.response), passing)
    }
}
