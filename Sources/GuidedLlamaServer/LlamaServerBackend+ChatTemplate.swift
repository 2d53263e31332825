import GuidedBackends
import GuidedJSON
import GuidedSchema
import GuidedServerBackends

extension LlamaServerBackend {
    /// The prompt text for `request` in this backend's prompt style: ``CompletionPrompt``'s,
    /// or the request's chat turns (``ChatPrompt``) through the model's own chat template.
    func render(_ request: BackendRequest) async throws(BackendError) -> String {
        switch style {
        case .completion: CompletionPrompt.render(request)
        case .chat: try await applyTemplate(ChatPrompt.messages(request))
        }
    }

    /// Exact, from `/tokenize`, of the prompt as this backend renders it (through the model's chat
    /// template for ``PromptStyle/chat``).
    public func tokenCount(of request: BackendRequest) async throws(BackendError) -> TokenCount {
        try await tokenCount(of: render(request))
    }

    /// `messages` as the model's chat template writes them, ending with the opening of the
    /// assistant's turn: llama-server's `/apply-template`, which renders the template the model's
    /// GGUF carries (ChatML for Qwen) exactly as its `/v1/chat/completions` would.
    func applyTemplate(_ messages: [ChatPrompt.Message]) async throws(BackendError) -> String {
        let body: GeneratedContent = ["messages": GeneratedContent(elements: messages.map(\.json))]
        let reply = try await http.send(baseURL + "/apply-template", body: body, timeout: .seconds(10))
        guard reply.status == 200, let prompt = reply.json?["prompt"]?.stringValue else {
            throw BackendError(
                .malformedResponse, backend: name,
                "/apply-template answered \(reply.status) without a prompt: \(JSONOverHTTP.errorMessage(reply))",
                excerpt: OutputValidation.excerpt(reply.text))
        }
        return prompt
    }
}
