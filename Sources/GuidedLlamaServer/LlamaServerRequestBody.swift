import GuidedBackends
import GuidedGrammar
import GuidedSchema
import GuidedServerBackends

/// The JSON body of a llama-server `/completion` request.
enum LlamaServerRequestBody {
    /// With `candidates` above one, `n_cmpl` asks the server for that many completions of the
    /// prompt, run side by side in its slots from one evaluation of the prompt; llama-server
    /// seeds completion `i` with the request's seed plus `i`. Sampling is written by
    /// ``SamplingFields/llamaServer``; `backend` names the backend in its errors. `adapters`
    /// gives every loaded adapter's id its scale for this request (`lora`: 1 applies it, 0 turns
    /// it off); nil sends no `lora` field, for a server that has loaded none. Every adapter is
    /// listed, off ones too: the server clears a slot's cached prompt only when the scales it is
    /// sent differ from the slot's, and an empty list would leave a slot's adapter on.
    static func make(
        prompt: String, grammar: String?, options: GenerationOptions, maximumTokens: Int, stream: Bool,
        candidates: Int = 1, tokenLogProbabilities: Bool = false, stops: [String] = [], adapters: [Int: Int]? = nil,
        backend: String
    ) throws(BackendError) -> GeneratedContent {
        var fields: [(String, GeneratedContent)] = [
            ("prompt", GeneratedContent(prompt)),
            ("n_predict", GeneratedContent(maximumTokens)),
            ("stream", GeneratedContent(stream)),
        ]
        // A streamed request also reports prompt processing (an event when it starts and one per
        // batch), so reading a long prompt counts as progress for the idle timeout.
        if stream { fields.append(("return_progress", true)) }
        if candidates > 1 { fields.append(("n_cmpl", GeneratedContent(candidates))) }
        if tokenLogProbabilities { fields.append(("n_probs", 1)) }
        if let grammar { fields.append(("grammar", GeneratedContent(grammar))) }
        if !stops.isEmpty { fields.append(("stop", GeneratedContent(elements: stops.map { GeneratedContent($0) }))) }
        if let adapters {
            let entries = adapters.sorted { $0.key < $1.key }.map {
                GeneratedContent(properties: [("id", GeneratedContent($0.key)), ("scale", GeneratedContent($0.value))])
            }
            fields.append(("lora", GeneratedContent(elements: entries)))
        }
        fields += try SamplingFields.llamaServer.fields(for: options, backend: backend)
        if let penalty = options.repetitionPenalty, penalty > 0 {
            // DRY: repeating a sequence already in the context (prompt included) costs more the
            // longer it runs; 2 tokens may repeat freely. It rejects -1 ("whole context").
            fields += [
                ("dry_multiplier", GeneratedContent(penalty)), ("dry_base", 1.75), ("dry_allowed_length", 2),
                ("dry_penalty_last_n", 1_000_000),
            ]
        }
        // Prompt caching has been seen to change greedy output: reproducible modes turn it off —
        // except for candidates, whose point is to reuse one evaluated prompt.
        if let sampling = options.sampling, sampling.isReproducible && candidates == 1 {
            fields.append(("cache_prompt", false))
        }
        return GeneratedContent(properties: fields)
    }
}

/// Compiled grammars, proven well-formed by our own GBNF parser before they are sent (the
/// cache verifies each once): llama-server fails open on a grammar it cannot parse.
enum VerifiedGrammar {
    static func gbnf(
        for schema: GenerationSchema, groundedVocabulary: GroundedVocabulary? = nil, completionFrame: Bool = false
    ) throws(GrammarError) -> String {
        let options = GrammarOptions(groundedVocabulary: groundedVocabulary, completionFrame: completionFrame)
        return try GrammarCompiler.cachedCompile(schema, options: options).gbnf
    }
}
