import Guided
import GuidedTestSupport
import Synchronization

/// A backend that starts generating and never finishes on its own: it records when a request
/// starts, whether cancellation reached it, and when its task has ended. With `honoursCancellation`
/// false it ignores cancellation until ``release()``, like a backend stuck in a blocking call.
final class CancellationProbe: LanguageModelBackend {
    private struct State {
        var started = 0
        var running = 0
        var cancelled = 0
        var held: [CheckedContinuation<Void, Never>] = []
        var released = false
    }

    let name: String
    let kind = "probe"
    let honoursCancellation: Bool
    let capabilities = BackendCapabilities(
        grammar: true, jsonSchema: true, greedy: true, topK: true, topP: true, seed: true,
        streaming: true, tokenCounting: false)
    private let state = Mutex(State())

    init(_ name: String = "probe", honoursCancellation: Bool = true) {
        self.name = name
        self.honoursCancellation = honoursCancellation
    }

    /// Requests that reached the backend.
    var started: Int { state.withLock { $0.started } }
    /// Requests whose task is still running.
    var running: Int { state.withLock { $0.running } }
    /// Requests that observed cancellation.
    var cancelled: Int { state.withLock { $0.cancelled } }

    func availability() async -> BackendAvailability { .available }

    func respond(to request: BackendRequest) async throws(BackendError) -> BackendResponse {
        state.withLock {
            $0.started += 1
            $0.running += 1
        }
        defer { state.withLock { $0.running -= 1 } }
        await withTaskCancellationHandler {
            if honoursCancellation {
                try? await Task.sleep(for: .seconds(3600))
            } else {
                await withCheckedContinuation { continuation in
                    let released = state.withLock { state in
                        if !state.released { state.held.append(continuation) }
                        return state.released
                    }
                    if released { continuation.resume() }
                }
            }
        } onCancel: {
            state.withLock { $0.cancelled += 1 }
        }
        throw BackendError(.cancelled, backend: name, "probe ended")
    }

    func streamResponse(to request: BackendRequest) -> AsyncThrowingStream<BackendStreamEvent, any Error> {
        BackendStreaming.stream(backend: name) { continuation in
            continuation.yield(.partial("{"))
            return try await self.respond(to: request)
        }
    }

    func tokenCount(of text: String) async throws(BackendError) -> TokenCount { .estimate(of: text) }
    func contextSize() async throws(BackendError) -> Int { 4096 }

    /// Lets held requests (of a backend that ignores cancellation) finish.
    func release() {
        let held = state.withLock { state in
            state.released = true
            defer { state.held = [] }
            return state.held
        }
        for continuation in held { continuation.resume() }
    }

    /// Whether `count` requests reached the backend (false if they had not after 30 s).
    func waitUntilStarted(_ count: Int = 1) async -> Bool {
        await eventually(within: .seconds(30)) { self.started >= count }
    }

    /// Whether every request's task ended (false if one still ran after 30 s).
    func waitUntilIdle() async -> Bool {
        await eventually(within: .seconds(30)) { self.running == 0 }
    }
}
