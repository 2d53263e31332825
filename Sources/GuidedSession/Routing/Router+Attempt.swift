import GuidedBackends
import GuidedConfigurationFile
import GuidedSchema
import GuidedValidation
import Synchronization

extension Router {
    /// What one attempt produced, and where the route goes next.
    struct Step: Sendable {
        /// The attempt, as recorded in the result.
        var attempt: Attempt
        /// What the route does next.
        var next: Next
    }

    /// Where the route goes after an attempt.
    enum Next: Sendable {
        /// The output passed every check: the route ends with it.
        case ship(GeneratedContent, BackendResponse)
        /// The output failed or was rejected: try the same backend again, if attempts remain.
        case retry
        /// A retry cannot help (unreachable, over the context, unsupported): try the next backend.
        case nextBackend
        /// The deadline passed or the caller cancelled: the route ends without output.
        case stop(FallbackReason)
    }

    /// One generation on `backend`, raced against the deadline, then cleaned and checked.
    ///
    /// This is the unit a retry repeats. It streams when `progress` is given, and reports
    /// ``RouteProgress/discarded(_:)`` when its output does not ship. No partial text of this
    /// attempt is reported after it returns, even if the backend lingers. Its time goes into
    /// `budget`.
    func attempt<C: Clock<Duration>>(
        _ backend: any LanguageModelBackend,
        _ request: BackendRequest,
        checks: OutputChecks,
        until deadline: C.Instant,
        on clock: C,
        budget: inout BatchBudget,
        progress: (@Sendable (RouteProgress) -> Void)?
    ) async -> Step {
        if checks.candidates.count > 1 || checks.judge != nil, progress == nil {
            return await candidateAttempt(
                backend, request, checks: checks, until: deadline, on: clock, budget: &budget)
        }
        let started = ContinuousClock.now
        let clockStarted = clock.now
        let gate = progress.map(ProgressGate.init)
        let outcome = await DeadlineRace.run(until: deadline, on: clock) {
            () async throws(BackendError) -> BackendResponse in
            try await Self.generate(on: backend, request, gate: gate)
        }
        gate?.close()
        budget.record(clockStarted.duration(to: clock.now), on: backend.name)
        let step = judge(outcome, from: backend, checks: checks, milliseconds: started.millisecondsAgo)
        if case .ship = step.next {} else { progress?(.discarded(step.attempt)) }
        return step
    }

    /// Several generations on `backend`, batch by batch until one passes or the policy's count
    /// is spent (see ``CandidatePolicy``); each batch raced against the deadline. The attempt
    /// keeps every candidate's verdict; it is `succeeded` when one shipped, else `rejected` with
    /// the last checked candidate's rejections, or `failed` when none could even be checked.
    /// A batch that `budget` says cannot finish before the deadline is not started: the route
    /// stops there, before the deadline, with what the attempt has.
    func candidateAttempt<C: Clock<Duration>>(
        _ backend: any LanguageModelBackend,
        _ request: BackendRequest,
        checks: OutputChecks,
        until deadline: C.Instant,
        on clock: C,
        budget: inout BatchBudget
    ) async -> Step {
        let started = ContinuousClock.now
        let policy = checks.candidates
        var verdicts: [CandidateVerdict] = []
        func step(_ outcome: Attempt.Outcome, _ next: Next) -> Step {
            Step(
                attempt: Attempt(
                    backend: backend.name, outcome: outcome, milliseconds: started.millisecondsAgo, candidates: verdicts
                ), next: next)
        }
        func withCandidates(_ single: Step) -> Step {
            var step = single
            step.attempt.candidates = verdicts
            return step
        }
        func lastRejections() -> [Rejection]? {
            verdicts.reversed().compactMap { verdict -> [Rejection]? in
                if case .rejected(let rejections) = verdict.outcome { rejections } else { nil }
            }.first
        }
        batches: while verdicts.count < policy.count {
            if let refusal = budget.refusal(
                on: backend.name, remaining: clock.now.duration(to: deadline), deadline: self.policy.deadline)
            {
                return step(lastRejections().map { .rejected($0) } ?? .deadline, .stop(refusal))
            }
            var shifted = request
            shifted.options.sampling = request.options.sampling?.seed(offsetBy: verdicts.count)
            let batch = shifted
            let size = min(policy.batchSize, policy.count - verdicts.count)
            let batchStarted = clock.now
            let outcome = await DeadlineRace.run(until: deadline, on: clock) {
                () async throws(BackendError) -> [CandidateResult] in
                try await backend.respond(to: batch, candidates: size)
            }
            budget.record(batchStarted.duration(to: clock.now), on: backend.name)
            switch outcome {
            case .value(let results):
                let judged = CandidateSelection.judge(
                    results, startingAt: verdicts.count, policy: policy, cleanup: checks.cleanup,
                    checks: checks.chain, context: checks.context,
                    early: { EarlyRejection.rejections(in: $0, checks: checks) })
                verdicts += judged.verdicts
                if let judge = checks.judge {
                    let judgeStarted = clock.now
                    let chosen = await choose(
                        judged.passing, by: judge, for: batch, on: backend, verdicts: &verdicts, until: deadline,
                        on: clock)
                    budget.record(judgeStarted.duration(to: clock.now), on: backend.name)
                    if let chosen { return step(.succeeded, .ship(chosen.content, chosen.response)) }
                } else if let shipped = judged.shipped {
                    return step(.succeeded, .ship(shipped.content, shipped.response))
                }
                // Greedy decoding, or a backend that returned fewer: more batches would repeat them.
                if results.count < size || request.options.sampling?.kind == .greedy { break batches }
            case .failed(let error):
                return withCandidates(
                    judge(.failed(error), from: backend, checks: checks, milliseconds: started.millisecondsAgo))
            case .expired:
                return withCandidates(
                    judge(.expired, from: backend, checks: checks, milliseconds: started.millisecondsAgo))
            case .cancelled:
                return withCandidates(
                    judge(.cancelled, from: backend, checks: checks, milliseconds: started.millisecondsAgo))
            }
        }
        if let rejected = lastRejections() { return step(.rejected(rejected), .retry) }
        let failure = verdicts.reversed().compactMap { verdict -> BackendError? in
            if case .failed(let error) = verdict.outcome { error } else { nil }
        }.first
        return step(
            .failed(failure ?? BackendError(.invalidOutput, backend: backend.name, "no candidate was generated")),
            .retry)
    }

    /// The passing candidate the judge ships: each of `passing` is scored (its verdict records
    /// the score, or becomes `rejected:judge/…`), and the highest at or above the threshold wins —
    /// its verdict alone marked shipped. Nil when none reaches it, or the deadline came first.
    func choose<C: Clock<Duration>>(
        _ passing: [(index: Int, content: GeneratedContent, response: BackendResponse)], by judge: JudgeRunner,
        for request: BackendRequest, on backend: any LanguageModelBackend, verdicts: inout [CandidateVerdict],
        until deadline: C.Instant, on clock: C
    ) async -> (content: GeneratedContent, response: BackendResponse)? {
        var best: (index: Int, score: Double, content: GeneratedContent, response: BackendResponse)?
        for candidate in passing {
            guard let position = verdicts.firstIndex(where: { $0.index == candidate.index }) else { continue }
            verdicts[position].shipped = false
            let outcome = await DeadlineRace.run(until: deadline, on: clock) {
                () async throws(BackendError) -> Double in
                try await judge.score(candidate.content, for: request, on: backend)
            }
            switch outcome {
            case .value(let score):
                verdicts[position].judgeScore = score
                if score >= judge.judge.threshold {
                    if best == nil || score > best!.score {
                        best = (candidate.index, score, candidate.content, candidate.response)
                    }
                } else {
                    verdicts[position].outcome = .rejected([judge.belowThreshold(score)])
                }
            case .failed(let error):
                verdicts[position].outcome = .rejected([judge.unscored(error)])
            case .expired, .cancelled:
                verdicts[position].outcome = .rejected([
                    judge.unscored(BackendError(.timeout, backend: backend.name, "the deadline came first"))
                ])
            }
        }
        guard let best else { return nil }
        verdicts.markShipped(best.index)
        return (best.content, best.response)
    }

    /// The step a finished race amounts to.
    private func judge(
        _ outcome: DeadlineRace.Outcome<BackendResponse>,
        from backend: any LanguageModelBackend,
        checks: OutputChecks,
        milliseconds: Double
    ) -> Step {
        func step(_ outcome: Attempt.Outcome, _ next: Next) -> Step {
            Step(attempt: Attempt(backend: backend.name, outcome: outcome, milliseconds: milliseconds), next: next)
        }
        switch outcome {
        case .expired, .cancelled:
            let stop = stopReason(outcome)
            return step(stop.outcome, .stop(stop.reason))
        case .failed(let error) where error.code == .deadlineTooClose:
            return step(
                .deadline,
                .stop(
                    FallbackReason(
                        .deadlineExceeded, "stopped before the deadline of \(policy.deadline): \(error.message)")))
        case .failed(let error) where error.code == .contextExceeded:
            var over = step(.overBudget(error.message), .nextBackend)
            over.attempt.contextOverflow = error.contextOverflow
            return over
        case .failed(let error) where error.code == .unavailable || error.code == .transport:
            availability.record(.unavailable(UnavailableReason(.unreachable, error.message)), for: backend.name)
            return step(.failed(error), .nextBackend)
        case .failed(let error) where error.code == .unsupportedOption || error.code == .grammarRejected:
            // The same request would be refused again.
            return step(.failed(error), .nextBackend)
        case .failed(let error):
            return step(.failed(error), .retry)
        case .value(let response):
            let (content, rejections) = checks.run(response.content)
            guard rejections.isEmpty else { return step(.rejected(rejections), .retry) }
            return step(.succeeded, .ship(content, response))
        }
    }

    /// The backend's response; streamed, with each snapshot passed through `gate`, when there is one.
    static func generate(
        on backend: any LanguageModelBackend,
        _ request: BackendRequest,
        gate: ProgressGate?
    ) async throws(BackendError) -> BackendResponse {
        guard let gate else { return try await backend.respond(to: request) }
        do {
            for try await event in backend.streamResponse(to: request) {
                switch event {
                case .partial(let text): gate.send(.partial(backend: backend.name, text: text))
                case .complete(let response): return response
                }
            }
        } catch let error as BackendError {
            throw error
        } catch {
            throw BackendError(.transport, backend: backend.name, "\(error)")
        }
        if Task.isCancelled { throw BackendError(.cancelled, backend: backend.name, "the request was cancelled") }
        throw BackendError(.transport, backend: backend.name, "the stream ended without a response")
    }
}

/// Passes progress on until closed; afterwards drops it, so a backend that lingers after its
/// attempt ended cannot report text into the next attempt's snapshots.
final class ProgressGate: Sendable {
    /// The handler in a struct: a closure stored bare in the generic `Mutex` is re-abstracted on
    /// every `inout` access, so each `send` wrapped it in two more thunks, and a stream of 40,000
    /// partials called through 80,000 of them (quadratic time, then a stack overflow).
    private struct Handler: Sendable {
        let call: @Sendable (RouteProgress) -> Void
    }

    private let handler: Mutex<Handler?>

    init(_ handler: @escaping @Sendable (RouteProgress) -> Void) {
        self.handler = Mutex(Handler(call: handler))
    }

    func send(_ progress: RouteProgress) {
        handler.withLock { $0?.call(progress) }
    }

    func close() {
        handler.withLock { $0 = nil }
    }
}
