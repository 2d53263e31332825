import Foundation
import Synchronization

/// The process groups of every managed server this process started, readable from a signal
/// handler: on Ctrl-C (SIGINT), SIGTERM or SIGHUP the handler kills each group, then lets the
/// signal end the process as it would have. Without it, `setpriv --pdeathsig` stopped the
/// server itself when we died, but not what a wrapper script had started.
///
/// A fixed table of atomics, because a signal handler may neither allocate nor take a lock.
/// `@unchecked`: the table is allocated once and never freed, and every access is atomic.
final class ServerProcessGroups: @unchecked Sendable {
    static let shared = ServerProcessGroups()

    /// The most groups tracked at once; more servers than this are still stopped normally.
    static let capacity = 64
    private let slots: UnsafeMutablePointer<Atomic<Int32>>

    private init() {
        slots = .allocate(capacity: Self.capacity)
        for index in 0..<Self.capacity { (slots + index).initialize(to: Atomic(0)) }
    }

    func add(_ group: pid_t?) {
        guard let group else { return }
        for index in 0..<Self.capacity {
            if slots[index].compareExchange(expected: 0, desired: group, ordering: .sequentiallyConsistent).exchanged {
                return
            }
        }
    }

    func remove(_ group: pid_t?) {
        guard let group else { return }
        for index in 0..<Self.capacity {
            _ = slots[index].compareExchange(expected: group, desired: 0, ordering: .sequentiallyConsistent)
        }
    }

    /// Kills every tracked group (async-signal-safe: atomics loads and `kill` only).
    func killAll() {
        for index in 0..<Self.capacity {
            let group = slots[index].load(ordering: .sequentiallyConsistent)
            if group > 0 { kill(-group, SIGKILL) }
        }
    }
}

/// Stops the managed servers this process started when it is ended by a signal.
public enum ManagedServerSignals {
    /// Installs handlers for SIGINT, SIGTERM and SIGHUP that kill every managed server's process
    /// group (a wrapper script's server included), then end the process by the same signal.
    ///
    /// Call it once, early, in an executable that starts managed servers; a command that handles
    /// one of these signals itself (a chat cancelling an answer on Ctrl-C) installs its own
    /// handler afterwards, and normal exits stop the servers through an exit handler anyway.
    public static func stopServersOnTermination() {
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            signal(signalNumber) { received in
                ServerProcessGroups.shared.killAll()
                signal(received, SIG_DFL)
                raise(received)
            }
        }
    }
}
