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
    func run(_ body: () throws -> Void) throws {
        try withoutActuallyEscaping(body) { body in
            let done = DispatchSemaphore(value: 0)
            var failure: (any Error)?
            condition.lock()
            jobs.append {
                do { try body() } catch { failure = error }
                done.signal()
            }
            condition.signal()
            condition.unlock()
            done.wait()
            if let failure { throw failure }
        }
    }
}
