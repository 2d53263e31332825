import GuidedBackends
import GuidedJSON
import GuidedSchema
import GuidedServerBackends

extension LlamaServerBackend {
    /// One token of `/completion` with `n_probs`: the first generated token's `top_logprobs`
    /// (log-probabilities before sampling), most likely first. The prompt is rendered as every
    /// request is (through the chat template for ``PromptStyle/chat``), and cached, so a series
    /// of questions that share their beginning evaluates it once.
    public func nextTokenLogProbabilities(for request: BackendRequest, count: Int) async throws(BackendError)
        -> [TokenLogProbability]
    {
        let prompt = try await render(request)
        let body: GeneratedContent = [
            "prompt": GeneratedContent(prompt), "n_predict": 1, "n_probs": GeneratedContent(max(1, count)),
            "temperature": 0, "cache_prompt": true, "stream": false,
        ]
        let reply = try await http.send(baseURL + "/completion", body: body)
        try checkStatus(reply)
        guard let first = reply.json?["completion_probabilities"]?[0],
            let top = first["top_logprobs"]?.arrayValue
        else {
            throw BackendError(
                .malformedResponse, backend: name,
                "/completion answered without completion_probabilities[0].top_logprobs",
                excerpt: OutputValidation.excerpt(reply.text))
        }
        return top.compactMap { entry in
            guard let text = entry["token"]?.stringValue, let value = entry["logprob"]?.doubleValue else { return nil }
            return TokenLogProbability(text: text, logProbability: min(0, value))
        }
    }
}
