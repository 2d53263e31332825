import GuidedTestTraits
import Synchronization
import Testing

/// The limit `.ownThreads` tests share (``BlockingTestLimit``): never more bodies at once than
/// its width, every waiting body runs in the end, and a body that throws frees its place.
@Suite struct BlockingTestLimitTests {
    /// How many bodies are inside now, the most there ever were, and how many finished.
    final class Occupancy: Sendable {
        private let counts = Mutex((now: 0, most: 0, done: 0))

        func enter() { counts.withLock { $0 = (now: $0.now + 1, most: max($0.most, $0.now + 1), done: $0.done) } }
        func leave() { counts.withLock { $0 = (now: $0.now - 1, most: $0.most, done: $0.done + 1) } }
        var most: Int { counts.withLock { $0.most } }
        var done: Int { counts.withLock { $0.done } }
    }

    struct Planned: Error {}

    @Test func neverRunsMoreThanItsWidthAndRunsEveryBody() async throws {
        let limit = BlockingTestLimit(width: 2)
        let occupancy = Occupancy()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<10 {
                group.addTask {
                    try? await limit.run {
                        occupancy.enter()
                        defer { occupancy.leave() }
                        try await Task.sleep(for: .milliseconds(5))
                        if index % 3 == 0 { throw Planned() }
                    }
                }
            }
        }
        #expect(occupancy.most <= 2 && occupancy.most >= 1)
        #expect(occupancy.done == 10)
    }
}
