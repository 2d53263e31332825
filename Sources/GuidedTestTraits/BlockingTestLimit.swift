#if canImport(Glibc)
    import Glibc
#endif

/// A counting limit on tests that block threads (``OwnThreadsTrait``): ``run(_:)`` waits,
/// suspended rather than blocking, until fewer than ``width`` bodies are running.
public actor BlockingTestLimit {
    /// The limit every `.ownThreads` test shares.
    public static let shared = BlockingTestLimit(width: BlockingTestLimit.defaultWidth)

    /// The machine's online processors, at least 2: each blocking test mostly waits for a child
    /// process that uses about one core.
    public static var defaultWidth: Int { max(2, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }

    /// How many bodies may run at once.
    public let width: Int
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// A limit of `width` bodies at once (at least 1).
    public init(width: Int) { self.width = max(1, width) }

    /// Runs `body` once a place is free, and frees it after, whether `body` throws or not.
    public func run<T: Sendable>(_ body: @Sendable () async throws -> T) async rethrows -> T {
        await enter()
        defer { leave() }
        return try await body()
    }

    /// Waits, suspended, for a place (first come, first served); pair it with ``leave()``.
    func enter() async {
        if running < width {
            running += 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Frees a place, handing it straight to the next in line if any.
    func leave() {
        if waiting.isEmpty {
            running -= 1
        } else {
            waiting.removeFirst().resume() // the place passes straight to the next in line
        }
    }
}
