import GuidedSchema

/// One generation among several for the same request: a validated response, or why this
/// generation failed (invalid or truncated output) while the backend itself kept working.
public typealias CandidateResult = Result<BackendResponse, BackendError>

extension BackendError {
    /// Whether the error belongs to one generation (its output was invalid or cut) rather than
    /// to the backend (unreachable, refused, timed out): other candidates may still succeed.
    package var isPerCandidate: Bool { code == .invalidOutput || code == .truncated || code == .rejectedEarly }
}

extension GenerationOptions.SamplingMode {
    /// The same mode with its seed moved by `offset`, so candidate `offset` of a batch samples
    /// differently but reproducibly; a mode without a seed stays unseeded (each candidate random).
    package func seed(offsetBy offset: Int) -> GenerationOptions.SamplingMode {
        switch kind {
        case .greedy: self
        case .randomTopK(let k, let seed): .random(top: k, seed: seed.map { $0 &+ UInt64(offset) })
        case .randomProbabilityThreshold(let p, let seed):
            .random(probabilityThreshold: p, seed: seed.map { $0 &+ UInt64(offset) })
        }
    }
}

extension LanguageModelBackend {
    /// `count` independent generations for `request`, one after another, candidate `i` sampled
    /// with the request's seed plus `i` (see ``GenerationOptions/SamplingMode/seed(offsetBy:)``).
    /// Backends that can generate several at once (llama-server's parallel slots) override
    /// ``respond(to:candidates:)``.
    ///
    /// A generation whose output is invalid or cut short becomes a failed candidate; an error
    /// of the backend itself (see ``BackendError/isPerCandidate``) is thrown, since the other
    /// candidates would meet it too. Greedy sampling yields one candidate: more would repeat it.
    package func sequentialCandidates(to request: BackendRequest, count: Int) async throws(BackendError)
        -> [CandidateResult]
    {
        let total = request.options.sampling?.kind == .greedy ? 1 : max(1, count)
        var results: [CandidateResult] = []
        for index in 0..<total {
            var single = request
            single.options.sampling = request.options.sampling?.seed(offsetBy: index)
            do {
                results.append(.success(try await respond(to: single)))
            } catch  where error.isPerCandidate {
                results.append(.failure(error))
            }
        }
        return results
    }
}
