public import GuidedBackends
public import GuidedSchema
public import GuidedValidation

/// Walks an ordered chain of backends: skips each unavailable one (with its reason), sends to
/// the first available, and moves on when it fails or its output fails a check — within one
/// deadline for the whole chain and a bounded number of attempts per backend. Availability is
/// cached, so a dead backend costs microseconds on the next request. Safe for concurrent use.
public final class Router: Sendable {
    /// The policy.
    public let policy: RoutePolicy
    /// Availability answers, shared across requests.
    public let availability: AvailabilityCache

    /// Creates a router.
    public init(policy: RoutePolicy = RoutePolicy()) {
        self.policy = policy
        self.availability = AvailabilityCache(ttl: policy.availabilityTTL)
    }

    /// What routing produced: validated content, or why there is none.
    public struct Result: Sendable {
        /// The output that passed every check, and the response it came in.
        public var success: (content: GeneratedContent, response: BackendResponse)?
        /// Why there is no output.
        public var failure: FallbackReason?
        /// Every attempt, in order.
        public var attempts: [Attempt]
    }

    /// Routes `request` through `backends`, cleaning each output with `cleanup` and checking it
    /// with `validators` (the schema check always runs first).
    /// With `onPartial`, each backend is asked to stream and its growing output is passed on
    /// (a backend that fails mid-stream is followed by the next, as without streaming).
    public func route(_ request: BackendRequest, through backends: [any LanguageModelBackend],
                      validators: ValidatorChain = ValidatorChain([]), cleanup: OutputCleanup? = nil,
                      onPartial: (@Sendable (String) -> Void)? = nil) async -> Result {
        let deadline = ContinuousClock.now + policy.deadline
        var attempts: [Attempt] = []
        if let schema = request.schema, let maximum = request.options.maximumResponseTokens, maximum < MinimumOutput.tokens(schema) {
            return Result(success: nil, failure: FallbackReason(.tokenBudget,
                "maximumResponseTokens \(maximum) cannot hold the smallest valid output (about \(MinimumOutput.tokens(schema)) tokens)"), attempts: [])
        }
        let context = ValidationContext(prompt: CompletionPrompt.render(request), grounding: request.grounding,
                                        schema: request.schema ?? GenerationSchema(root: .any))
        let chain = ValidatorChain([SchemaValidator()] + validators.validators)
        for backend in backends {
            let started = ContinuousClock.now
            let checked = await Deadline.run(until: deadline) { () async throws(BackendError) -> BackendAvailability in
                await self.availability.availability(of: backend)
            }
            guard case .value(let state) = checked else {
                attempts.append(Attempt(backend: backend.name, outcome: .deadline, milliseconds: started.millisecondsAgo))
                return Result(success: nil, failure: FallbackReason(.deadlineExceeded, "the request's deadline of \(policy.deadline) passed"), attempts: attempts)
            }
            if case .unavailable(let reason) = state {
                attempts.append(Attempt(backend: backend.name, outcome: .unavailable(reason), milliseconds: started.millisecondsAgo))
                continue
            }
            for _ in 0..<policy.attemptsPerBackend {
                let attemptStarted = ContinuousClock.now
                switch await Deadline.run(until: deadline, { () async throws(BackendError) -> BackendResponse in
                    try await Self.respond(backend, request, onPartial: onPartial)
                }) {
                case .expired:
                    attempts.append(Attempt(backend: backend.name, outcome: .deadline, milliseconds: attemptStarted.millisecondsAgo))
                    return Result(success: nil, failure: FallbackReason(.deadlineExceeded, "the request's deadline of \(policy.deadline) passed"), attempts: attempts)
                case .failed(let error):
                    attempts.append(Attempt(backend: backend.name, outcome: .failed(error), milliseconds: attemptStarted.millisecondsAgo))
                    if error.code == .unavailable || error.code == .transport || error.code == .contextExceeded || error.code == .unsupportedOption {
                        if error.code != .contextExceeded && error.code != .unsupportedOption {
                            availability.record(.unavailable(UnavailableReason(.unreachable, error.message)), for: backend.name)
                        }
                        break
                    }
                    continue
                case .value(let response):
                    let content = cleanup.map { $0.apply(response.content) } ?? response.content
                    let rejections = chain.run(content, in: context)
                    guard rejections.isEmpty else {
                        attempts.append(Attempt(backend: backend.name, outcome: .rejected(rejections), milliseconds: attemptStarted.millisecondsAgo))
                        continue
                    }
                    attempts.append(Attempt(backend: backend.name, outcome: .succeeded, milliseconds: attemptStarted.millisecondsAgo))
                    return Result(success: (content, response), failure: nil, attempts: attempts)
                }
                if case .failed(let error) = attempts.last?.outcome, [.unavailable, .transport, .contextExceeded, .unsupportedOption].contains(error.code) { break }
            }
        }
        let allUnavailable = attempts.allSatisfy { if case .unavailable = $0.outcome { true } else { false } }
        let reason = allUnavailable
            ? FallbackReason(.noBackendAvailable, backends.isEmpty ? "the route is empty" : "no backend in the route can serve")
            : FallbackReason(.allBackendsFailed, "every available backend failed or produced output that failed a check")
        return Result(success: nil, failure: reason, attempts: attempts)
    }
}

extension Router {
    static func respond(_ backend: any LanguageModelBackend, _ request: BackendRequest,
                        onPartial: (@Sendable (String) -> Void)?) async throws(BackendError) -> BackendResponse {
        guard let onPartial else { return try await backend.respond(to: request) }
        do {
            for try await event in backend.streamResponse(to: request) {
                switch event {
                case .partial(let text): onPartial(text)
                case .complete(let response): return response
                }
            }
        } catch let error as BackendError {
            throw error
        } catch {
            throw BackendError(.transport, backend: backend.name, "\(error)")
        }
        throw BackendError(.transport, backend: backend.name, "the stream ended without a response")
    }
}

