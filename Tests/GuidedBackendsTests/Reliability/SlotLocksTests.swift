import Foundation
import GuidedLlamaServer
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
        // While it waits for both, the waiter holds neither: the free slot is still free.
        let free = try #require(try await one.acquire(1, of: 2))
        free.release()
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
