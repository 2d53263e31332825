import GuidedBackends
import Synchronization

/// Availability answers per backend, trusted for a time. Shared by concurrent requests.
package final class AvailabilityCache: Sendable {
    private struct Entry {
        let availability: BackendAvailability
        let expires: ContinuousClock.Instant
    }

    private let entries = Mutex<[String: Entry]>([:])
    let ttl: Duration

    /// Creates a cache whose answers live for `ttl`.
    public init(ttl: Duration) { self.ttl = ttl }

    /// The cached answer for `backend`, or a fresh one (then cached).
    public func availability(of backend: any LanguageModelBackend) async -> BackendAvailability {
        let now = ContinuousClock.now
        if let entry = entries.withLock({ $0[backend.name] }), entry.expires > now { return entry.availability }
        let fresh = await backend.availability()
        record(fresh, for: backend.name)
        return fresh
    }

    /// Remembers an answer (e.g. "unreachable" after a request's connection was refused).
    public func record(_ availability: BackendAvailability, for name: String) {
        entries.withLock { $0[name] = Entry(availability: availability, expires: ContinuousClock.now + ttl) }
    }

    /// Forgets everything.
    public func clear() { entries.withLock { $0.removeAll() } }
}
