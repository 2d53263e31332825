import Testing

/// `.measuresTime`: the suite's tests assert on elapsed time (a timeout fires within its bound,
/// a queued request gives up with the one before it), so their code runs on threads of its own
/// (``OwnThreadExecutor``), with no limit on how many at once.
///
/// In a parallel run, tests that compute for seconds occupy the cooperative pool's threads (two
/// on a 2-core machine); an async test's timers and resumed awaits queue behind them, and a
/// 1-second timeout was measured at 31 seconds. On threads of its own, a test's jobs (and the
/// default actors it calls, which follow the task's executor preference) wait only for a core.
public struct MeasuresTimeTrait: SuiteTrait, TestTrait, TestScoping {
    /// On a suite, the trait applies to each of its test cases.
    public var isRecursive: Bool { true }

    /// Runs `function` on threads of its own.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await OwnThreadExecutor.run(function)
    }
}

extension Trait where Self == MeasuresTimeTrait {
    /// Runs the suite's tests (or the test) on threads of their own, so work elsewhere in a
    /// parallel run cannot delay their timers (see ``MeasuresTimeTrait``).
    public static var measuresTime: Self { Self() }
}
