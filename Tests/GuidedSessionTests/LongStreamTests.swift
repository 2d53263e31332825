import Guided
import GuidedTestTraits
import Synchronization
import Testing

/// A stream of very many partial snapshots costs each one the same: the probe's 40,000 one-token
/// events crashed `guided generate --stream` with a stack overflow after 20 s, because the
/// progress handler gained two re-abstraction thunks per snapshot (`ProgressGate`).
@Suite(.measuresTime) struct LongStreamTests {
    /// Streams `count` partials, then the scripted output.
    struct ChattyBackend: LanguageModelBackend {
        let name = "chatty"
        let kind = "scripted"
        let capabilities = ScriptedBackend.everything
        let count: Int
        let inner = ScriptedBackend("chatty", answers: [.output(RouterTests.good)])

        func respond(to request: BackendRequest) async throws(BackendError) -> BackendResponse {
            try await inner.respond(to: request)
        }

        func streamResponse(to request: BackendRequest) -> AsyncThrowingStream<BackendStreamEvent, any Error> {
            BackendStreaming.stream(backend: name) { continuation in
                for _ in 0..<count { continuation.yield(.partial("{")) }
                return try await self.respond(to: request)
            }
        }

        func contextSize() async throws(BackendError) -> Int { 1 << 20 }
    }

    /// A consumer that falls behind sees the newest snapshots, not all of them
    /// (``BackendStreaming/bufferedEvents``); the output ships either way.
    @Test func fortyThousandPartialsEndInTheShippedOutput() async {
        let seen = Mutex(0)
        let result = await Router().route(
            RouterTests.request, through: [ChattyBackend(count: 40_000)],
            progress: { progress in
                if case .partial = progress { seen.withLock { $0 += 1 } }
            })
        #expect(result.content == RouterTests.good)
        #expect((1...40_000).contains(seen.withLock { $0 }))
    }
}
