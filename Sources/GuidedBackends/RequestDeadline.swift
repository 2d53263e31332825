/// The instant the request now being generated must be done by, as the router's deadline says,
/// for the backend that serves it: a backend that waits for a busy server can then see, when its
/// turn comes, whether the time left still holds a generation (``BackendError/Code/deadlineTooClose``).
/// Nil outside a routed request.
package enum RequestDeadline {
    /// The deadline of the request this task generates for.
    @TaskLocal package static var instant: ContinuousClock.Instant?
}
