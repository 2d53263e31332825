import GuidedBackends

/// Races one piece of work against a deadline, so that cancellation and the deadline both reach
/// the work, and nothing the race starts outlives it.
///
/// - The timer is a child task of a task group: when the work wins, the timer is cancelled and
///   awaited before ``run(until:on:_:)`` returns, so no timer lingers.
/// - The work runs in a task of its own, so the race can return *at* the deadline even when a
///   backend ignores cancellation. Every way of losing the race — the deadline passing, the
///   caller being cancelled — cancels that task before the race returns, which aborts an HTTP
///   transfer (and frees the server's slot) at once.
enum DeadlineRace {
    /// How a race ended.
    enum Outcome<Value: Sendable>: Sendable {
        /// The work finished first.
        case value(Value)
        /// The work failed first.
        case failed(BackendError)
        /// The deadline passed first; the work was cancelled.
        case expired
        /// The caller was cancelled; the work was cancelled too.
        case cancelled
    }

    /// Runs `work` until `deadline` on `clock`.
    static func run<Value: Sendable, C: Clock<Duration>>(
        until deadline: C.Instant,
        on clock: C,
        _ work: @escaping @Sendable () async throws(BackendError) -> Value
    ) async -> Outcome<Value> {
        if Task.isCancelled { return .cancelled }
        guard clock.now < deadline else { return .expired }
        let (results, mailbox) = AsyncStream.makeStream(of: Outcome<Value>.self, bufferingPolicy: .bufferingNewest(1))
        let worker = Task {
            do throws(BackendError) {
                mailbox.yield(.value(try await work()))
            } catch {
                mailbox.yield(.failed(error))
            }
            mailbox.finish()
        }
        let first = await withTaskGroup(of: Outcome<Value>.self) { group in
            group.addTask {
                // Ends with nil when this child is cancelled (the caller was, or the timer won).
                for await result in results { return result }
                return .cancelled
            }
            group.addTask {
                do {
                    try await clock.sleep(until: deadline, tolerance: nil)
                    return .expired
                } catch {
                    return .cancelled
                }
            }
            let first = await group.next() ?? .cancelled
            group.cancelAll()
            return first
        }
        switch first {
        case .expired, .cancelled: worker.cancel()
        case .value, .failed: break
        }
        return first
    }
}
