import GuidedBackends
import GuidedGrammar
import GuidedJSON
import GuidedSchema
import GuidedServerBackends

extension OpenAICompatibleBackend.API {
    /// The path under the base URL.
    var path: String { self == .chat ? "/chat/completions" : "/completions" }
    /// Where a whole reply's text is in `choices[0]`.
    var wholeTextPath: [String] { self == .chat ? ["message", "content"] : ["text"] }
    /// Where a streamed chunk's text is in `choices[0]`.
    var streamedTextPath: [String] { self == .chat ? ["delta", "content"] : ["text"] }
}

extension OpenAICompatibleBackend {
    /// The request body for ``api`` in ``dialect``, after checking the context budget, and the
    /// server schema whose nullable optionals are removed from the output (strict
    /// `response_format` only).
    func body(_ request: BackendRequest, stream: Bool) throws(BackendError) -> (
        body: GeneratedContent, server: ServerSchema?
    ) {
        let dialect = self.dialect
        let maximum = request.options.maximumResponseTokens ?? defaultMaximumTokens
        var fields: [(String, GeneratedContent)] = [("model", GeneratedContent(model))]
        var stops = request.options.stopSequences ?? []
        switch api {
        case .chat:
            let messages = Self.messages(request)
            try ContextBudget.check(
                prompt: Self.estimate(messages), response: maximum, context: configuredContextSize, backend: name)
            fields.append(("messages", GeneratedContent(elements: messages)))
        case .completions:
            let prompt = CompletionPrompt.render(request)
            try ContextBudget.check(
                prompt: .estimate(of: prompt), response: maximum, context: configuredContextSize, backend: name)
            fields.append(("prompt", GeneratedContent(prompt)))
            stops = CompletionPrompt.stops(for: request)
        }
        fields += [("max_tokens", GeneratedContent(maximum)), ("stream", GeneratedContent(stream))]
        fields += try Self.sampling(request.options, dialect: dialect, backend: name)
        if let penalty = request.options.repetitionPenalty {
            // OpenAI's range is -2 to 2; a stronger penalty asks for the strongest it has.
            fields.append(("frequency_penalty", GeneratedContent(min(penalty, 2))))
        }
        if !stops.isEmpty {
            fields.append(("stop", GeneratedContent(elements: stops.map { GeneratedContent($0) })))
        }
        guard let schema = request.schema else { return (GeneratedContent(properties: fields), nil) }
        switch dialect {
        case .vLLM:
            fields.append(("structured_outputs", ["grammar": GeneratedContent(try grammar(for: request, schema))]))
            return (GeneratedContent(properties: fields), nil)
        case .sgLang:
            fields.append(("ebnf", GeneratedContent(try grammar(for: request, schema))))
            return (GeneratedContent(properties: fields), nil)
        case .llamaCpp:
            fields.append(("grammar", GeneratedContent(try grammar(for: request, schema))))
            return (GeneratedContent(properties: fields), nil)
        default:
            let strict = schema.serverSchema(.openAIStrict)
            fields.append(
                (
                    "response_format",
                    [
                        "type": "json_schema",
                        "json_schema": ["name": "output", "strict": true, "schema": strict.document],
                    ]
                ))
            return (GeneratedContent(properties: fields), strict)
        }
    }

    /// The chat messages (``ChatPrompt``): instructions and the output format as the system
    /// message, examples as user/assistant pairs, the transcript, then the request with its facts.
    static func messages(_ request: BackendRequest) -> [GeneratedContent] {
        ChatPrompt.messages(request).map(\.json)
    }

    /// Temperature, mode and seed. The serving engines have `top_k`; a mode's unused sampler is
    /// switched off with `top_k: -1` / `top_p: 1` (both engines read -1 as "all tokens"), so a
    /// model's own generation defaults (Gemma's top-k 64) cannot narrow the mode asked for.
    static func sampling(_ options: GenerationOptions, dialect: OpenAICompatibleDialect, backend: String)
        throws(BackendError) -> [(String, GeneratedContent)]
    {
        guard dialect != .openAI else { return try SamplingFields.openAI.fields(for: options, backend: backend) }
        let engine = SamplingFields(hasTopK: true, switchesOffUnusedSampler: true)
        return try engine.fields(for: options, backend: backend).map { field in
            field.0 == "top_k" && field.1.intValue == 0 ? ("top_k", -1) : field
        }
    }

    /// Guided's GBNF for the request: its precompiled grammar, or the schema's (with the
    /// request's grounded vocabulary), verified by our parser as llama-server's is. Strings are
    /// written without escapes (``GrammarOptions/plainStrings``): XGrammar computes the token
    /// masks of an escape-bearing string token by token, 21× slower per token than unconstrained
    /// decoding for a 180-character string on vLLM, and precomputes a plain one.
    func grammar(for request: BackendRequest, _ schema: GenerationSchema) throws(BackendError) -> String {
        if let precompiled = request.grammar, request.groundedVocabulary == nil { return precompiled }
        do {
            return try GrammarCompiler.cachedCompile(
                schema, options: GrammarOptions(groundedVocabulary: request.groundedVocabulary, plainStrings: true)
            ).gbnf
        } catch {
            throw BackendError(.grammarRejected, backend: name, error.description)
        }
    }
}
