import Foundation

/// A task executor that runs every job on a new thread of its own.
///
/// Tests that block a thread (waiting for a child process, a package build, a pipe, `usleep`)
/// would otherwise block one of the threads of Swift's shared cooperative pool, and on a
/// 2-core machine that pool has two: two such tests running in parallel stall every other
/// test's awaits and timers for as long as they block. Code run under ``run(_:)`` (and the
/// child tasks it starts) runs here instead.
///
/// ```swift
/// try await OwnThreadExecutor.run { try runTheBuildAndWait() }
/// ```
public final class OwnThreadExecutor: TaskExecutor, Sendable {
    /// The one instance (it holds no state).
    public static let shared = OwnThreadExecutor()

    /// Starts a thread (with an 8 MiB stack, as the pool's threads have) that runs `job`.
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        let thread = Thread { job.runSynchronously(on: executor) }
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// Runs `body`, and every child task it starts, on threads of their own.
    public static func run<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        try await withTaskExecutorPreference(shared) { try await body() }
    }
}
