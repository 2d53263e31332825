public import GuidedBackends
import Synchronization

/// Runs work against a deadline and returns at the deadline even if the work lingers (it is
/// cancelled, and its late result is dropped).
enum Deadline {
    enum Result<T: Sendable>: Sendable {
        case value(T)
        case failed(BackendError)
        case expired
    }

    static func run<T: Sendable>(until deadline: ContinuousClock.Instant,
                                 _ work: @escaping @Sendable () async throws(BackendError) -> T) async -> Result<T> {
        guard ContinuousClock.now < deadline else { return .expired }
        let once = Once()
        return await withCheckedContinuation { (continuation: CheckedContinuation<Result<T>, Never>) in
            let worker = Task {
                let result: Result<T>
                do throws(BackendError) {
                    result = .value(try await work())
                } catch {
                    result = .failed(error)
                }
                if once.claim() { continuation.resume(returning: result) }
            }
            Task {
                try? await Task.sleep(until: deadline, clock: .continuous)
                if once.claim() {
                    worker.cancel()
                    continuation.resume(returning: .expired)
                }
            }
        }
    }
}

/// True for the first caller only.
final class Once: Sendable {
    private let taken = Mutex(false)

    func claim() -> Bool {
        taken.withLock { taken in
            defer { taken = true }
            return !taken
        }
    }
}
