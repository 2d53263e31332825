import GuidedBackends
import GuidedConfigurationFile
import GuidedSchema
import GuidedValidation

/// Walks an ordered chain of backends and returns the first output that passes every check.
///
/// For each backend in turn the router:
/// 1. asks whether it is available (answers are cached for ``RoutePolicy/availabilityTTL``, so a
///    dead backend costs microseconds on the next request) and skips it, with the reason, if not;
/// 2. skips it as `unsupported` when its capabilities cannot serve the request (a schema but
///    neither grammar nor JSON Schema, a sampling mode or seed it cannot express);
/// 3. runs up to ``RoutePolicy/attemptsPerBackend`` attempts, each cleaning and checking every
///    output before the next, moving on at once when a retry cannot help (unreachable, over the context, unsupported).
///
/// One deadline bounds the whole chain. Cancelling the calling task, or the deadline passing,
/// cancels the attempt in progress — its HTTP transfer is aborted and the server's slot freed —
/// and the router returns at once, even if a backend ignores cancellation.
///
/// ```swift
/// let router = Router(policy: RoutePolicy(deadline: .seconds(20)))
/// switch await router.route(request, through: configuration.routedBackends, validators: chain) {
/// case .success(let content, let response, _): print(response.backend, content.jsonText())
/// case .failure(let reason, let attempts): print(reason, attempts)
/// }
/// ```
///
/// Safe for concurrent use: one router (and its availability cache) can serve many requests.
public final class Router: Sendable {
    /// The deadline, retry and caching policy.
    public let policy: RoutePolicy
    /// Availability answers, shared across the requests this router serves.
    package let availability: AvailabilityCache

    /// Creates a router with its own availability cache.
    public init(policy: RoutePolicy = RoutePolicy()) {
        self.policy = policy
        self.availability = AvailabilityCache(ttl: policy.availabilityTTL)
    }

    /// Routes `request` through `backends` in order.
    ///
    /// Each output is cleaned with `cleanup`, then checked against the request's schema and by
    /// `validators`, in that order.
    /// - Parameters:
    ///   - request: What to generate.
    ///   - backends: The backends to try, first to last.
    ///   - validators: Checks run on every output after the schema check.
    ///   - cleanup: Clean-ups applied to every output before it is checked.
    ///   - candidates: How many generations each attempt may make, and which one ships (see
    ///     ``CandidatePolicy``); every candidate's verdict is kept in ``Attempt/candidates``.
    ///     A streamed request generates one at a time.
    ///   - judgeBackend: The backend the candidates' judge asks (``CandidatePolicy/judge``), when
    ///     its ``Judge/backend`` names one; nil for the backend that generated them.
    ///   - progress: When given, backends are asked to stream, and the growing output of each
    ///     attempt is reported, followed by ``RouteProgress/discarded(_:)`` when that attempt
    ///     does not ship.
    /// - Returns: The output that shipped, or why none did — with every attempt either way.
    package func route(
        _ request: BackendRequest,
        through backends: [any LanguageModelBackend],
        validators: ValidatorChain = ValidatorChain([]),
        cleanup: OutputCleanup? = nil,
        candidates: CandidatePolicy = .single,
        judgeBackend: (any LanguageModelBackend)? = nil,
        progress: (@Sendable (RouteProgress) -> Void)? = nil
    ) async -> Result {
        if let refusal = Self.budgetRefusal(request) { return .failure(refusal, attempts: []) }
        var request = request
        if candidates.count > 1, progress == nil { request.tokenLogProbabilities = true }
        let checks = OutputChecks(
            request: request, validators: validators, cleanup: cleanup, candidates: candidates,
            judgeBackend: judgeBackend)
        if candidates.count > 1, candidates.stopsEarly, progress == nil {
            request.earlyCheck = EarlyRejection.check(checks)
        }
        // The backends see when the request began and its deadline on the real clock; the
        // task-local reaches each attempt's task (``RequestDeadline``).
        let now = ContinuousClock.now
        return await RequestDeadline.$current.withValue(RequestDeadline(began: now, instant: now + policy.deadline)) {
            await walk(request, backends, checks, progress, clock: policy.clock)
        }
    }

    private func walk<C: Clock<Duration>>(
        _ request: BackendRequest,
        _ backends: [any LanguageModelBackend],
        _ checks: OutputChecks,
        _ progress: (@Sendable (RouteProgress) -> Void)?,
        clock: C
    ) async -> Result {
        let deadline = clock.now.advanced(by: policy.deadline)
        var attempts: [Attempt] = []
        var budget = BatchBudget()
        for backend in backends {
            let started = ContinuousClock.now
            let checked = await DeadlineRace.run(until: deadline, on: clock) {
                await self.availability.availability(of: backend)
            }
            let state: BackendAvailability
            switch checked {
            case .value(let value): state = value
            case .failed(let error): state = .unavailable(UnavailableReason(.unhealthy, error.message))
            case .expired, .cancelled:
                let stop = stopReason(checked)
                attempts.append(
                    Attempt(backend: backend.name, outcome: stop.outcome, milliseconds: started.millisecondsAgo))
                return .failure(stop.reason, attempts: attempts)
            }
            if case .unavailable(let reason) = state {
                attempts.append(
                    Attempt(backend: backend.name, outcome: .unavailable(reason), milliseconds: started.millisecondsAgo)
                )
                continue
            }
            var sent = request
            if sent.samplingIsDefault, backend.capabilities.unsupportedReason(for: sent) != nil {
                sent.options.sampling = nil // the default mode is a preference: the backend's own serves
            }
            if let reason = backend.capabilities.unsupportedReason(for: sent) {
                attempts.append(
                    Attempt(backend: backend.name, outcome: .unavailable(reason), milliseconds: started.millisecondsAgo)
                )
                continue
            }
            retries: for _ in 0..<policy.attemptsPerBackend {
                if let refusal = budget.refusal(
                    on: backend.name, remaining: clock.now.duration(to: deadline), deadline: policy.deadline)
                {
                    return .failure(refusal, attempts: attempts)
                }
                var step = await attempt(
                    backend, sent, checks: checks, until: deadline, on: clock, budget: &budget, progress: progress)
                step.attempt.constraint = backend.constraintField(for: sent)
                if case .ship(_, let response) = step.next { step.attempt.adapter = response.adapter }
                attempts.append(step.attempt)
                switch step.next {
                case .ship(let content, let response):
                    return .success(content: content, response: response, attempts: attempts)
                case .retry: continue retries
                case .nextBackend: break retries
                case .stop(let reason): return .failure(reason, attempts: attempts)
                }
            }
        }
        return .failure(Self.exhaustedReason(attempts, routeIsEmpty: backends.isEmpty), attempts: attempts)
    }

    /// Whether `attempt` reached a backend that generated (it was neither unavailable nor over budget).
    static func generated(_ attempt: Attempt) -> Bool {
        switch attempt.outcome {
        case .unavailable, .overBudget: false
        default: true
        }
    }

    /// The attempt outcome and reason for a race the deadline or the caller ended.
    func stopReason<Value>(_ outcome: DeadlineRace.Outcome<Value>) -> (outcome: Attempt.Outcome, reason: FallbackReason)
    {
        if case .cancelled = outcome {
            return (.cancelled, FallbackReason(.cancelled, "the caller cancelled the request"))
        }
        return (.deadline, FallbackReason(.deadlineExceeded, "the request's deadline of \(policy.deadline) passed"))
    }

    /// A token budget that cannot hold the schema's smallest valid output: refused before sending.
    static func budgetRefusal(_ request: BackendRequest) -> FallbackReason? {
        guard let schema = request.schema, let maximum = request.options.maximumResponseTokens else { return nil }
        let smallest = MinimumOutput.tokens(schema)
        guard maximum < smallest else { return nil }
        return FallbackReason(
            .tokenBudget,
            "maximumResponseTokens \(maximum) cannot hold the smallest valid output (about \(smallest) tokens)")
    }

    /// ``FallbackReason/Code/unsupportedGenerationGuide`` when every attempt ended on the schema
    /// itself: a grammar the backend refused, or a backend that cannot constrain output at all.
    static func unsupportedGuideReason(_ attempts: [Attempt]) -> FallbackReason? {
        let causes = attempts.map { attempt -> String? in
            switch attempt.outcome {
            case .failed(let error) where error.code == .grammarRejected:
                "\(attempt.backend): \(error.message)"
            case .unavailable(let reason) where reason == BackendCapabilities.cannotConstrain:
                "\(attempt.backend): \(reason.message)"
            default: nil
            }
        }
        guard !causes.isEmpty, causes.allSatisfy({ $0 != nil }) else { return nil }
        let unique = causes.compactMap(\.self).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        return FallbackReason(
            .unsupportedGenerationGuide,
            "no backend in the route can enforce the schema (\(unique.joined(separator: "; ")))")
    }

    /// Why a route that ran out of backends produced nothing.
    static func exhaustedReason(_ attempts: [Attempt], routeIsEmpty: Bool) -> FallbackReason {
        if routeIsEmpty { return FallbackReason(.noBackendAvailable, "the route is empty") }
        if let unsupported = unsupportedGuideReason(attempts) { return unsupported }
        let generated = attempts.contains(where: Self.generated)
        if generated {
            let judged = attempts.flatMap(\.candidates).filter { $0.judgeScore != nil }
            if let best = judged.compactMap(\.judgeScore).max(),
                attempts.allSatisfy({ $0.outcomeCode.hasPrefix("rejected:judge/") || !Self.generated($0) })
            {
                return FallbackReason(
                    .judgeRefused,
                    "\(judged.count) candidate\(judged.count == 1 ? "" : "s") passed every check, but the judge scored none "
                        + "at its threshold (the best: \(JudgeRunner.rounded(best)))")
            }
            return FallbackReason(
                .allBackendsFailed, "every available backend failed or produced output that failed a check")
        }
        if attempts.contains(where: { if case .overBudget = $0.outcome { true } else { false } }) {
            var reason = FallbackReason(
                .contextExceeded, "the request does not fit the context of any available backend")
            reason.contextOverflow = attempts.compactMap(\.contextOverflow).max { $0.contextSize < $1.contextSize }
            return reason
        }
        let causes = attempts.compactMap { attempt -> String? in
            guard case .unavailable(let reason) = attempt.outcome else { return nil }
            return "\(attempt.backend): \(reason.code) — \(reason.message)"
        }
        return FallbackReason(
            .noBackendAvailable,
            "no backend in the route can serve" + (causes.isEmpty ? "" : " (\(causes.joined(separator: "; ")))"))
    }
}
