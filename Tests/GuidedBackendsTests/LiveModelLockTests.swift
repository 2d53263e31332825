import Synchronization
import Testing

@testable import GuidedTestTraits

#if canImport(Glibc)
    import Glibc
#endif

/// The lock the live-model suites share (``LiveModelLock``): one body at a time, and a nested
/// run (a live test inside a live suite) goes straight through instead of waiting for itself.
@Suite struct LiveModelLockTests {
    /// How many bodies are inside the lock now, and the most there ever were.
    final class Occupancy: Sendable {
        private let counts = Mutex((now: 0, most: 0))

        func enter() { counts.withLock { $0 = (now: $0.now + 1, most: max($0.most, $0.now + 1)) } }
        func leave() { counts.withLock { $0.now -= 1 } }
        var most: Int { counts.withLock { $0.most } }
    }

    @Test func runsOneBodyAtATime() async throws {
        let occupancy = Occupancy()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    try await LiveModelLock.run {
                        occupancy.enter()
                        try await Task.sleep(for: .milliseconds(5))
                        occupancy.leave()
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(occupancy.most == 1)
    }

    @Test func aLockHeldElsewhereTooLongFailsTheTestInsteadOfRunningWithoutIt() async throws {
        // Another process's hold, played by a second open file description of a lock file of its own.
        let path = "/tmp/guided-live-model-lock-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).lock"
        let other = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o666)
        try #require(other >= 0)
        defer {
            close(other)
            unlink(path)
        }
        try #require(flock(other, LOCK_EX | LOCK_NB) == 0)
        let ran = Mutex(false)
        await #expect(throws: LiveModelLockTimeout.self) {
            try await LiveModelLock.run(patience: .milliseconds(300), path: path) { ran.withLock { $0 = true } }
        }
        #expect(!ran.withLock { $0 })
    }

    @Test func aNestedRunGoesStraightThrough() async throws {
        let value = try await LiveModelLock.run { try await LiveModelLock.run { 42 } }
        #expect(value == 42)
    }
}
