import GuidedBackends
import GuidedHTTP
import GuidedJSON
import GuidedSchema
import GuidedServerBackends

extension LlamaServerBackend {
    /// One completion of a candidate batch, as its stream delivered it.
    struct BatchCompletion {
        /// The generated text (for a completion stopped early, as it was when it failed the check).
        var text: String
        /// The completion's final event (stop reason, token counts, timings).
        var final: GeneratedContent
        /// `completion_probabilities` entries gathered from its events.
        var probabilities: [GeneratedContent]
        /// Why the request's ``EarlyCheck`` stopped it before it finished, if it did.
        var rejectedEarly: String?
        /// The tokens it had written when the early check stopped it.
        var tokensWhenRejected: [TokenLogProbability] = []
    }

    /// `/completion` with `n_cmpl` `count` and `stream: true`: llama-server interleaves the
    /// completions' events, each carrying its `index`, and ends each with a `stop` event. Streamed
    /// rather than whole so the idle timeout tells a silent server from a batch still generating
    /// (a whole reply sends nothing until every completion is done). An error status, or a `200`
    /// answered whole (a server or proxy that ignores `stream`), is read to its end and judged as
    /// a whole reply: a JSON array of `count` completions.
    ///
    /// With an `early` check (given each completion's tokens so far and the `adapter` the body
    /// applies), a completion whose text so far already fails it is marked
    /// ``BatchCompletion/rejectedEarly``, and once every completion has finished or been marked
    /// the transfer is ended at once (the server frees the slots), rather than decoding the
    /// rejected ones to their end.
    func streamBatch(
        _ body: GeneratedContent, count: Int, ticket: SlotTicket, early: EarlyCheck? = nil,
        adapter: AppliedAdapter? = nil
    ) async throws(BackendError) -> [BatchCompletion] {
        var texts = Array(repeating: "", count: count)
        var probabilities = Array(repeating: [GeneratedContent](), count: count)
        var finals = [GeneratedContent?](repeating: nil, count: count)
        // Why each completion failed the early check, and its text at that moment.
        var rejected = [(reason: String, text: String, tokens: [TokenLogProbability])?](repeating: nil, count: count)
        let stop = BackendError(.rejectedEarly, backend: name, "every completion finished or failed a check")
        let reply: StreamedReply
        do {
            reply = try await http.receive(
                completionRequest(body, ticket), framing: .serverSentEvents, progress: slotGate.progress
            ) { data throws(BackendError) in
                let chunk = try StreamEvent.json(
                    data, backend: name, required: ["content", "stop"], redact: http.redact)
                let index = chunk["index"]?.intValue ?? 0
                guard texts.indices.contains(index) else {
                    throw BackendError(
                        .malformedResponse, backend: name, "an event for completion \(index) of a batch of \(count)",
                        excerpt: OutputValidation.excerpt(http.redact(data)))
                }
                let content = chunk["content"]?.stringValue ?? ""
                texts[index] += content
                probabilities[index] += chunk["completion_probabilities"]?.arrayValue ?? []
                if chunk["stop"]?.boolValue == true { finals[index] = chunk }
                guard let early else { return }
                if finals[index] == nil, rejected[index] == nil, content.contains("\"") {
                    let progress = EarlyCheck.Progress(
                        text: texts[index], tokens: Self.tokenLogProbabilities(probabilities[index]),
                        adapter: adapter?.name, calibration: adapter?.calibration)
                    if let reason = early.rejection(progress) {
                        rejected[index] = (reason, progress.text, progress.tokens)
                    }
                }
                if rejected.contains(where: { $0 != nil }),
                    (0..<count).allSatisfy({ finals[$0] != nil || rejected[$0] != nil })
                {
                    throw stop
                }
            }
        } catch  where error.code == .rejectedEarly {
            // Only the event handler above throws this code: the batch is over.
            reply = .events
        }
        if case .whole(let whole) = reply { return try wholeBatch(whole, count: count) }
        var completions: [BatchCompletion] = []
        for index in 0..<count {
            if finals[index] == nil, let rejection = rejected[index] {
                completions.append(
                    BatchCompletion(
                        text: rejection.text, final: [:], probabilities: [], rejectedEarly: rejection.reason,
                        tokensWhenRejected: rejection.tokens))
                continue
            }
            guard let final = finals[index] else {
                throw BackendError(
                    .transport, backend: name, "the stream ended before completion \(index) of \(count) finished",
                    excerpt: OutputValidation.excerpt(http.redact(texts[index])))
            }
            completions.append(
                BatchCompletion(text: texts[index], final: final, probabilities: probabilities[index]))
        }
        return completions
    }

    /// The completions of a batch answered whole: its status checked, `count` completions in
    /// `index` order, each with its `content`.
    func wholeBatch(_ reply: JSONOverHTTP.Reply, count: Int) throws(BackendError) -> [BatchCompletion] {
        try checkStatus(reply)
        guard let completions = reply.json?.arrayValue, completions.count == count else {
            throw BackendError(
                .malformedResponse, backend: name,
                "/completion with n_cmpl \(count) did not answer \(count) completions",
                excerpt: OutputValidation.excerpt(reply.text))
        }
        var ordered: [BatchCompletion] = []
        for json in completions.sorted(by: { ($0["index"]?.intValue ?? 0) < ($1["index"]?.intValue ?? 0) }) {
            guard let text = json["content"]?.stringValue else {
                throw BackendError(
                    .malformedResponse, backend: name, "a completion came without \"content\"",
                    excerpt: OutputValidation.excerpt(reply.text))
            }
            ordered.append(BatchCompletion(text: text, final: json, probabilities: []))
        }
        return ordered
    }
}
