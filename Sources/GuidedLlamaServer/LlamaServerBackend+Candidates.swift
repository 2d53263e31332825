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
    /// failed candidate; an HTTP or transport failure fails the whole call. With the request's
    /// ``EarlyCheck``, a candidate that fails it while generating comes back
    /// ``BackendError/Code/rejectedEarly``, and a batch whose candidates have all finished or
    /// failed it ends there. Each batch streams
    /// (``streamBatch(_:count:ticket:)``), so a server that goes silent mid-batch is left after the idle
    /// timeout, as a single generation is, and waits for free slots here (``takeSlots(_:)``).
    public func respond(to request: BackendRequest, candidates count: Int) async throws(BackendError)
        -> [CandidateResult]
    {
        guard count > 1, request.options.sampling?.kind != .greedy else {
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
            let prepared = try await prepare(shifted, stream: true, candidates: batch)
            let ticket = try await takeSlots(batch)
            defer { giveBack(ticket) }
            let started = ContinuousClock.now
            let completions = try await streamBatch(
                prepared.body, count: batch, ticket: ticket, early: request.earlyCheck, adapter: prepared.adapter)
            for completion in completions {
                if let reason = completion.rejectedEarly {
                    var error = BackendError(
                        .rejectedEarly, backend: name, "stopped while generating: \(reason)",
                        excerpt: OutputValidation.excerpt(completion.text))
                    error.partialOutput = completion.text
                    error.partialTokens = completion.tokensWhenRejected
                    error.partialAdapter = prepared.adapter?.name
                    error.partialCalibration = prepared.adapter?.calibration
                    results.append(.failure(error))
                    continue
                }
                do {
                    results.append(
                        .success(
                            try finish(
                                text: completion.text, final: completion.final, probabilities: completion.probabilities,
                                request: request, adapter: prepared.adapter, started: started)))
                } catch  where error.isPerCandidate {
                    results.append(.failure(error))
                }
            }
        }
        return results
    }

    /// `total_slots` from `/props`: how many completions the server runs at once.
    func slotCount() async throws(BackendError) -> Int {
        var known = cachedSlots.withLock { $0 }
        if known == nil {
            let reply = try await http.send(baseURL + "/props", timeout: .seconds(5))
            cacheSlots(from: reply)
            known = cachedSlots.withLock { $0 }
        }
        guard let slots = known, slots > 0 else {
            throw BackendError(.malformedResponse, backend: name, "/props reports no total_slots")
        }
        return slots
    }

    /// Remembers `total_slots` from a `200` `/props` answer; 0 when the answer has none (a server
    /// that does not report its slots is asked once, not on every request).
    func cacheSlots(from reply: JSONOverHTTP.Reply) {
        guard reply.status == 200 else { return }
        let slots = reply.json?["total_slots"]?.intValue ?? 0
        cachedSlots.withLock { $0 = max(0, slots) }
    }

    /// `completion_probabilities` entries as token texts with their log-probabilities.
    static func tokenLogProbabilities(_ entries: [GeneratedContent]) -> [TokenLogProbability] {
        entries.compactMap { entry in
            guard let text = entry["token"]?.stringValue, let value = entry["logprob"]?.doubleValue else { return nil }
            return TokenLogProbability(text: text, logProbability: value)
        }
    }
}
