/// When the request now being generated began and when it must be done by, as the router's
/// deadline says, for the backend that serves it: a backend that waits for a busy server can then
/// serve waiting requests in the order they began (so one that already had a turn, for its first
/// candidate, goes before those that came after it), and see, when its turn comes, whether the
/// time left still holds a generation (``BackendError/Code/deadlineTooClose``).
/// Nil outside a routed request.
package struct RequestDeadline: Sendable {
    /// When the request began.
    package var began: ContinuousClock.Instant
    /// When it must be done.
    package var instant: ContinuousClock.Instant

    package init(began: ContinuousClock.Instant, instant: ContinuousClock.Instant) {
        self.began = began
        self.instant = instant
    }

    /// The deadline of the request this task generates for.
    @TaskLocal package static var current: RequestDeadline?
}
