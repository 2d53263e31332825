import GuidedBackends
import GuidedGrammar
import GuidedHTTP
import GuidedJSON
import GuidedSchema
import GuidedServerBackends

/// Hugging Face text-generation-inference's own API, which is where TGI takes a grammar: its
/// OpenAI-compatible routes take no regex and no top-k. Shapes from TGI's `router/src/lib.rs`
/// (`GenerateRequest`, `GenerateParameters`, `GrammarType`, `StreamResponse`) and
/// `docs/source/basic_tutorials/using_guidance.md`.
extension OpenAICompatibleBackend {
    /// TGI's `/generate_stream` body: the prompt llama-server gets (``CompletionPrompt``) as
    /// `inputs`, and `parameters` with the token cap, sampling, stops (TGI takes at most four)
    /// and the schema as `grammar`.
    func generateBody(_ request: BackendRequest) throws(BackendError) -> GeneratedContent {
        let prompt = CompletionPrompt.render(request)
        let maximum = request.options.maximumResponseTokens ?? defaultMaximumTokens
        try ContextBudget.check(
            prompt: .estimate(of: prompt), response: maximum, context: configuredContextSize, backend: name)
        var parameters: [(String, GeneratedContent)] = [
            ("max_new_tokens", GeneratedContent(maximum)), ("details", true),
        ]
        parameters += Self.generateSampling(request.options)
        if let penalty = request.options.repetitionPenalty {
            parameters.append(("frequency_penalty", GeneratedContent(min(penalty, 2))))
        }
        let stops = CompletionPrompt.stops(for: request).prefix(Self.generateStopLimit)
        if !stops.isEmpty {
            parameters.append(("stop", GeneratedContent(elements: stops.map { GeneratedContent($0) })))
        }
        if let schema = request.schema { parameters.append(("grammar", Self.generateGrammar(schema))) }
        return ["inputs": GeneratedContent(prompt), "parameters": GeneratedContent(properties: parameters)]
    }

    /// TGI's default `max_stop_sequences`.
    static let generateStopLimit = 4

    /// TGI's sampling fields. Greedy is `do_sample: false` (TGI refuses a temperature of 0);
    /// every other mode samples. TGI refuses `top_p` of 1 or more, which means "all tokens"
    /// and so is left out.
    static func generateSampling(_ options: GenerationOptions) -> [(String, GeneratedContent)] {
        var fields: [(String, GeneratedContent)] = []
        let greedy: Bool
        switch options.sampling?.kind {
        case .greedy?: greedy = true
        case nil: greedy = options.temperature == 0
        case .randomTopK(let k, _)?:
            greedy = false
            fields.append(("top_k", GeneratedContent(k)))
        case .randomProbabilityThreshold(let p, _)?:
            greedy = false
            if p < 1 { fields.append(("top_p", GeneratedContent(p))) }
        }
        fields.insert(("do_sample", GeneratedContent(!greedy)), at: 0)
        if !greedy, let temperature = options.temperature, temperature > 0 {
            fields.append(("temperature", GeneratedContent(temperature)))
        }
        if let seed = options.sampling?.seed {
            fields.append(("seed", GeneratedContent(kind: .number(JSONNumber(text: String(seed))!))))
        }
        return fields
    }

    /// `{"type": "regex", "value": …}` for a root string with a pattern (as the JSON string the
    /// output is, quotes included; TGI's regexes are whole-match, so anchors are dropped), else
    /// `{"type": "json", "value": schema}`.
    static func generateGrammar(_ schema: GenerationSchema) -> GeneratedContent {
        if case .string(let constraints) = schema.root.kind, let pattern = constraints.pattern,
            let regex = quotedRegex(pattern)
        {
            return ["type": "regex", "value": GeneratedContent(regex)]
        }
        return ["type": "json", "value": schema.serverSchema(.plain).document]
    }

    /// `"…"` around the pattern without its `^`/`$` anchors, when the pattern can match only
    /// text that needs no JSON escaping (no quote, backslash, dot, negated class or escape);
    /// nil otherwise, and the JSON Schema is sent instead.
    static func quotedRegex(_ pattern: String) -> String? {
        var body = Substring(pattern)
        guard body.hasPrefix("^"), body.hasSuffix("$"), !body.hasSuffix("\\$") else { return nil }
        body = body.dropFirst().dropLast()
        let unsafe: Set<Character> = ["\"", "\\", ".", "^", "$"]
        guard !body.contains(where: unsafe.contains) else { return nil }
        return "\"(" + body + ")\""
    }

    /// `/generate_stream` as SSE: one event per token (`token.text`), the last with
    /// `generated_text` and `details.finish_reason` (`length`, `eos_token`, `stop_sequence`).
    /// There is no `[DONE]`: the stream is complete at the event with `generated_text`. An
    /// `{"error", "error_type"}` event (TGI reports validation errors inside a 200 stream) fails
    /// the request with TGI's message.
    func produceGenerate(
        _ request: BackendRequest, http: JSONOverHTTP,
        continuation: AsyncThrowingStream<BackendStreamEvent, any Error>.Continuation
    ) async throws -> BackendResponse {
        let body = try self.generateBody(request)
        let started = ContinuousClock.now
        var output = StreamedOutput(http, json: request.schema != nil)
        var finishReason: String?
        var done = false
        let reply = try await http.receive(
            http.streamRequest(self.serverRoot + "/generate_stream", body: body), framing: .serverSentEvents
        ) { data throws(BackendError) in
            let chunk = try StreamEvent.json(
                data, backend: self.name, required: ["token", "generated_text", "error"], redact: http.redact)
            if let message = chunk["error"]?.stringValue {
                let kind = chunk["error_type"]?.stringValue ?? "error"
                throw BackendError(
                    kind == "validation" && request.schema != nil ? .grammarRejected : .httpStatus,
                    backend: self.name, "/generate_stream reported a \(kind) error: \(message)")
            }
            if chunk.value(at: ["token", "special"])?.boolValue != true,
                let snapshot = output.append(chunk.value(at: ["token", "text"])?.stringValue ?? "")
            {
                continuation.yield(.partial(snapshot))
            }
            if chunk["generated_text"]?.stringValue != nil {
                done = true
                finishReason = chunk.value(at: ["details", "finish_reason"])?.stringValue
            }
        }
        if case .whole(let whole) = reply {
            // TGI answers a stream request with a stream: a whole 200 is no TGI (a proxy, another
            // server), and an error status is TGI's report.
            guard whole.status != 200 else {
                throw BackendError(
                    .transport, backend: self.name, "/generate_stream answered 200 without a stream",
                    excerpt: OutputValidation.excerpt(whole.text))
            }
            throw BackendError(
                whole.status == 422 && request.schema != nil ? .grammarRejected : .httpStatus, backend: self.name,
                "/generate_stream answered \(whole.status): \(JSONOverHTTP.errorMessage(whole))")
        }
        guard done else {
            throw BackendError(
                .transport, backend: self.name, "the stream ended before the event with generated_text",
                excerpt: OutputValidation.excerpt(http.redact(output.text)))
        }
        let reason = finishReason == "length" ? "length" : finishReason == nil ? nil : "stop"
        return try self.finish(
            text: output.text, http: http, finishReason: reason, usage: nil, request: request, server: nil,
            started: started)
    }
}
