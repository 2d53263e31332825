import Foundation
import GuidedLlamaServer
import Synchronization
import Testing

@testable import GuidedLlamaServer

/// A server's slots held across processes (``SlotLocks``): two holders of one folder are two
/// processes to each other (a `flock` belongs to the open file, not the process), so what one
/// holds the other waits for, all or nothing, and a wait ends when its task is cancelled.
@Suite struct SlotLocksTests {
    /// A root folder of this test's own.
    static func root() throws -> String {
        let root = NSTemporaryDirectory() + "guided-slot-locks-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        return root
    }

    @Test func aSlotAnotherProcessHoldsIsWaitedForUntilItIsGivenBack() async throws {
        let root = try Self.root()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let first = SlotLocks(baseURL: "http://127.0.0.1:8080", root: root)
        let second = SlotLocks(baseURL: "http://127.0.0.1:8080", root: root)
        let held = try #require(try await first.acquire(1, of: 1))
        let waiting = Task { try await second.acquire(1, of: 1) }
        try await Task.sleep(for: .milliseconds(300))
        #expect(held.count == 1)
        held.release()
        let granted = try await waiting.value
        #expect(granted?.count == 1)
        granted?.release()
    }

    @Test func twoSlotsAreTakenAllOrNoneSoTwoWaitersNeverHoldOneEach() async throws {
        let root = try Self.root()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let one = SlotLocks(baseURL: "http://127.0.0.1:8080", root: root)
        let other = SlotLocks(baseURL: "http://127.0.0.1:8080", root: root)
        let held = try #require(try await one.acquire(1, of: 2))
        let waiting = Task { try await other.acquire(2, of: 2) }
        try await Task.sleep(for: .milliseconds(300))
        // While it waits for both, the waiter holds neither: the free slot's file is not locked.
        // (A newcomer would queue behind the waiter: see SlotQueueOrderTests.)
        let folder = try #require(one.folder)
        let free = (0..<2).compactMap { SlotLocks.lockedFile(folder + "/slot-\($0).lock", LOCK_EX) }
        #expect(free.count == 1)
        SlotLocks.Held(free).release()
        held.release()
        #expect(try await waiting.value?.count == 2)
    }

    @Test func anotherServerHasSlotsOfItsOwn() async throws {
        let root = try Self.root()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let held = try #require(try await SlotLocks(baseURL: "http://127.0.0.1:8080", root: root).acquire(1, of: 1))
        defer { held.release() }
        let elsewhere = try await SlotLocks(baseURL: "http://127.0.0.1:8081", root: root).acquire(1, of: 1)
        #expect(elsewhere?.count == 1)
    }

    @Test func cancellingAWaitEndsItAtOnce() async throws {
        let root = try Self.root()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let held = try #require(try await SlotLocks(baseURL: "http://h:1", root: root).acquire(1, of: 1))
        defer { held.release() }
        let waiting = Task { try await SlotLocks(baseURL: "http://h:1", root: root).acquire(1, of: 1) }
        try await Task.sleep(for: .milliseconds(100))
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
    }

    @Test func aFolderOthersCanOpenOrALinkIsNotUsed() throws {
        let root = try Self.root()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let open = root + "/guided-slots-\(getuid())"
        try FileManager.default.createDirectory(atPath: open, withIntermediateDirectories: true)
        chmod(open, 0o777)
        #expect(SlotLocks(baseURL: "http://h:1", root: root).folder == nil)
        try FileManager.default.removeItem(atPath: open)
        try FileManager.default.createSymbolicLink(atPath: open, withDestinationPath: "/tmp")
        #expect(SlotLocks(baseURL: "http://h:1", root: root).folder == nil)
        try FileManager.default.removeItem(atPath: open)
        #expect(SlotLocks(baseURL: "http://h:1/llama", root: root).folder == open + "/h-1-llama")
    }
}

/// Waiters across processes are served in the order they came (``SlotLocks/Ticket``), and a
/// waiter that died leaves no place in the queue behind.
@Suite struct SlotQueueOrderTests {
    @Test func waitersGetTheSlotInTheOrderTheyCame() async throws {
        let root = try SlotLocksTests.root()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let locks: @Sendable () -> SlotLocks = { SlotLocks(baseURL: "http://127.0.0.1:8080", root: root) }
        let held = try #require(try await locks().acquire(1, of: 1))
        let order = Order()
        let first = Task {
            let granted = try await locks().acquire(1, of: 1)
            order.append("first")
            try await Task.sleep(for: .milliseconds(300))
            granted?.release()
        }
        try await Task.sleep(for: .milliseconds(200))
        let second = Task {
            let granted = try await locks().acquire(1, of: 1)
            order.append("second")
            granted?.release()
        }
        try await Task.sleep(for: .milliseconds(200))
        held.release()
        // A newcomer after the release finds two waiters queued: it goes last, not first.
        let newcomer = try await locks().acquire(1, of: 1)
        order.append("newcomer")
        newcomer?.release()
        try await first.value
        try await second.value
        #expect(order.names == ["first", "second", "newcomer"])
    }

    /// A request's second candidate waits for the slot again: it goes before a request that began
    /// after it, so requests finish one after another instead of all taking turns and all
    /// finishing late (16 processes on one slot shipped nothing when every turn queued anew).
    @Test func aRequestThatBeganEarlierGoesBeforeOneThatBeganLater() async throws {
        let root = try SlotLocksTests.root()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let locks: @Sendable () -> SlotLocks = { SlotLocks(baseURL: "http://127.0.0.1:8080", root: root) }
        let began = ContinuousClock.now
        try await Task.sleep(for: .milliseconds(50))
        let held = try #require(try await locks().acquire(1, of: 1))
        let order = Order()
        let later = Task {
            let granted = try await locks().acquire(1, of: 1)
            order.append("began later")
            granted?.release()
        }
        try await Task.sleep(for: .milliseconds(200))
        let earlier = Task {
            let granted = try await locks().acquire(1, of: 1, since: began)
            order.append("began earlier")
            try await Task.sleep(for: .milliseconds(300))
            granted?.release()
        }
        try await Task.sleep(for: .milliseconds(300))
        held.release()
        try await earlier.value
        try await later.value
        #expect(order.names == ["began earlier", "began later"])
    }

    /// Who got the slot, in order.
    final class Order: Sendable {
        private let log = Mutex<[String]>([])
        func append(_ name: String) { log.withLock { $0.append(name) } }
        var names: [String] { log.withLock { $0 } }
    }

    @Test func aTicketWhoseWaiterIsGoneIsRemovedAndHoldsNobodyUp() async throws {
        let root = try SlotLocksTests.root()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let locks = SlotLocks(baseURL: "http://127.0.0.1:8080", root: root)
        let folder = try #require(locks.folder)
        // An older ticket nobody holds: its process exited while it waited.
        let stale = folder + "/ticket-00000000000000000001-1-1"
        #expect(FileManager.default.createFile(atPath: stale, contents: nil))
        let granted = try await locks.acquire(1, of: 1)
        #expect(granted?.count == 1)
        granted?.release()
        #expect(!FileManager.default.fileExists(atPath: stale))
    }

    @Test func aCancelledWaiterLeavesTheQueue() async throws {
        let root = try SlotLocksTests.root()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let locks = SlotLocks(baseURL: "http://127.0.0.1:8080", root: root)
        let folder = try #require(locks.folder)
        let held = try #require(try await locks.acquire(1, of: 1))
        let waiting = Task { try await SlotLocks(baseURL: "http://127.0.0.1:8080", root: root).acquire(1, of: 1) }
        try await Task.sleep(for: .milliseconds(200))
        #expect(SlotLocks.Ticket.waiting(in: folder, before: nil) == 1)
        waiting.cancel()
        _ = try? await waiting.value
        #expect(SlotLocks.Ticket.waiting(in: folder, before: nil) == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("ticket-") }.isEmpty)
        held.release()
    }
}
