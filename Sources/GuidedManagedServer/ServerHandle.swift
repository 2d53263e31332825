/// A running llama-server as the managed backend holds it: one this process started and owns
/// (``ManagedServerProcess``), or one it shares with this user's other processes
/// (``SharedServerLease``).
protocol ServerHandle: Sendable {
    /// The port it listens on (127.0.0.1).
    var port: Int { get }
    /// Whether it is still running.
    var isRunning: Bool { get }
    /// Lets go of it: an owned server is stopped; a shared one is left to its other users (its
    /// supervisor stops it once none is left).
    func stop()
}

extension ManagedServerProcess: ServerHandle {}
