extension ContinuousClock.Instant {
    /// Milliseconds since this instant, for latencies in responses and traces.
    public var millisecondsAgo: Double {
        let elapsed = ContinuousClock.now - self
        return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
    }
}

/// Token counts for backends whose API cannot count: an estimate of one token per four UTF-8
/// bytes, rounded up (their capabilities say `tokenCounting: false`).
@available(*, deprecated, message: "use TokenCount.estimate(of:), which says that it is an estimate")
public enum TokenEstimate {
    /// The estimated number of tokens `text` takes.
    public static func tokens(in text: String) -> Int { TokenCount.estimate(of: text).value }
}
