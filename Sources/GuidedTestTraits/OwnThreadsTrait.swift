import Testing

/// `.ownThreads`: the suite's or test's code blocks its thread (it waits for a child process:
/// the `guided` tool, llama.cpp's grammar checker, a package build), so it runs on threads of
/// its own (``OwnThreadExecutor``) and leaves the cooperative pool's few threads (two on a
/// 2-core machine) to the async tests running beside it, whose timers and awaits would
/// otherwise stall for as long as it blocks.
///
/// At most ``BlockingTestLimit/width`` such tests run at once (``BlockingTestLimit``): a
/// hundred command-line tests started together would start a hundred processes.
public struct OwnThreadsTrait: SuiteTrait, TestTrait, TestScoping {
    /// On a suite, the trait applies to each of its test cases, so each takes its own turn.
    public var isRecursive: Bool { true }

    /// Runs `function` on threads of its own once fewer than the limit's width are running.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await BlockingTestLimit.shared.run { try await OwnThreadExecutor.run(function) }
    }
}

extension Trait where Self == OwnThreadsTrait {
    /// Runs the suite's tests (or the test) on threads of their own, a few at a time (see
    /// ``OwnThreadsTrait``).
    public static var ownThreads: Self { Self() }
}
