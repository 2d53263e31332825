import GuidedBackends
import GuidedHTTP
import GuidedJSON
import GuidedSchema
import GuidedServerBackends

extension LlamaServerBackend {
    /// One completion of a candidate batch, as its stream delivered it.
    struct BatchCompletion {
        /// The generated text.
        var text: String
        /// The completion's final event (stop reason, token counts, timings).
        var final: GeneratedContent
        /// `completion_probabilities` entries gathered from its events.
        var probabilities: [GeneratedContent]
    }

    /// `/completion` with `n_cmpl` `count` and `stream: true`: llama-server interleaves the
    /// completions' events, each carrying its `index`, and ends each with a `stop` event. Streamed
    /// rather than whole so the idle timeout tells a silent server from a batch still generating
    /// (a whole reply sends nothing until every completion is done). An error status, or a `200`
    /// answered whole (a server or proxy that ignores `stream`), is read to its end and judged as
    /// a whole reply: a JSON array of `count` completions.
    func streamBatch(_ body: GeneratedContent, count: Int, ticket: SlotTicket) async throws(BackendError)
        -> [BatchCompletion]
    {
        var texts = Array(repeating: "", count: count)
        var probabilities = Array(repeating: [GeneratedContent](), count: count)
        var finals = [GeneratedContent?](repeating: nil, count: count)
        let reply = try await http.receive(
            completionRequest(body, ticket), framing: .serverSentEvents, progress: slotGate.progress
        ) { data throws(BackendError) in
            let chunk = try StreamEvent.json(data, backend: name, required: ["content", "stop"], redact: http.redact)
            let index = chunk["index"]?.intValue ?? 0
            guard texts.indices.contains(index) else {
                throw BackendError(
                    .malformedResponse, backend: name, "an event for completion \(index) of a batch of \(count)",
                    excerpt: OutputValidation.excerpt(http.redact(data)))
            }
            texts[index] += chunk["content"]?.stringValue ?? ""
            probabilities[index] += chunk["completion_probabilities"]?.arrayValue ?? []
            if chunk["stop"]?.boolValue == true { finals[index] = chunk }
        }
        if case .whole(let whole) = reply { return try wholeBatch(whole, count: count) }
        var completions: [BatchCompletion] = []
        for index in 0..<count {
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
