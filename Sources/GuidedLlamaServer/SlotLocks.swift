import Foundation
import Synchronization

/// A server's slots shared by every process of this user: one lock file per slot
/// (`guided-slots-UID/HOST-PORT-PATH/slot-N.lock` under the temporary folder), each held with
/// `flock` by the request generating in it. ``SlotGate`` keeps one process's requests to the
/// server's slots; these locks do the same across processes — four `guided generate` runs on one
/// llama-server — so a request beyond the slots waits here, before it is sent, where its idle
/// clock has not started, instead of in the server's queue, where it looked like a silent server.
///
/// A lock is the kernel's: a process that exits or is killed holds none. Waiting is bounded by the
/// caller (the request's deadline cancels the task); a waiter retries every
/// ``retryInterval`` with a little jitter, all or nothing, so two processes that each need two
/// slots never hold one each. When the folder cannot be made (or is not this user's own), nothing
/// is locked and the process relies on its own gate, as before.
///
/// Waiters are served in the order their requests began (``Ticket``): one that cannot have its
/// slots at once takes a ticket, a file named by that time and held with `flock`, and tries the
/// slots only while no live ticket is older than its own; a newcomer queues behind every older
/// live ticket. A request's second candidate thus goes before requests that began after it, so
/// requests finish one after another instead of all taking turns and all finishing late. A
/// ticket whose process is gone holds no lock, and the next waiter removes it.
package struct SlotLocks: Sendable {
    /// The folder of this server's lock files; nil when it could not be made safely.
    let folder: String?

    /// How often a waiting request tries the locks again.
    static let retryInterval = Duration.milliseconds(40)

    /// How long a recorded generation time stays the server's (``lastGeneration()``).
    static let recordLifetime = Duration.seconds(600)

    /// The locks of the server at `baseURL` (`http://127.0.0.1:8080`), in `root` (the
    /// temporary folder by default).
    init(baseURL: String, root: String = NSTemporaryDirectory()) {
        let address = baseURL.range(of: "://").map { String(baseURL[$0.upperBound...]) } ?? baseURL
        let name = String(address.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == ".") ? $0 : "-" })
        let top = (root.hasSuffix("/") ? root : root + "/") + "guided-slots-\(getuid())"
        folder = Self.ownFolder(top).flatMap { Self.ownFolder($0 + "/" + name) }
    }

    /// Slot locks held by one request; ``release()`` gives them back (and so does the end of
    /// the last reference, so a lock is never kept by a ticket nobody gave back).
    package final class Held: Sendable {
        private let descriptors: Mutex<[Int32]>

        package init(_ descriptors: [Int32]) { self.descriptors = Mutex(descriptors) }

        deinit { release() }

        /// How many slots are held.
        package var count: Int { descriptors.withLock { $0.count } }

        /// Unlocks and closes every lock file; later calls do nothing.
        package func release() {
            for descriptor in descriptors.withLock({ taken in
                defer { taken = [] }
                return taken
            }) {
                flock(descriptor, LOCK_UN)
                close(descriptor)
            }
        }
    }

    /// Takes `count` of the server's `slots` (all or none at each try), waiting while other
    /// processes hold them. Nil when there are no lock files to take (see ``folder``).
    /// Throws `CancellationError` when the task is cancelled while it waits. `since` is when the
    /// request began (now when nil), which places it in the queue.
    func acquire(_ count: Int, of slots: Int, since began: ContinuousClock.Instant? = nil) async throws -> Held? {
        guard let folder, count > 0, slots > 0 else { return nil }
        let wanted = min(count, slots)
        let name = Ticket.name(for: began ?? .now)
        if Ticket.waiting(in: folder, before: name) == 0, let held = tryAcquire(wanted, of: slots, in: folder) {
            return held
        }
        let ticket = Ticket(name, in: folder)
        defer { ticket?.give() }
        while true {
            let ahead = Ticket.waiting(in: folder, before: name)
            if ahead == 0, let held = tryAcquire(wanted, of: slots, in: folder) { return held }
            // The first in line looks often; the others only need to notice becoming first.
            let pause = ahead == 0 ? Self.retryInterval : Self.retryInterval * 5
            try await Task.sleep(for: pause + .milliseconds(Int.random(in: 0...20)))
        }
    }

    /// How long the latest generation on this server took, in any of this user's processes (the
    /// `last-generation` file, milliseconds); nil when none was recorded in the last
    /// ``recordLifetime`` (an older one may be another server's that had this address).
    func lastGeneration() -> Duration? {
        guard let folder else { return nil }
        var status = stat()
        guard stat(folder + "/last-generation", &status) == 0,
            time(nil) - status.st_mtim.tv_sec < Self.recordLifetime.components.seconds,
            let bytes = FileManager.default.contents(atPath: folder + "/last-generation"),
            let text = String(bytes: bytes, encoding: .utf8), let milliseconds = Int(text), milliseconds >= 0
        else { return nil }
        return .milliseconds(milliseconds)
    }

    /// Records how long a generation on this server took, for ``lastGeneration()``.
    func record(generation: Duration) {
        guard let folder else { return }
        let milliseconds =
            generation.components.seconds * 1000 + generation.components.attoseconds / 1_000_000_000_000_000
        let path = folder + "/last-generation"
        let writing = path + "-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        guard FileManager.default.createFile(atPath: writing, contents: Data(String(milliseconds).utf8)) else { return }
        if rename(writing, path) != 0 { unlink(writing) }
    }

    /// A waiter's place in the queue: `ticket-TIME-PID-RANDOM` in the server's folder, where TIME
    /// is when its request began on the system's monotonic clock, in nanoseconds, zero-padded so
    /// names sort in that order, held with an exclusive `flock` for as long as the waiter waits.
    struct Ticket {
        let name: String
        let path: String
        let descriptor: Int32

        /// The name of a ticket for a request that began at `began`.
        static func name(for began: ContinuousClock.Instant) -> String {
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            let ago = began.duration(to: .now)
            let agoNanoseconds = max(
                0, ago.components.seconds * 1_000_000_000 + ago.components.attoseconds / 1_000_000_000)
            let nowNanoseconds = Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
            let nanoseconds = String(max(0, nowNanoseconds - agoNanoseconds))
            let padded = String(repeating: "0", count: max(0, 20 - nanoseconds.count)) + nanoseconds
            return "ticket-\(padded)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        }

        /// The ticket `name`, or nil when its file cannot be made (the waiter then waits unqueued).
        init?(_ name: String, in folder: String) {
            self.name = name
            path = folder + "/" + name
            // Locked under a name no waiter reads, then renamed: a ticket is never seen unlocked
            // while its waiter lives, so nobody removes it as stale.
            let making = folder + "/making-" + name
            guard let descriptor = SlotLocks.lockedFile(making, LOCK_EX) else { return nil }
            guard rename(making, path) == 0 else {
                unlink(making)
                close(descriptor)
                return nil
            }
            self.descriptor = descriptor
        }

        /// Leaves the queue.
        func give() {
            unlink(path)
            close(descriptor)
        }

        /// How many live tickets in `folder` came before `name` (every live one when nil);
        /// tickets whose waiter is gone (no lock held) are removed on the way.
        static func waiting(in folder: String, before name: String?) -> Int {
            guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return 0 }
            // A `making-` file was left by a waiter that died between taking its ticket's lock
            // and naming it.
            for entry in entries where entry.hasPrefix("making-") { _ = removedIfStale(folder + "/" + entry) }
            var live = 0
            for entry in entries where entry.hasPrefix("ticket-") && (name.map { entry < $0 } ?? true) {
                if !removedIfStale(folder + "/" + entry), FileManager.default.fileExists(atPath: folder + "/" + entry) {
                    live += 1
                }
            }
            return live
        }

        /// Removes the file at `path` when nobody holds its lock (its waiter is gone); whether it did.
        private static func removedIfStale(_ path: String) -> Bool {
            guard let stale = SlotLocks.lockedFile(path, LOCK_EX) else { return false }
            unlink(path)
            close(stale)
            return true
        }
    }

    /// One pass over the slots from a random first one: `wanted` locks, or none.
    private func tryAcquire(_ wanted: Int, of slots: Int, in folder: String) -> Held? {
        var taken: [Int32] = []
        let start = Int.random(in: 0..<slots)
        for offset in 0..<slots where taken.count < wanted {
            if let descriptor = Self.lockedFile(folder + "/slot-\((start + offset) % slots).lock", LOCK_EX) {
                taken.append(descriptor)
            }
        }
        guard taken.count == wanted else {
            Held(taken).release()
            return nil
        }
        return Held(taken)
    }

    /// The file at `path` (made, mode 0600, when missing) opened with a `flock` of `operation`
    /// (`LOCK_EX` or `LOCK_SH`) taken at once, or nil when it cannot be opened or someone holds
    /// a lock that excludes it.
    package static func lockedFile(_ path: String, _ operation: Int32) -> Int32? {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
        guard flock(descriptor, operation | LOCK_NB) == 0 else {
            close(descriptor)
            return nil
        }
        return descriptor
    }

    /// `path` as a folder of this user's only (made with mode 0700 when missing), or nil when it
    /// is anything else: a link, another user's, or open to others.
    package static func ownFolder(_ path: String) -> String? {
        _ = mkdir(path, 0o700)
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR, status.st_uid == getuid(),
            status.st_mode & 0o077 == 0
        else { return nil }
        return path
    }
}
