import GuidedBackends
import GuidedSchema
import Synchronization
import Testing

/// A backend's stream holds at most `BackendStreaming.bufferedEvents` events for a consumer
/// that is behind: the second probe's 40,000-event stream held 600 MB of snapshots.
@Suite struct BackendStreamingBufferTests {
    @Test func aConsumerThatReadsLateGetsTheNewestSnapshotsAndTheResponse() async throws {
        let produced = Mutex(false)
        let stream = BackendStreaming.stream(backend: "b") { continuation in
            for index in 0..<10_000 { continuation.yield(.partial("snapshot \(index)")) }
            produced.withLock { $0 = true }
            return BackendResponse(
                backend: "b", content: "done", text: "done", tokensGenerated: 1, promptTokens: 1,
                stopReason: .endOfSequence, milliseconds: 1, tokensPerSecond: nil)
        }
        while !produced.withLock({ $0 }) { await Task.yield() } // read only once everything is written
        var partials: [String] = []
        var response: BackendResponse?
        for try await event in stream {
            switch event {
            case .partial(let text): partials.append(text)
            case .complete(let value): response = value
            }
        }
        #expect(response?.content == "done")
        #expect(partials.count <= BackendStreaming.bufferedEvents)
        #expect(partials.last == "snapshot 9999")
    }
}
