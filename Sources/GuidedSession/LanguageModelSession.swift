public import GuidedBackends
public import GuidedConfigurationFile
public import GuidedSchema
import GuidedValidation
import Synchronization

/// A conversation with the configured models, in Foundation Models vocabulary: fixed
/// instructions, a transcript, typed responses — and, always, a value the app can ship.
///
/// ```swift
/// let session = LanguageModelSession(instructions: "Suggest next steps.", configuration: try .load())
/// try session.register(StepSuggestions.self, policy: OutputPolicy(fallback: { _ in StepSuggestions(steps: […]) },
///                                                                validators: ValidatorChain([GroundingValidator()])))
/// let outcome = try await session.respond(to: "Goal: learn to swim", generating: StepSuggestions.self,
///                                         grounding: ["Goal: learn to swim", "Entry: bought goggles"])
/// outcome.value     // StepSuggestions, from a model or the fallback
/// outcome.source    // .model(backend:tokens:milliseconds:) or .fallback(reason)
/// ```
public final class LanguageModelSession: Sendable {
    /// Standing instructions; fixed for the session's life (new instructions, new session).
    public let instructions: String?
    /// The configured backends and routes.
    public let configuration: GuidedConfiguration
    /// The router, with its availability cache.
    public let router: Router
    /// The app's functions the model may call before it answers (``Tool``); fixed for the
    /// session's life, as in Foundation Models.
    public let tools: [any Tool]
    /// The most tool calls one request makes before it answers.
    public let maximumToolCalls: Int
    /// Why ``tools`` cannot be offered (a bad name, parameters that are no object), if they cannot:
    /// every request that would use them ends `invalidDeclaration` with it.
    let toolProblem: String?

    private struct State {
        var turns: [ScopedTurn] = []
        var policies: [ObjectIdentifier: PolicyBox] = [:]
        var usage = GenerationUsage.zero
    }

    private let state = Mutex(State())

    /// Creates a session.
    /// - Parameters:
    ///   - instructions: Standing instructions for every request.
    ///   - configuration: The backends and routes.
    ///   - router: The router to use; default: a new one with the configuration's `routing`
    ///     deadline and tries per backend.
    ///   - tools: Functions the model may call before it answers (``Tool``), none by default.
    ///   - maximumToolCalls: The most tool calls one request makes; 3 by default.
    public init(
        instructions: String? = nil, tools: [any Tool] = [], maximumToolCalls: Int = 3,
        configuration: GuidedConfiguration, router: Router? = nil
    ) {
        self.instructions = instructions
        self.configuration = configuration
        self.router = router ?? Router(policy: configuration.routing)
        self.tools = tools
        self.maximumToolCalls = max(0, maximumToolCalls)
        self.toolProblem = ToolChoice.problem(in: tools)
    }

    /// Prompts and responses kept so far, oldest first: each prompt a ``TranscriptEntry/Role/user``
    /// entry, each tool call the model made for it a ``TranscriptEntry/Role/tool`` entry (its
    /// name, arguments and output), each answer a ``TranscriptEntry/Role/model`` one (free text
    /// continues the conversation; a structured request stands alone and keeps none — see
    /// ``TranscriptHistory``).
    ///
    /// ```swift
    /// for entry in session.transcript { print(entry.role == .user ? "you:" : "model:", entry.text) }
    /// ```
    public var transcript: [TranscriptEntry] { state.withLock { $0.turns.map(\.entry) } }

    /// The tokens every outcome of this session has used so far (each ``GenerationOutcome/usage``
    /// added up): it only grows, as Foundation Models 27's session `usage` does, and a count
    /// turns nil once a server did not report it. A request that ended in an error adds nothing.
    public var usage: GenerationUsage { state.withLock { $0.usage } }

    /// Forgets the transcript; instructions stay (a chat app's "new conversation").
    public func resetTranscript() {
        state.withLock { $0.turns = [] }
    }

    /// Registers the fallback, validators, clean-ups and route for an output type. The fallback
    /// is built once here for an empty request and validated against the schema: a fallback that
    /// does not fit is a programming error reported now, not at 3 a.m. So is a type with a
    /// property the schema cannot represent (``SchemaError/Code/unsupportedPropertyType``), and
    /// a fallback the configuration's `outputs` gives the type that does not fit (the error
    /// names the configuration file and the JSON Pointer). So is an example — the policy's, the
    /// configuration's or the type's own — whose output breaks the schema.
    /// - Returns: Warnings, each a located ``SchemaError`` to print with `rendered(severity:
    ///   "warning")`: ``SchemaError/Code/noExamples`` when the type has no examples and its
    ///   route reaches a base model.
    /// - Throws: A ``SchemaError`` for a declaration, fallback or example that breaks the schema;
    ///   a ``ConfigurationError`` for a policy route that names a backend the configuration does
    ///   not have (its pointer is the route's entry, `/route/1`). Both are ``GuidedError``s.
    @discardableResult
    public func register<Output: Generable>(_ type: Output.Type, policy: OutputPolicy<Output>) throws
        -> [SchemaError]
    {
        try Output.checkDeclaration()
        let sample = policy.fallback?(FallbackContext(prompt: "", grounding: []))
        let violations = sample.map { Output.generationSchema.violations(of: $0.generatedContent) } ?? []
        guard violations.isEmpty else {
            throw SchemaError(
                .invalidValue,
                "the fallback for \(Output.self) does not fit its schema: \(violations.map(\.description).joined(separator: "; "))",
                remedy: "fix the fallback so it satisfies the schema", at: violations[0].pointer)
        }
        try checkExamples(policy.examples.map(\.content), of: Output.self, at: "the policy's examples")
        if let configured = configuration.outputs[String(describing: Output.self)]?.examples?.examples {
            try checkExamples(configured.map(\.content), of: Output.self, at: "the configuration's examples")
        }
        let configured = configuration.backends.map(\.name)
        if let route = policy.route, let index = route.firstIndex(where: { !configured.contains($0) }) {
            throw ConfigurationError(
                "the route for \(Output.self) names the unknown backend \"\(route[index])\"",
                remedy: configured.isEmpty
                    ? "add a backend named \"\(route[index])\" to the configuration"
                    : "name one of the configured backends (\(configured.joined(separator: ", "))) or add \"\(route[index])\"",
                at: JSONPointer(tokens: ["route", String(index)]))
        }
        try checkConfiguredFallback(of: Output.self)
        state.withLock {
            $0.policies[ObjectIdentifier(Output.self)] = PolicyBox(
                value: policy, typeName: String(describing: Output.self), route: policy.route)
        }
        return missingExamplesWarning(
            for: String(describing: Output.self), schema: Output.generationSchema, policy: policy
        ).map { [$0] } ?? []
    }

    /// The warning for the output `name` of `schema` under `policy` when it has no worked
    /// examples of its own — none in the schema, the policy or the configuration's `outputs`
    /// entry, and no adapter standing in for them — and its route reaches a base model
    /// (``OutputDefaults/missingExamplesWarning(for:hasExamples:route:file:)``); `route` is the
    /// call's own route, if it names one (``CallChoices/route``), and `file` names the schema file
    /// it came from.
    package func missingExamplesWarning<Output>(
        for name: String, schema: GenerationSchema, policy: OutputPolicy<Output>, route callRoute: [String]? = nil,
        file: String? = nil
    ) -> SchemaError? {
        let settings = configuration.outputs[name]
        let hasExamples = OutputPrecedence.hasOwnExamples(
            schema: schema, registered: !policy.examples.isEmpty, file: settings)
        let route = configuration.backends(
            named: routeNames(for: name, policyRoute: policy.route, callRoute: callRoute))
        return OutputDefaults.missingExamplesWarning(for: name, hasExamples: hasExamples, route: route, file: file)
    }

    /// Throws for the first example output (of `owner`) that breaks the type's schema: an
    /// example that breaks it would teach output the checks then reject, so it is never sent.
    private func checkExamples<Output: Generable>(_ outputs: [GeneratedContent], of type: Output.Type, at owner: String)
        throws(SchemaError)
    {
        for (index, output) in outputs.enumerated() {
            let violations = Output.generationSchema.violations(of: output)
            guard let first = violations.first else { continue }
            throw SchemaError(
                .invalidValue,
                "example \(index) of \(owner) for \(Output.self) does not fit its schema: "
                    + violations.map(\.description).joined(separator: "; "),
                remedy: "fix the example's output so it satisfies the schema, or remove it",
                at: JSONPointer(tokens: ["examples", String(index), "output"] + first.pointer.tokens))
        }
    }

    /// The route each registered type's requests take (the configuration's route for the type,
    /// else its policy's), for ``prewarm()``.
    var registeredRoutes: [[String]] {
        let boxes = state.withLock { Array($0.policies.values) }
        return boxes.map { routeNames(for: $0.typeName, policyRoute: $0.route) }
    }

    func policy<Output: Generable>(for type: Output.Type) -> OutputPolicy<Output>? {
        state.withLock { $0.policies[ObjectIdentifier(Output.self)]?.value as? OutputPolicy<Output> }
    }

    /// The plan for `request`'s typed output: the call's policy or the registered one, the
    /// fallback replaced by the call's if given.
    func plan<Output: Generable>(for request: GenerationRequest<Output>) -> OutputPlan<Output> {
        var plan = OutputPlan.typed(Output.self, policy: request.policy(orRegistered: policy(for: Output.self)))
        plan.fallbackFromCall = request.fallback != nil
        return plan
    }

    /// A stream of `plan`'s snapshots, then its outcome.
    func stream<Output: Sendable>(_ request: SessionRequest, _ plan: OutputPlan<Output>) -> AsyncThrowingStream<
        ResponseSnapshot<Output>, any Error
    > {
        SnapshotQueue.stream(partial: { .partial(PartialResponse(backend: $0, text: $1)) }) { queue in
            let outcome = try await self.generate(request, plan, progress: SnapshotRelay(queue).relay)
            queue.event(.complete(outcome))
        }
    }

    /// The core every `respond` shares: builds the backend request (instructions, schema,
    /// grounded decoding, kept turns of the request's scope), routes it, keeps the turn, and
    /// decodes the output — or builds the fallback, checked against the schema.
    func generate<Value: Sendable>(
        _ asked: SessionRequest, _ plan: OutputPlan<Value>, progress: (@Sendable (RouteProgress) -> Void)?
    ) async throws(GenerationError) -> GenerationOutcome<Value> {
        if let error = plan.declarationError {
            throw GenerationError(reason: FallbackReason(.invalidDeclaration, error.description), attempts: [])
        }
        var asked = asked
        var resolved = resolution(of: asked, plan)
        // Before any tool runs: the tools' facts change the grounding, never the options.
        if let problem = resolved.options.rangeViolation {
            throw GenerationError(reason: FallbackReason(.invalidOptions, problem.description), attempts: [])
        }
        let earlier = state.withLock { $0.turns.filter { $0.scope == asked.scope }.map(\.entry) }
        let used = try await toolCalls(for: asked, resolved, earlier: earlier)
        if let unmet = used.unmetRequirement {
            return try fallbackOutcome(for: asked, plan, after: unmet, attempts: used.attempts, usage: used.usage)
        }
        if !used.calls.isEmpty {
            asked.grounding += used.calls.map(\.fact)
            resolved = resolution(of: asked, plan)
        }
        let plan = resolved.plan
        let policy = resolved.policy
        let history = resolved.history
        let options = resolved.options
        var request = BackendRequest(
            prompt: asked.prompt, instructions: instructions, schema: plan.schema,
            options: options, grounding: asked.grounding, examples: resolved.examples,
            grammar: plan.precompiledGrammar)
        request.examplesAreDefault = resolved.examplesAreDefault
        request.checkOnlyGrounding = asked.checkOnlyGrounding
        request.samplingIsDefault = resolved.samplingIsDefault
        request.repetitionPenaltyIsDefault = resolved.repetitionPenaltyIsDefault
        request.adapter = resolved.adapter
        if resolved.groundedDecoding {
            var vocabulary = GroundedVocabulary(grounding: asked.grounding)
            if policy.validators.flattened.contains(where: { $0.name == "restatedQuotation" }) {
                // A fact the request quotes is restated word for word (RestatementRules); turning
                // the check off (guided.json, a policy's own validators) frees the grammar too.
                vocabulary.restated = RestatedQuotations(
                    input: asked.prompt, grounding: asked.grounding, names: Set(vocabulary.specifics))
            }
            request.groundedVocabulary = vocabulary
        }
        let backends = configuration.backends(named: resolved.route)
        if history == .kept {
            request.transcript = await TranscriptWindow.fit(earlier, into: request, backend: backends.first)
        }
        let candidates = resolved.candidates
        if let problem = candidates.judge?.problem {
            throw GenerationError(reason: FallbackReason(.invalidOptions, problem), attempts: [])
        }
        var judgeBackend: (any LanguageModelBackend)?
        if let name = candidates.judge?.backend {
            guard let named = configuration.backend(named: name) else {
                let configured = configuration.backends.map(\.name).joined(separator: ", ")
                throw GenerationError(
                    reason: FallbackReason(
                        .invalidOptions,
                        "the judge names the backend \"\(name)\", which is not configured (\(configured))"),
                    attempts: [])
            }
            judgeBackend = named
        }
        let result = await router.route(
            request, through: backends, validators: policy.validators, cleanup: policy.cleanup,
            candidates: candidates, judgeBackend: judgeBackend, progress: progress)
        var reason: FallbackReason
        switch result {
        case .success(let shipped, let response, let attempts):
            let truncated = plan.schema == nil && response.stopReason == .limit
            var content = shipped
            if plan.schema == nil, let text = content.stringValue {
                // A base model's answer starts after "Output:" with a space; a cut one may end mid-word.
                let whole = truncated && options.trimsToLastSentence == true
                content = GeneratedContent(whole ? FreeText.upToLastSentence(text) : FreeText.trimmed(text))
            }
            if let value = plan.decode(content) {
                if history == .kept {
                    let said = plan.schema == nil ? (content.stringValue ?? content.jsonText()) : content.jsonText()
                    state.withLock {
                        $0.turns.append(ScopedTurn(entry: TranscriptEntry(.user, asked.prompt), scope: asked.scope))
                        $0.turns += used.calls.map { ScopedTurn(entry: TranscriptEntry($0), scope: asked.scope) }
                        $0.turns.append(ScopedTurn(entry: TranscriptEntry(.model, said), scope: asked.scope))
                    }
                }
                var outcome = GenerationOutcome(
                    value: value,
                    source: .model(
                        backend: response.backend, tokens: response.tokensGenerated,
                        milliseconds: response.milliseconds), attempts: used.attempts + attempts)
                outcome.isTruncated = truncated
                outcome.toolCalls = used.calls
                outcome.usage = used.usage + response.usage
                state.withLock { $0.usage = $0.usage + outcome.usage }
                return outcome
            }
            reason = FallbackReason(
                .allBackendsFailed, "the output did not decode into \(plan.name ?? "the requested type")")
        case .failure(let failure, _):
            reason = failure
        }
        var outcome = try fallbackOutcome(
            for: asked, plan, after: reason, attempts: used.attempts + result.attempts, usage: used.usage)
        outcome.toolCalls = used.calls
        return outcome
    }

    /// The outcome of `asked` when no model output ships: `plan`'s fallback, checked against the
    /// schema, with `reason`; a ``GenerationError`` when there is none, it is broken, or the
    /// caller cancelled.
    private func fallbackOutcome<Value: Sendable>(
        for asked: SessionRequest, _ plan: OutputPlan<Value>, after reason: FallbackReason, attempts: [Attempt],
        usage: GenerationUsage
    ) throws(GenerationError) -> GenerationOutcome<Value> {
        guard reason.code != .cancelled, let built = plan.fallbackValue(for: asked, after: reason) else {
            throw GenerationError(reason: reason, attempts: attempts)
        }
        let value: Value
        switch built {
        case .value(let fallback): value = fallback
        case .broken(let broken): throw GenerationError(reason: broken, attempts: attempts)
        }
        let violations = plan.schema?.violations(of: plan.encode(value)) ?? []
        guard violations.isEmpty else {
            let broken = FallbackReason(
                .fallbackDoesNotFit,
                "the fallback for this request breaks the schema: "
                    + violations.map(\.description).joined(separator: "; ") + " (after: \(reason))")
            throw GenerationError(reason: broken, attempts: attempts)
        }
        var outcome = GenerationOutcome(value: value, source: .fallback(reason), attempts: attempts)
        outcome.usage = usage
        state.withLock { $0.usage = $0.usage + usage }
        return outcome
    }

    /// How `asked` is generated for `plan`, by ``OutputResolution``, the one place that knows.
    private func resolution<Value: Sendable>(of asked: SessionRequest, _ plan: OutputPlan<Value>)
        -> OutputResolution<Value>
    {
        OutputResolution.resolve(
            plan, call: asked, file: plan.name.flatMap { configuration.outputs[$0] },
            fileRoute: plan.name.flatMap { configuration.routes[$0] }, defaultRoute: configuration.route)
    }

    /// How much of the context the session already fills: the instructions and every
    /// transcript entry the next request will carry, as the first routed backend shows them to
    /// its model (its chat template's turns, or the completion prompt) and counted by it
    /// (exactly by llama-server, estimated by backends without a tokenizer — ``TokenCount``
    /// says which). Counted before any response too, so the instructions alone show.
    public func contextFill() async -> ContextFill {
        let history = BackendRequest(prompt: "", instructions: instructions, transcript: transcript)
        let estimate = TokenCount.estimate(of: CompletionPrompt.render(history))
        guard let backend = configuration.routedBackends.first else {
            return ContextFill(used: estimate, contextSize: nil, backend: nil)
        }
        let used = (try? await backend.tokenCount(of: history)) ?? estimate
        return ContextFill(used: used, contextSize: try? await backend.contextSize(), backend: backend.name)
    }
}

/// How much of a model's context a session fills.
public struct ContextFill: Sendable, Hashable {
    /// Tokens of the instructions and the transcript the next request carries — once, not
    /// once per turn (each turn's prompt contains the earlier turns).
    public var used: TokenCount
    /// The counting backend's context size, if it could tell.
    public var contextSize: Int?
    /// The backend that counted: the first of the route.
    public var backend: String?

    /// Tokens left for the next prompt and response, if the context size is known.
    public var remaining: Int? { contextSize.map { max(0, $0 - used.value) } }
}
