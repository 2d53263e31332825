import Guided
import Synchronization

/// The chaos backend first in the live soak's route: one request in `failEvery` goes to a
/// loopback ``ChaosServer`` playing a fault (the faults taken in turn), the others to the live
/// llama-server, answered under this backend's name. Every request still loads the live
/// server — most through this backend, the failed ones through the next backend in the route —
/// so the soak measures the model's real load while the router handles a failing first backend.
final class ChaosRelay: LanguageModelBackend {
    let name: String
    let kind = "chaos-relay"
    let live: any LanguageModelBackend
    /// One backend per fault, each pointed at its own chaos server.
    let faulty: [any LanguageModelBackend]
    let failEvery: Int
    private let received = Mutex(0)

    var capabilities: BackendCapabilities { live.capabilities }

    init(name: String, live: any LanguageModelBackend, faulty: [any LanguageModelBackend], failEvery: Int) {
        precondition(!faulty.isEmpty && failEvery > 0)
        self.name = name
        self.live = live
        self.faulty = faulty
        self.failEvery = failEvery
    }

    /// Where the next request goes: every `failEvery`-th to the next fault in turn.
    private func next() -> any LanguageModelBackend {
        let index = received.withLock { count in
            defer { count += 1 }
            return count
        }
        return index % failEvery == failEvery - 1 ? faulty[(index / failEvery) % faulty.count] : live
    }

    func availability() async -> BackendAvailability { await live.availability() }

    func respond(to request: BackendRequest) async throws(BackendError) -> BackendResponse {
        let target = next()
        do {
            var response = try await target.respond(to: request)
            response.backend = name
            return response
        } catch {
            var renamed = error
            renamed.backend = name
            throw renamed
        }
    }

    func streamResponse(to request: BackendRequest) -> AsyncThrowingStream<BackendStreamEvent, any Error> {
        next().streamResponse(to: request)
    }

    func tokenCount(of text: String) async throws(BackendError) -> TokenCount { try await live.tokenCount(of: text) }
    func contextSize() async throws(BackendError) -> Int { try await live.contextSize() }
}
