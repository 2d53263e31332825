import Synchronization

/// Holds a server's concurrent generations to its slot count, so a request beyond the slots
/// waits here, before it is sent, instead of in the server's queue.
///
/// llama-server runs `total_slots` generations at once and queues the rest without sending a
/// byte. A queued streamed request cannot be told from a silent server, so under more
/// concurrency than slots the idle timeout would give up on requests that were merely waiting.
/// Waiting here instead, the idle clock of a request starts when it is sent.
///
/// A waiting request is not left to wait on a silent server either: it gives up when the server
/// has sent nothing, to any request through this gate, for the idle timeout since the request
/// began waiting. A server that goes silent still costs a request at most the idle timeout,
/// queued or not, while a busy server that keeps streaming tokens to others keeps its queue.
///
/// Waiters are served first come, first served; cancelling a waiting task ends its wait at once.
/// Time is read from `clock` (the continuous clock in a backend; a manual one in tests, so the
/// idle-timeout rules are checked without waiting on a loaded machine).
final class SlotGate<C: Clock<Duration>>: Sendable {
    /// How a wait ended.
    enum Grant: Sendable, Equatable {
        /// The slots are taken; give them back with ``release(_:)``. `quietFor`: how long the
        /// server had been sending nothing when they were granted (zero when granted at once), to
        /// count against the request's own idle timeout, so waiting and sending together still
        /// leave a silent server after one idle timeout.
        case granted(quietFor: Duration)
        /// The waiting task was cancelled.
        case cancelled
        /// The server sent nothing to anyone for the idle timeout while this request waited.
        case silent
    }

    private struct Waiter {
        let id: UInt64
        let weight: Int
        let began: C.Instant
        let idleTimeout: Duration
        let continuation: CheckedContinuation<Grant, Never>
        var watchdog: Task<Void, Never>?

        /// Whether the server has sent nothing to anyone for the idle timeout since this wait began.
        func isSilent(lastActivity: C.Instant, now: C.Instant) -> Bool {
            idleTimeout > .zero && max(began, lastActivity).duration(to: now) >= idleTimeout
        }

        func end(_ grant: Grant) {
            watchdog?.cancel()
            continuation.resume(returning: grant)
        }
    }

    private struct State {
        var capacity = 1
        var inUse = 0
        var waiters: [Waiter] = []
        var lastActivity: C.Instant
        var nextID: UInt64 = 0
        /// Requests inside ``acquire(_:of:idleTimeout:)`` that are neither granted nor in line yet.
        var arriving: Set<UInt64> = []
        /// Arriving requests whose task was cancelled before they got in line.
        var cancelledEarly: Set<UInt64> = []

        /// Takes the waiters first in line that now fit, in order, with their grants: a waiter
        /// that has waited through the idle timeout of silence gives up rather than being sent to
        /// a server that has stopped answering.
        mutating func admit(now: C.Instant) -> [(Waiter, Grant)] {
            var admitted: [(Waiter, Grant)] = []
            while let first = waiters.first {
                if first.isSilent(lastActivity: lastActivity, now: now) {
                    waiters.removeFirst()
                    admitted.append((first, .silent))
                } else if inUse + first.weight <= capacity {
                    waiters.removeFirst()
                    inUse += first.weight
                    let quiet = max(first.began, lastActivity).duration(to: now)
                    admitted.append((first, .granted(quietFor: max(.zero, quiet))))
                } else {
                    break
                }
            }
            return admitted
        }
    }

    private let clock: C
    private let state: Mutex<State>

    /// A gate that reads time from `clock`.
    init(clock: C) {
        self.clock = clock
        state = Mutex(State(lastActivity: clock.now))
    }

    /// Slots taken by requests in flight.
    var inFlight: Int { state.withLock { $0.inUse } }
    /// Requests waiting for a slot.
    var waiting: Int { state.withLock { $0.waiters.count } }

    /// Records that the server sent something (a response head or a line) to some request.
    func progress() {
        let now = clock.now
        state.withLock { $0.lastActivity = max($0.lastActivity, now) }
    }

    /// Waits until `weight` of `capacity` slots are free and takes them (`weight` is held to
    /// `1...capacity`). Ends `.silent` when the server has sent nothing to anyone for
    /// `idleTimeout` since the wait began (never, when `idleTimeout` is zero), and `.cancelled`
    /// when the task is cancelled.
    func acquire(_ weight: Int, of capacity: Int, idleTimeout: Duration) async -> Grant {
        let weight = min(max(1, weight), max(1, capacity))
        let id = state.withLock { state -> UInt64 in
            defer { state.nextID += 1 }
            state.arriving.insert(state.nextID)
            return state.nextID
        }
        let began = clock.now
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Grant, Never>) in
                let immediate = state.withLock { state -> Grant? in
                    state.arriving.remove(id)
                    state.capacity = max(1, capacity)
                    if state.cancelledEarly.remove(id) != nil { return .cancelled }
                    if state.waiters.isEmpty, state.inUse + weight <= state.capacity {
                        state.inUse += weight
                        return .granted(quietFor: .zero)
                    }
                    state.waiters.append(
                        Waiter(
                            id: id, weight: weight, began: began, idleTimeout: idleTimeout, continuation: continuation))
                    return nil
                }
                if let immediate {
                    continuation.resume(returning: immediate)
                    return
                }
                guard idleTimeout > .zero else { return }
                let watchdog = Task { [self] in await watch(id, began: began, idleTimeout: idleTimeout) }
                let inLine = state.withLock { state -> Bool in
                    guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return false }
                    state.waiters[index].watchdog = watchdog
                    return true
                }
                if !inLine { watchdog.cancel() }
            }
        } onCancel: {
            end(id, .cancelled)
        }
    }

    /// Gives back `weight` slots (as passed to ``acquire(_:of:idleTimeout:)``) and grants them
    /// to the waiters first in line.
    func release(_ weight: Int) {
        let admitted = state.withLock { state -> [(Waiter, Grant)] in
            state.inUse -= min(max(1, weight), state.capacity)
            return state.admit(now: clock.now)
        }
        for (waiter, grant) in admitted { waiter.end(grant) }
    }

    /// Ends waiter `id` with `grant` if it is in line (then admits whoever now fits), or
    /// remembers a cancellation that came before it got in line.
    private func end(_ id: UInt64, _ grant: Grant) {
        let (ended, admitted) = state.withLock { state -> (Waiter?, [(Waiter, Grant)]) in
            guard let index = state.waiters.firstIndex(where: { $0.id == id }) else {
                if grant == .cancelled, state.arriving.contains(id) { state.cancelledEarly.insert(id) }
                return (nil, [])
            }
            let ended = state.waiters.remove(at: index)
            return (ended, state.admit(now: clock.now))
        }
        ended?.end(grant)
        for (waiter, grant) in admitted { waiter.end(grant) }
    }

    /// Sleeps until the server has been silent for `idleTimeout`, counted from the later of the
    /// wait's start and the last byte any request received, then ends the wait as silent.
    private func watch(_ id: UInt64, began: C.Instant, idleTimeout: Duration) async {
        while !Task.isCancelled {
            let (inLine, since) = state.withLock { state in
                (state.waiters.contains { $0.id == id }, max(began, state.lastActivity))
            }
            guard inLine else { return }
            if since.duration(to: clock.now) >= idleTimeout {
                end(id, .silent)
                return
            }
            try? await clock.sleep(until: since.advanced(by: idleTimeout), tolerance: nil)
        }
    }
}
