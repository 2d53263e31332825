import GuidedBackends
import GuidedSchema

/// The calls a request makes before its answer: the model is asked which tool it needs
/// (``ToolChoice``), the tool runs, its result becomes one of the request's facts, and the model
/// is asked again — until it needs none, asks for a call it has made already (its result is
/// among the facts), ``maximumCalls`` have run, or the time is up. Then the request is answered
/// as any other, from the app's facts and the tools' results.
struct ToolLoop: Sendable {
    let tools: [any Tool]
    let maximumCalls: Int
    let instructions: String?

    /// What the calls came to.
    struct Outcome: Sendable {
        /// Each call, in order.
        var calls: [ToolCall] = []
        /// Every attempt at the choices.
        var attempts: [Attempt] = []
        /// The tokens the choices that were made read and wrote.
        var usage: GenerationUsage = .zero
        /// Why a call the request required (``GenerationOptions/ToolCallingMode/required``) was
        /// never made: the first choice's route failed, e.g. no backend in it can call tools.
        var unmetRequirement: FallbackReason?
    }

    /// Runs the calls for `request` (its prompt, facts and transcript as the answer will have
    /// them) on `backends`, by `deadline`; `required`: the first choice must call a tool.
    func run(
        _ request: BackendRequest, required: Bool, through backends: [any LanguageModelBackend], router: Router,
        deadline: ContinuousClock.Instant
    ) async throws(GenerationError) -> Outcome {
        var outcome = Outcome()
        var asked = request
        asked.options.maximumResponseTokens = max(asked.options.maximumResponseTokens ?? 0, 256)
        asked.options.stopSequences = nil
        asked.examples = []
        asked.examplesAreDefault = false
        asked.grammar = nil
        asked.adapter = nil
        asked.groundedVocabulary = nil
        asked.choosesTool = true
        while outcome.calls.count < maximumCalls, ContinuousClock.now < deadline {
            let choice: ToolChoice
            do {
                choice = try ToolChoice(
                    tools: tools, instructions: instructions, required: required && outcome.calls.isEmpty)
            } catch {
                throw GenerationError(reason: FallbackReason(.invalidDeclaration, error.description), attempts: [])
            }
            asked.schema = choice.schema
            asked.instructions = choice.instructions
            let result = await router.route(asked, through: backends)
            outcome.attempts += result.attempts
            if case .failure(let reason, _) = result, required, outcome.calls.isEmpty {
                outcome.unmetRequirement = FallbackReason(
                    reason.code, "the request requires a tool call, and none was made: \(reason.message)")
            }
            if case .success(_, let response, _) = result { outcome.usage = outcome.usage + response.usage }
            guard case .success(let content, _, _) = result,
                case .call(let name, let arguments) = ToolChoice.decision(content),
                let tool = tools.first(where: { $0.name == name }),
                !outcome.calls.contains(where: { $0.toolName == name && $0.arguments == arguments })
            else { break }
            let call = ToolCall(
                toolName: name, arguments: arguments, result: await Self.invoke(tool, arguments, by: deadline))
            outcome.calls.append(call)
            asked.grounding.append(call.fact)
        }
        return outcome
    }

    /// `tool` run with `arguments`, raced against `deadline`.
    static func invoke<T: Tool>(_ tool: T, _ arguments: GeneratedContent, by deadline: ContinuousClock.Instant)
        async -> ToolCall.Result
    {
        await withTaskGroup(of: ToolCall.Result?.self) { group in
            group.addTask {
                do {
                    let output = try await tool.call(arguments: try tool.arguments(from: arguments))
                    return .returned(output.promptRepresentation)
                } catch {
                    return .threw(String(describing: error))
                }
            }
            group.addTask {
                try? await Task.sleep(until: deadline, clock: .continuous)
                return Task.isCancelled ? nil : .timedOut
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first ?? .timedOut
        }
    }
}
