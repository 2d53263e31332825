import Synchronization

/// The bookkeeping of a pool: requests in flight per replica, and replicas set aside as
/// unhealthy (with the reason) until a recovery time. Thread-safe.
final class ReplicaPool: Sendable {
    struct Mark: Sendable {
        var reason: String
        var until: ContinuousClock.Instant
    }

    private struct State {
        var inFlight: [Int]
        var marks: [Int: Mark] = [:]
        var nextTie = 0
    }

    private let state: Mutex<State>
    let recovery: Duration
    /// The time recovery is measured on (the continuous clock, or a test's own).
    let now: @Sendable () -> ContinuousClock.Instant

    init(count: Int, recovery: Duration, now: @escaping @Sendable () -> ContinuousClock.Instant) {
        state = Mutex(State(inFlight: Array(repeating: 0, count: count)))
        self.recovery = recovery
        self.now = now
    }

    /// Picks the healthy replica with the fewest requests in flight (ties taken in turn), not in
    /// `excluded`, and counts the request against it; nil when none is left.
    func checkOut(excluding excluded: Set<Int>) -> Int? {
        let now = self.now()
        return state.withLock { state in
            let count = state.inFlight.count
            let candidates = (0..<count).map { (state.nextTie + $0) % count }.filter { index in
                !excluded.contains(index) && (state.marks[index].map { $0.until <= now } ?? true)
            }
            guard let chosen = candidates.min(by: { state.inFlight[$0] < state.inFlight[$1] }) else { return nil }
            state.inFlight[chosen] += 1
            state.nextTie = (chosen + 1) % count
            return chosen
        }
    }

    /// The request on `index` is over; a failure that says the replica is down sets it aside.
    func checkIn(_ index: Int, unhealthy reason: String? = nil) {
        let now = self.now()
        state.withLock { state in
            state.inFlight[index] -= 1
            if let reason {
                state.marks[index] = Mark(reason: reason, until: now + recovery)
            } else {
                state.marks[index] = nil
            }
        }
    }

    /// Replicas currently set aside, with their reasons.
    var unhealthy: [Int: String] {
        let now = self.now()
        return state.withLock { state in
            state.marks.filter { $0.value.until > now }.mapValues(\.reason)
        }
    }

    /// Requests in flight per replica.
    var inFlight: [Int] { state.withLock { $0.inFlight } }
}
