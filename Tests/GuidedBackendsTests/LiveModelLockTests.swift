import GuidedTestTraits
import Synchronization
import Testing

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

    @Test func aNestedRunGoesStraightThrough() async {
        let value = await LiveModelLock.run { await LiveModelLock.run { 42 } }
        #expect(value == 42)
    }
}
