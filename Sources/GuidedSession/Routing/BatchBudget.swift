import GuidedBackends

/// How long generations have taken on each backend during one route, so the router does not
/// start a generation that cannot finish before the deadline: a batch of candidates, or another
/// attempt, is started only while the longest one so far on that backend still fits in the time
/// left. The first generation on a backend always starts (nothing is known of it yet); the
/// deadline race still bounds it.
struct BatchBudget: Sendable {
    private var longest: [String: Duration] = [:]

    /// Records that one generation on `backend` took `duration`.
    mutating func record(_ duration: Duration, on backend: String) {
        longest[backend] = max(longest[backend] ?? .zero, duration)
    }

    /// Why another generation on `backend` must not start with `remaining` of the route's
    /// `deadline` left, or nil when it fits (or nothing is known of the backend yet).
    func refusal(on backend: String, remaining: Duration, deadline: Duration) -> FallbackReason? {
        guard let longest = longest[backend], longest > remaining else { return nil }
        return FallbackReason(
            .deadlineExceeded,
            "stopped before the deadline of \(deadline): a generation on \(backend) has taken up to "
                + "\(longest.secondsText), and \(remaining.secondsText) remain")
    }

}
