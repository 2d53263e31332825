#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// One live-model test at a time on this machine.
///
/// Tests that drive the embedded model start their own llama-server and generate on the
/// machine's few cores; two of them at once (in parallel suites, or in two test runs) each run
/// several times slower, and their deadlines start to fire. ``run(_:)`` waits, without blocking
/// a thread, until no other live-model test holds the lock, in this process (a
/// ``BlockingTestLimit`` of width 1) or in another one (`flock` on a file in the temporary
/// directory), then runs the body.
///
/// ```swift
/// try await LiveModelLock.run { try await liveTestBody() }
/// ```
///
/// Nested calls in the same task tree (a live suite holding the lock while its tests run) go
/// straight through.
public enum LiveModelLock {
    /// How long to wait for another process's live tests before failing (a test run that hangs
    /// elsewhere must not hang this one, and a live test never runs without the lock): 15 minutes.
    public static let crossProcessPatience: Duration = .seconds(15 * 60)

    @TaskLocal private static var isHeld = false
    private static let queue = BlockingTestLimit(width: 1)

    /// Runs `body` while holding the lock.
    /// - Throws: ``LiveModelLockTimeout`` when another process held the lock for longer than
    ///   ``crossProcessPatience`` (or the lock file cannot be opened): the test fails instead of
    ///   running beside another live test.
    public static func run<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        try await run(patience: crossProcessPatience, path: lockPath, body)
    }

    /// ``run(_:)`` with another patience and lock file (for testing the timeout).
    static func run<T: Sendable>(patience: Duration, path: String, _ body: () async throws -> T) async throws -> T {
        if isHeld { return try await body() }
        await queue.enter()
        guard let file = await FileLock.acquire(path: path, patience: patience) else {
            Task { await queue.leave() }
            throw LiveModelLockTimeout(path: path)
        }
        defer {
            file.release()
            Task { await queue.leave() }
        }
        return try await $isHeld.withValue(true) { try await body() }
    }

    /// `$TMPDIR/guided-live-model.lock` (or under `/tmp`): shared by every checkout's tests.
    static var lockPath: String {
        let directory = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        return (directory.isEmpty ? "/tmp" : directory) + "/guided-live-model.lock"
    }
}

/// The machine-wide live-model lock was not had in time: another test run held it for longer
/// than ``LiveModelLock/crossProcessPatience``, or its file could not be opened.
public struct LiveModelLockTimeout: Error, CustomStringConvertible {
    /// The lock file.
    public let path: String
    /// What happened and what to do.
    public var description: String {
        "the live-model lock \(path) was not free within 15 minutes: another test run holds it; wait for it or end it"
    }
}

/// An exclusive `flock` on a file, polled without blocking so waiting costs no thread.
private struct FileLock: Sendable {
    let descriptor: Int32

    /// The lock, or nil when the file cannot be opened or `patience` ran out (the caller then
    /// runs unlocked rather than hang).
    static func acquire(path: String, patience: Duration) async -> FileLock? {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { return nil }
        let clock = ContinuousClock()
        let giveUp = clock.now + patience
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard clock.now < giveUp, (try? await Task.sleep(for: .milliseconds(200))) != nil else {
                close(descriptor)
                return nil
            }
        }
        return FileLock(descriptor: descriptor)
    }

    func release() {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
