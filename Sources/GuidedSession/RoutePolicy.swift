/// How the router walks a chain of backends.
public struct RoutePolicy: Sendable {
    /// The longest a whole request may take, across every backend; then the fallback.
    public var deadline: Duration
    /// How many times one backend is tried before moving on.
    public var attemptsPerBackend: Int
    /// How long an availability answer is trusted, so a dead backend costs microseconds, not a
    /// connection attempt, on the next request.
    public var availabilityTTL: Duration

    /// Creates a policy.
    public init(deadline: Duration = .seconds(60), attemptsPerBackend: Int = 1, availabilityTTL: Duration = .seconds(5)) {
        self.deadline = deadline
        self.attemptsPerBackend = max(1, attemptsPerBackend)
        self.availabilityTTL = availabilityTTL
    }
}
