extension ContinuousClock.Instant {
    /// Milliseconds since this instant, for latencies in responses and traces.
    package var millisecondsAgo: Double {
        let elapsed = ContinuousClock.now - self
        return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
    }
}
