import CCurl
import Synchronization

/// Cancellation shared between the caller's task and the transfer thread.
///
/// `cancel()` sets a flag that the transfer's callbacks and poll loop check, and
/// wakes the multi handle out of `curl_multi_poll` so the abort is immediate.
final class TransferControl: Sendable {
    private struct State {
        var cancelled = false
        var multi: MultiHandle?
    }

    /// A multi handle address; only `curl_multi_wakeup` (thread-safe) is called through it.
    private struct MultiHandle: @unchecked Sendable {
        let pointer: UnsafeMutableRawPointer
    }

    private let state = Mutex(State())
    private let cancelledFlag = Atomic<Bool>(false)

    /// Whether `cancel()` has been called. Cheap: read from curl callbacks.
    var isCancelled: Bool {
        cancelledFlag.load(ordering: .acquiring)
    }

    /// Asks the transfer to stop as soon as possible. Safe from any thread, any number of times.
    func cancel() {
        state.withLock { state in
            state.cancelled = true
            cancelledFlag.store(true, ordering: .releasing)
            if let multi = state.multi {
                curl_multi_wakeup(multi.pointer)
            }
        }
    }

    /// Registers the multi handle to wake on cancellation.
    /// - Returns: `false` if the transfer was already cancelled.
    func attach(_ multi: UnsafeMutableRawPointer) -> Bool {
        state.withLock { state in
            guard !state.cancelled else { return false }
            state.multi = MultiHandle(pointer: multi)
            return true
        }
    }

    /// Forgets the multi handle before it goes back to the pool.
    func detach() {
        state.withLock { $0.multi = nil }
    }
}
