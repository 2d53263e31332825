import Foundation

/// Starts child processes from one thread that lives as long as this process.
///
/// `setpriv --pdeathsig` ties a server to its parent *thread*: Linux sends the signal when the
/// thread that spawned the child exits, not when the process does. Swift concurrency runs on
/// pool threads that come and go, so a server spawned from one was killed as soon as that thread
/// retired — seen: the demo's llama-server SIGKILLed mid-request a few seconds after it started,
/// every live request falling back. Spawning from a thread that never exits keeps "the server
/// dies with us" without "the server dies at random".
final class SpawningThread: @unchecked Sendable {
    /// The one spawning thread.
    static let shared = SpawningThread()

    private let condition = NSCondition()
    private var jobs: [() -> Void] = []

    private init() {
        let thread = Thread { [self] in loop() }
        thread.name = "guided-spawner"
        thread.start()
    }

    private func loop() {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job()
        }
    }

    /// Runs `body` on the spawning thread and waits for it (a spawn takes milliseconds).
    ///
    /// `body` is escaping on purpose: the spawning thread may still hold its job a moment after
    /// signalling, so a non-escaping closure (`withoutActuallyEscaping`) would trap as escaped.
    func run(_ body: @escaping () throws -> Void) throws {
        let done = DispatchSemaphore(value: 0)
        let outcome = Outcome()
        condition.lock()
        jobs.append {
            do { try body() } catch { outcome.error = error }
            done.signal()
        }
        condition.signal()
        condition.unlock()
        done.wait()
        if let error = outcome.error { throw error }
    }

    /// The job's error, written on the spawning thread before it signals and read after the wait.
    private final class Outcome: @unchecked Sendable {
        var error: (any Error)?
    }
}
