/// Polls `condition` every 10 ms until it holds, or gives up after `timeout` (a ceiling for a
/// broken build, far above the time a working one takes).
public func eventually(within timeout: Duration = .seconds(30), _ condition: @Sendable () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return condition()
}
