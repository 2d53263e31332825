import GuidedBackends
import GuidedJSON
import GuidedSchema
import GuidedServerBackends
import Synchronization

extension LlamaServerBackend {
    /// Several completions of one prompt side by side: one `/completion` request with `n_cmpl`
    /// per batch of at most the server's slot count (a larger `n_cmpl` would wait forever for
    /// free slots), the prompt evaluated once and shared. Candidate `i` is sampled with the
    /// request's seed plus `i`. A completion cut by the token limit or breaking the schema is a
    /// failed candidate; an HTTP or transport failure fails the whole call.
    public func respond(to request: BackendRequest, candidates count: Int) async throws(BackendError)
        -> [CandidateResult]
    {
        guard count > 1, request.options.sampling?.mode != .greedy else {
            return try await sequentialCandidates(to: request, count: 1)
        }
        let slots = max(1, (try? await slotCount()) ?? 1)
        var results: [CandidateResult] = []
        while results.count < count {
            let batch = min(slots, count - results.count)
            var shifted = request
            shifted.options.sampling = request.options.sampling?.seed(offsetBy: results.count)
            if batch == 1 {
                results += try await sequentialCandidates(to: shifted, count: 1)
                continue
            }
            let prepared = try await prepare(shifted, candidates: batch)
            let started = ContinuousClock.now
            let reply = try await http.send(baseURL + "/completion", body: prepared.body)
            try checkStatus(reply)
            guard let completions = reply.json?.arrayValue, completions.count == batch else {
                throw BackendError(
                    .malformedResponse, backend: name,
                    "/completion with n_cmpl \(batch) did not answer \(batch) completions",
                    excerpt: OutputValidation.excerpt(reply.text))
            }
            let ordered = completions.sorted { ($0["index"]?.intValue ?? 0) < ($1["index"]?.intValue ?? 0) }
            for json in ordered {
                guard let text = json["content"]?.stringValue else {
                    throw BackendError(
                        .malformedResponse, backend: name, "a completion came without \"content\"",
                        excerpt: OutputValidation.excerpt(reply.text))
                }
                do {
                    results.append(.success(try finish(text: text, final: json, request: request, started: started)))
                } catch  where error.isPerCandidate {
                    results.append(.failure(error))
                }
            }
        }
        return results
    }

    /// `total_slots` from `/props`: how many completions the server runs at once.
    func slotCount() async throws(BackendError) -> Int {
        if let cached = cachedSlots.withLock({ $0 }) { return cached }
        let reply = try await http.send(baseURL + "/props", timeout: .seconds(5))
        guard reply.status == 200, let slots = reply.json?["total_slots"]?.intValue, slots > 0 else {
            throw BackendError(.malformedResponse, backend: name, "/props answered \(reply.status) without total_slots")
        }
        cachedSlots.withLock { $0 = slots }
        return slots
    }

    /// `completion_probabilities` entries as token texts with their log-probabilities.
    static func tokenLogProbabilities(_ entries: [GeneratedContent]) -> [TokenLogProbability] {
        entries.compactMap { entry in
            guard let text = entry["token"]?.stringValue, let value = entry["logprob"]?.doubleValue else { return nil }
            return TokenLogProbability(text: text, logProbability: value)
        }
    }
}
