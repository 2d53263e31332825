import GuidedBackends
import GuidedConfigurationFile

extension LanguageModelSession {
    /// The tool calls `asked` makes before its answer (``ToolLoop``): none without tools or
    /// when its options disallow them; on the answer's route, with the answer's sampling and
    /// `earlier` turns (when its history keeps them), within one route deadline.
    func toolCalls<Value: Sendable>(
        for asked: SessionRequest, _ resolved: OutputResolution<Value>, earlier: [TranscriptEntry]
    ) async throws(GenerationError) -> ToolLoop.Outcome {
        let mode = resolved.options.toolCallingMode ?? .allowed
        guard !tools.isEmpty, mode != .disallowed, maximumToolCalls > 0 else { return ToolLoop.Outcome() }
        if let toolProblem {
            throw GenerationError(reason: FallbackReason(.invalidDeclaration, toolProblem), attempts: [])
        }
        var request = BackendRequest(
            prompt: asked.prompt, instructions: instructions, options: resolved.options, grounding: asked.grounding)
        request.samplingIsDefault = resolved.samplingIsDefault
        let backends = configuration.backends(named: resolved.route)
        if resolved.history == .kept {
            request.transcript = await TranscriptWindow.fit(earlier, into: request, backend: backends.first)
        }
        let loop = ToolLoop(tools: tools, maximumCalls: maximumToolCalls, instructions: instructions)
        return try await loop.run(
            request, required: mode == .required, through: backends, router: router,
            deadline: .now + router.policy.deadline)
    }
}
