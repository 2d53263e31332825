/// How the router walks a chain of backends: how long a request may take in all, how often
/// one backend is retried, and how long an availability answer is trusted.
///
/// ```swift
/// let router = Router(policy: RoutePolicy(deadline: .seconds(20), attemptsPerBackend: 2))
/// ```
///
/// A configuration's `routing` object sets the first two
/// (`{"routing": {"deadlineSeconds": 20, "attemptsPerBackend": 2}}`, read by
/// ``from(_:file:)``); sessions build their router from it.
public struct RoutePolicy: Sendable {
    /// The deadline when neither the code nor the configuration sets one: 60 s.
    public static let defaultDeadline: Duration = .seconds(60)
    /// The most tries per backend a configuration may ask for.
    package static let maximumAttemptsPerBackend = 100

    /// The longest a whole request may take, across every backend. When it passes, the
    /// attempt in progress is cancelled (its HTTP transfer aborted) and the request ends with
    /// ``FallbackReason/Code/deadlineExceeded``.
    public var deadline: Duration
    /// How many times one backend is tried (for failed or rejected output) before moving on.
    /// Errors that a retry cannot fix — unreachable, unsupported, over the context — move on
    /// at once.
    public var attemptsPerBackend: Int
    /// How long an availability answer is trusted, so a dead backend costs microseconds, not a
    /// connection attempt, on the next request.
    public var availabilityTTL: Duration
    /// The clock the deadline is measured on. Tests inject a clock they advance by hand, so
    /// deadline behaviour is checked without waiting and without depending on machine load.
    public var clock: any Clock<Duration>

    /// Creates a policy.
    /// - Parameters:
    ///   - deadline: The time budget of one request across the whole route. Default: 60 s.
    ///   - attemptsPerBackend: Tries per backend, at least 1. Default: 1.
    ///   - availabilityTTL: How long availability answers are cached. Default: 5 s.
    ///   - clock: The clock for the deadline. Default: `ContinuousClock()`.
    public init(
        deadline: Duration = RoutePolicy.defaultDeadline,
        attemptsPerBackend: Int = 1,
        availabilityTTL: Duration = .seconds(5),
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.deadline = deadline
        self.attemptsPerBackend = max(1, attemptsPerBackend)
        self.availabilityTTL = availabilityTTL
        self.clock = clock
    }
}
