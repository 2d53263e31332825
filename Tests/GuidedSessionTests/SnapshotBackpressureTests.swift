import GuidedTestSupport
import Synchronization
import Testing

@testable import GuidedSession

/// A consumer that reads a streamed response more slowly than the backend writes it keeps a
/// bounded number of snapshots, the newest ones, and every event that is not a partial (issue
/// 23's probe: a server streaming many small events made memory grow by about 1 GB/s, each
/// snapshot the whole text so far, queued without bound).
@Suite struct SnapshotBackpressureTests {
    enum Snapshot: Equatable, Sendable {
        case partial(String)
        case restarted(Int)
        case complete
    }

    /// 10,000 partials of one attempt, a restart, 10,000 of the next, then the outcome, all written
    /// before anything is read.
    @Test func aReaderThatFallsBehindGetsTheNewestPartialsAndEveryOtherEvent() async throws {
        let written = Mutex(false)
        let stream = SnapshotQueue<Snapshot>.stream(partial: { _, text in .partial(text) }) { queue in
            for attempt in 0..<2 {
                if attempt > 0 { queue.event(.restarted(attempt)) }
                for length in 1...10_000 { queue.partial(backend: "b", text: String(repeating: "a", count: length)) }
            }
            queue.event(.complete)
            written.withLock { $0 = true }
        }
        #expect(await eventually(within: .seconds(60)) { written.withLock { $0 } })
        var seen: [Snapshot] = []
        for try await snapshot in stream { seen.append(snapshot) }
        let capacity = SnapshotQueue<Snapshot>.capacity
        // The first `capacity - 1` partials wait in the queue; from then on each new one replaces the
        // last unread; the restart and the outcome are kept in place.
        let firstAttempt = (1..<capacity).map { Snapshot.partial(String(repeating: "a", count: $0)) }
        #expect(
            seen
                == firstAttempt + [
                    .partial(String(repeating: "a", count: 10_000)), .restarted(1),
                    .partial(String(repeating: "a", count: 10_000)), .complete,
                ])
    }

    @Test func aReaderThatKeepsUpSeesEverySnapshot() async throws {
        let stream = SnapshotQueue<Snapshot>.stream(partial: { _, text in .partial(text) }) { queue in
            for length in 1...5 { queue.partial(backend: "b", text: String(repeating: "a", count: length)) }
            queue.event(.complete)
        }
        var seen: [Snapshot] = []
        for try await snapshot in stream { seen.append(snapshot) }
        #expect(seen == (1...5).map { .partial(String(repeating: "a", count: $0)) } + [.complete])
    }

    @Test func droppingTheStreamCancelsTheProducer() async throws {
        let cancelled = Mutex(false)
        var stream: AsyncThrowingStream<Snapshot, any Error>? = SnapshotQueue<Snapshot>.stream(partial: { _, text in
            .partial(text)
        }) { queue in
            while !Task.isCancelled { try? await Task.sleep(for: .milliseconds(5)) }
            cancelled.withLock { $0 = true }
        }
        #expect(stream != nil)
        stream = nil
        #expect(await eventually(within: .seconds(30)) { cancelled.withLock { $0 } })
    }

    @Test func theProducersErrorEndsTheStreamAfterWhatWasWritten() async throws {
        struct Failure: Error {}
        let stream = SnapshotQueue<Snapshot>.stream(partial: { _, text in .partial(text) }) { queue in
            queue.partial(backend: "b", text: "a")
            throw Failure()
        }
        var seen: [Snapshot] = []
        await #expect(throws: Failure.self) { for try await snapshot in stream { seen.append(snapshot) } }
        #expect(seen == [.partial("a")])
    }
}
