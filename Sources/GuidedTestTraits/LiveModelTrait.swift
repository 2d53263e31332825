import Testing

/// `.liveModel`: the suite or test drives the embedded model (its own llama-server generating on
/// the machine's cores), so it runs only while no other live-model test runs, here or in another
/// test run on the machine (``LiveModelLock``). The rest of the tests still run beside it. Its
/// code runs on threads of its own (``OwnThreadExecutor``): a test that waits for a child
/// process for a minute blocks none of the cooperative pool's threads the other tests need.
///
/// On a suite, the lock is held once for the whole suite (its tests share one server).
public struct LiveModelTrait: SuiteTrait, TestTrait, TestScoping {
    /// Runs `function` holding the live-model lock, on threads of its own.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await LiveModelLock.run { try await OwnThreadExecutor.run(function) }
    }
}

extension Trait where Self == LiveModelTrait {
    /// Serializes the suite or test with every other live-model test (see ``LiveModelTrait``).
    public static var liveModel: Self { Self() }
}
