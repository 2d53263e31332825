import Guided
import Synchronization

/// A backend passed through unchanged, counting the tokens of every generation that came back
/// (shipped or later rejected by a check), for tokens per second.
final class MeteredBackend: LanguageModelBackend {
    let inner: any LanguageModelBackend
    private let counts = Mutex((generations: 0, tokens: 0))

    var name: String { inner.name }
    var kind: String { inner.kind }
    var capabilities: BackendCapabilities { inner.capabilities }

    init(_ inner: any LanguageModelBackend) { self.inner = inner }

    /// Generations that came back, and the tokens they generated.
    var totals: (generations: Int, tokens: Int) { counts.withLock { $0 } }

    func availability() async -> BackendAvailability { await inner.availability() }

    func respond(to request: BackendRequest) async throws(BackendError) -> BackendResponse {
        let response = try await inner.respond(to: request)
        counts.withLock {
            $0.generations += 1
            $0.tokens += response.tokensGenerated ?? 0
        }
        return response
    }

    func tokenCount(of text: String) async throws(BackendError) -> TokenCount { try await inner.tokenCount(of: text) }
    func contextSize() async throws(BackendError) -> Int { try await inner.contextSize() }
}
