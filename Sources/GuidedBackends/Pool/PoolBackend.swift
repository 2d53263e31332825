import GuidedSchema

/// Equivalent servers (replicas) behind one backend name: requests go to the replica with the
/// fewest requests in flight, and a replica that fails as *down* (unreachable, transport,
/// timeout, loading) is skipped, with its reason, until `recovery` has passed — the request
/// moves to the next replica, so the router sees one backend that rarely fails.
///
/// ```json
/// {"name": "local", "kind": "pool", "members": [
///    {"kind": "llama-server", "url": "http://127.0.0.1:8080"},
///    {"kind": "llama-server", "url": "http://127.0.0.1:8081"}]}
/// ```
package final class PoolBackend: LanguageModelBackend {
    /// The configured name.
    public let name: String
    /// `pool`: the `kind` a configuration entry names to get this backend.
    public let kind = "pool"
    /// The replicas, in configuration order.
    public let members: [any LanguageModelBackend]
    let pool: ReplicaPool

    /// What at least one member can do: a request goes only to the members that can do what it
    /// asks (a top-k request in a pool of a llama-server and an OpenAI-compatible server goes to
    /// the llama-server), so a mixed pool refuses only what none of its members can do.
    public var capabilities: BackendCapabilities {
        members.dropFirst().reduce(members[0].capabilities) { $0.union($1.capabilities) }
    }

    /// The members' prompt style when they all share one; nil when they differ or do not say.
    public var promptStyle: PromptStyle? {
        let styles = Set(members.map(\.promptStyle))
        return styles.count == 1 ? styles.first! : nil
    }

    /// The members that cannot serve `request`, with the first one's reason; `nil` when every
    /// member can.
    private func unable(for request: BackendRequest) -> (members: Set<Int>, reason: String?) {
        var unable: Set<Int> = []
        var reason: String?
        for (index, member) in members.enumerated() {
            guard let why = member.capabilities.unsupportedReason(for: request) else { continue }
            unable.insert(index)
            reason = reason ?? "\(member.name): \(why.message)"
        }
        return (unable, reason)
    }

    private func noMemberCanServe(_ reason: String?) -> BackendError {
        BackendError(.unsupportedOption, backend: name, "no replica can serve this request: \(reason ?? "")")
    }

    /// Creates a pool over `members` (at least one); a failed replica sits out `recovery`.
    /// - Parameters:
    ///   - name: The backend name routes and outcomes use.
    ///   - members: The replicas, at least one.
    ///   - recovery: How long a replica that failed as down is skipped. Default: 5 s.
    ///   - now: The time `recovery` is measured on. Default: the continuous clock; a test passes
    ///     a time it moves by hand, so recovery is tested without waiting for it.
    public init(
        name: String, members: [any LanguageModelBackend], recovery: Duration = .seconds(5),
        now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }
    ) {
        precondition(!members.isEmpty, "a pool needs at least one member")
        self.name = name
        self.members = members
        self.pool = ReplicaPool(count: members.count, recovery: recovery, now: now)
    }

    /// How long a replica that failed as down is skipped (`recoverySeconds` in a configuration).
    package var recovery: Duration { pool.recovery }

    /// Replicas set aside, by member name, with the reason.
    package var unhealthyMembers: [String: String] {
        Dictionary(uniqueKeysWithValues: pool.unhealthy.map { (members[$0.key].name, $0.value) })
    }

    static func isDown(_ code: BackendError.Code) -> Bool {
        [.unavailable, .transport, .timeout].contains(code)
    }

    /// Available when any replica is; otherwise every replica's reason.
    public func availability() async -> BackendAvailability {
        var reasons: [String] = []
        for member in members {
            switch await member.availability() {
            case .available: return .available
            case .unavailable(let reason): reasons.append("\(member.name): \(reason.message)")
            }
        }
        return .unavailable(
            UnavailableReason(.unreachable, "no replica of \(name) can serve: " + reasons.joined(separator: "; ")))
    }

    /// Sends to the least busy healthy replica, moving on while replicas turn out to be down.
    public func respond(to request: BackendRequest) async throws(BackendError) -> BackendResponse {
        let (unable, reason) = unable(for: request)
        guard unable.count < members.count else { throw noMemberCanServe(reason) }
        var tried = unable
        var failures: [String] = []
        while let index = pool.checkOut(excluding: tried) {
            tried.insert(index)
            do {
                let response = try await members[index].respond(to: request)
                pool.checkIn(index)
                return response
            } catch {
                guard Self.isDown(error.code) else {
                    pool.checkIn(index)
                    throw error
                }
                pool.checkIn(index, unhealthy: error.message)
                failures.append("\(members[index].name): \(error.message)")
            }
        }
        let skipped = pool.unhealthy.filter { !tried.contains($0.key) }.map {
            "\(members[$0.key].name): set aside (\($0.value))"
        }
        throw BackendError(
            .unavailable, backend: name, "no replica could serve: " + (failures + skipped).joined(separator: "; "))
    }

    /// Streams from the least busy healthy replica (a replica that fails mid-stream ends the
    /// stream; the router moves on as for any backend).
    public func streamResponse(to request: BackendRequest) -> AsyncThrowingStream<BackendStreamEvent, any Error> {
        let (unable, reason) = unable(for: request)
        guard unable.count < members.count else {
            let error = noMemberCanServe(reason)
            return AsyncThrowingStream { $0.finish(throwing: error) }
        }
        guard let index = pool.checkOut(excluding: unable) else {
            return AsyncThrowingStream {
                $0.finish(throwing: BackendError(.unavailable, backend: self.name, "every replica is set aside"))
            }
        }
        let member = members[index]
        let pool = self.pool
        return AsyncThrowingStream(bufferingPolicy: .bufferingNewest(BackendStreaming.bufferedEvents)) { continuation in
            let task = Task {
                var down: String?
                do {
                    for try await event in member.streamResponse(to: request) { continuation.yield(event) }
                    continuation.finish()
                } catch let error as BackendError {
                    if Self.isDown(error.code) { down = error.message }
                    continuation.finish(throwing: error)
                } catch {
                    continuation.finish(throwing: error)
                }
                pool.checkIn(index, unhealthy: down)
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// The first member's count (replicas serve the same model).
    public func tokenCount(of text: String) async throws(BackendError) -> TokenCount {
        try await members[0].tokenCount(of: text)
    }

    /// The smallest context among the members.
    public func contextSize() async throws(BackendError) -> Int {
        var smallest = Int.max
        for member in members { smallest = min(smallest, try await member.contextSize()) }
        return smallest
    }
}
