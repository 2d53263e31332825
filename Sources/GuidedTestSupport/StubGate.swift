import Synchronization

/// A point in a streamed stub response that waits for the test, so a test can tell "the client
/// saw the first event while the server still held the rest" by an event instead of by timing.
///
/// ```swift
/// let gate = StubGate()
/// server.route("POST", "/completion") { _ in
///     .stream(status: 200, headers: [], chunks: [StubChunk("data: 1\n\n"), StubChunk("data: 2\n\n", after: gate)],
///             framing: .chunked)
/// }
/// // … read the first event, then:
/// #expect(gate.open() == .byTest)
/// ```
public final class StubGate: Sendable {
    /// Who opened the gate.
    public enum Opener: Sendable, Equatable {
        /// ``open()`` was called (the first time).
        case byTest
        /// Nobody did within the gate's patience, so the server went on by itself.
        case byPatience
    }

    private let opener = Mutex<Opener?>(nil)

    /// How long the server waits for ``open()`` before going on by itself, so a test whose
    /// client never reaches the point of opening fails instead of hanging.
    public let patience: Duration

    /// Creates a closed gate.
    /// - Parameter patience: How long the server waits for ``open()``. Default: 60 s.
    public init(patience: Duration = .seconds(60)) {
        self.patience = patience
    }

    /// Opens the gate; returns who opened it first (`.byPatience` means the server had given up
    /// waiting before this call).
    @discardableResult
    public func open() -> Opener {
        opener.withLock { opener in
            if opener == nil { opener = .byTest }
            return opener!
        }
    }

    /// Who opened the gate, or nil while it is closed.
    public var openedBy: Opener? { opener.withLock { $0 } }

    /// Waits until the gate opens or its patience runs out; `pause` sleeps a step and says
    /// whether to go on (false: the server stops or the peer left).
    func wait(pausing pause: (Duration) -> Bool) -> Bool {
        let clock = ContinuousClock()
        let giveUp = clock.now + patience
        while openedBy == nil {
            if clock.now >= giveUp {
                opener.withLock { opener in
                    if opener == nil { opener = .byPatience }
                }
                break
            }
            guard pause(.milliseconds(5)) else { return false }
        }
        return true
    }
}
