import GuidedBackends
import GuidedGrammar
import GuidedSchema

/// The JSON body of a llama-server `/completion` request.
enum LlamaServerRequestBody {
    static func make(prompt: String, grammar: String?, options: GenerationOptions, maximumTokens: Int, stream: Bool) -> GeneratedContent {
        var fields: [(String, GeneratedContent)] = [
            ("prompt", GeneratedContent(prompt)),
            ("n_predict", GeneratedContent(maximumTokens)),
            ("stream", GeneratedContent(stream)),
        ]
        if let grammar { fields.append(("grammar", GeneratedContent(grammar))) }
        if let temperature = options.temperature { fields.append(("temperature", GeneratedContent(temperature))) }
        if let sampling = options.sampling {
            switch sampling.mode {
            case .greedy:
                fields.append(("top_k", 1))
                if options.temperature == nil { fields.append(("temperature", 0)) }
            case .topK(let k, _):
                fields.append(("top_k", GeneratedContent(k)))
                fields.append(("top_p", 1.0))
            case .topP(let p, _):
                fields.append(("top_k", 0))
                fields.append(("top_p", GeneratedContent(p)))
            }
            if let seed = sampling.seed { fields.append(("seed", GeneratedContent(kind: .number(JSONNumber(text: String(seed))!)))) }
            // Prompt caching has been seen to change greedy output: reproducible modes turn it off.
            if sampling.isReproducible { fields.append(("cache_prompt", false)) }
        }
        return GeneratedContent(properties: fields)
    }
}

/// Compiled grammars, proven well-formed by our own GBNF parser before they are sent (the
/// cache verifies each once): llama-server fails open on a grammar it cannot parse.
enum VerifiedGrammar {
    static func gbnf(for schema: GenerationSchema) throws(GrammarError) -> String {
        try GrammarCompiler.cachedCompile(schema).gbnf
    }
}
