import GuidedTestSupport
import Testing

/// `.ownThreads`: the suite's tests block their thread for a long time (a package build, a
/// benchmark run in a child process), so they run on threads of their own
/// (``OwnThreadExecutor``) and leave the cooperative pool's few threads to the tests running
/// beside them. Short process-running tests stay on the pool, which keeps them few at a time.
struct OwnThreadsTrait: SuiteTrait, TestTrait, TestScoping {
    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await OwnThreadExecutor.run(function)
    }
}

extension Trait where Self == OwnThreadsTrait {
    /// Runs the suite or test on threads of its own (see ``OwnThreadsTrait``).
    static var ownThreads: Self { Self() }
}
