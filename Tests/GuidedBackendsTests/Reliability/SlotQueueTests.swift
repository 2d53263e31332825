import CanonicalSchemas
import Foundation
import Guided
import GuidedLlamaServer
import GuidedTestSupport
import GuidedTestTraits
import Synchronization
import Testing

/// More requests than llama-server has slots (found by the live soak: 8 at once on `-np 4`).
/// llama-server queues the surplus without sending a byte, so a queued streamed request looked
/// like a silent server and the idle timeout gave up on it. Requests beyond the server's slots
/// (`total_slots` from `/props`) now wait in the client, where the idle clock has not started —
/// while a server that is really silent still costs a queued request at most the idle timeout.
@Suite(.measuresTime) struct SlotQueueTests {
    static let request = BackendRequest(
        prompt: "Rewrite: parcel delayed to Friday", schema: RewrittenNotification.generationSchema,
        options: GenerationOptions(maximumResponseTokens: 64))
    static let idle: Duration = .seconds(1)
    /// The idle timeout while the stub serves: longer than one generation (2 s), shorter than the
    /// third request's wait behind two (4 s), so a request queued in the server still times out,
    /// while a CI run that delays a few events by a second no longer looks like a silent server
    /// (1 s did, for 2 of 3 requests, on a loaded 2-core machine).
    static let servingIdle: Duration = .seconds(3)

    /// A stub llama-server with one slot, serving generations one at a time as llama-server
    /// does: a request that arrives while the slot is busy gets nothing (not even a head) until
    /// the slot frees, then its stream. Counts the requests that had to queue in the server.
    final class OneSlotServer: Sendable {
        let server: StubHTTPServer
        private let slot = Slot()

        /// When the slot frees, and how many requests arrived while it was busy.
        final class Slot: Sendable {
            let busyUntil = Mutex(ContinuousClock.now)
            let queuedInServer = Mutex(0)
        }
        /// Events one generation sends, `spacing` apart: one character each, 2 s in all (twice
        /// the 1 s idle timeout), while a gap between two events is a twentieth of it, so a loaded
        /// machine delaying a few events still never looks silent.
        static let events =
            Array(#"{"text":"Your parcel arrives on Friday."}"#).map {
                "data: {\"content\":\(jsonString(String($0))),\"stop\":false}\n\n"
            } + [
                #"data: {"content":"","stop":true,"stop_type":"eos","truncated":false,"tokens_predicted":9,"tokens_evaluated":20}"#
                    + "\n\n"
            ]
        static let spacing: Duration = .milliseconds(50)

        init(silent: Bool = false) throws {
            server = try StubHTTPServer()
            server.route("GET", "/health") { _ in .json(#"{"status":"ok"}"#) }
            server.route("GET", "/props") { _ in
                .json(#"{"default_generation_settings":{"n_ctx":4096},"total_slots":1}"#)
            }
            server.route("POST", "/tokenize") { _ in .json(#"{"tokens":[1,2,3,4,5]}"#) }
            let slot = slot
            server.route("POST", "/completion") { _ in
                if silent { return .hang }
                let length = Self.spacing * (Self.events.count - 1)
                let start = slot.busyUntil.withLock { busy -> ContinuousClock.Instant in
                    let start = max(.now, busy)
                    busy = start + length
                    return start
                }
                if start > .now {
                    slot.queuedInServer.withLock { $0 += 1 }
                    Thread.sleep(forTimeInterval: Double((start - .now).components.attoseconds) / 1e18)
                }
                return .sse(Self.events, delay: Self.spacing)
            }
        }

        var queued: Int { slot.queuedInServer.withLock { $0 } }
        var baseURL: String { server.baseURL }
        func stop() { server.stop() }
    }

    static func backend(_ server: OneSlotServer, idle: Duration = idle) -> LlamaServerBackend {
        LlamaServerBackend(name: "local", baseURL: server.baseURL, idleTimeout: idle)
    }

    /// One request through each of `backends`, all at once: each one's text, or its error.
    static func respondAtOnce(through backends: [LlamaServerBackend]) async -> [String] {
        await withTaskGroup(of: String.self) { group in
            for backend in backends {
                group.addTask {
                    do throws(BackendError) {
                        return try await backend.respond(to: Self.request).content["text"]?.stringValue ?? "?"
                    } catch {
                        return "\(error)"
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
    }

    @Test func requestsBeyondTheSlotsWaitForASlotInsteadOfTimingOut() async throws {
        let server = try OneSlotServer()
        defer { server.stop() }
        let backend = Self.backend(server, idle: Self.servingIdle)
        // Three at once on one slot: each generation takes 2 s, so the third waits 4 s — longer
        // than the idle timeout — yet the server is never silent for long to the requests it
        // serves.
        let outcomes = await Self.respondAtOnce(through: [backend, backend, backend])
        #expect(outcomes == Array(repeating: "Your parcel arrives on Friday.", count: 3))
        #expect(server.queued == 0, "requests beyond the slot waited in the server, where the idle clock runs")
    }

    /// Three processes on one server: each has a backend (and a gate) of its own, so only the
    /// slot locks they share keep the second and third from queueing in the server, where the
    /// third would wait 4 s with its idle clock running.
    @Test func requestsOfOtherProcessesWaitForTheSlotToo() async throws {
        let server = try OneSlotServer()
        defer { server.stop() }
        let outcomes = await Self.respondAtOnce(
            through: (0..<3).map { _ in Self.backend(server, idle: Self.servingIdle) })
        #expect(outcomes == Array(repeating: "Your parcel arrives on Friday.", count: 3))
        #expect(server.queued == 0, "a request of another process waited in the server, where the idle clock runs")
    }

    /// How long a queued request may wait on a silent server is checked exactly, on a manual
    /// clock, in `SlotGateTests`; here, that what a request sees through the backend is the typed
    /// idle timeout, for the one sent and the ones queued behind it alike.
    @Test func aSilentServerEndsEveryQueuedRequestWithTheIdleTimeout() async throws {
        let server = try OneSlotServer(silent: true)
        defer { server.stop() }
        let backend = Self.backend(server)
        let started = ContinuousClock.now
        let errors = await withTaskGroup(of: BackendError?.self) { group in
            for _ in 0..<3 {
                group.addTask {
                    do throws(BackendError) {
                        _ = try await backend.respond(to: Self.request)
                        return nil
                    } catch {
                        return error
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(errors.map { $0?.code } == [.timeout, .timeout, .timeout])
        #expect(errors.allSatisfy { $0?.message.contains("idle timeout") == true }, "\(errors)")
        // Only a hang is caught on real time: three idle timeouts one after another take 3 s.
        let elapsed = ContinuousClock.now - started
        #expect(elapsed < .seconds(30), "three requests on a silent one-slot server took \(elapsed)")
    }

    @Test func cancellingAQueuedRequestEndsItsWaitAtOnce() async throws {
        let server = try OneSlotServer(silent: true)
        defer { server.stop() }
        let backend = LlamaServerBackend(name: "local", baseURL: server.baseURL, idleTimeout: .seconds(30))
        let first = Task { try await backend.respond(to: Self.request) }
        // The first holds the slot once the server has it (an event, not a guess at how long).
        let holding = ContinuousClock.now + .seconds(20)
        while server.server.requests(to: "/completion").isEmpty, ContinuousClock.now < holding {
            try await Task.sleep(for: .milliseconds(20))
        }
        let queued = Task { try await backend.respond(to: Self.request) }
        try await Task.sleep(for: .milliseconds(300))
        queued.cancel()
        let result = await queued.result
        first.cancel()
        _ = await first.result
        guard case .failure(let error as BackendError) = result else {
            Issue.record("a cancelled queued request came back with \(result)")
            return
        }
        #expect(error.code == .cancelled, "\(error)")
        #expect(server.server.requests(to: "/completion").count == 1, "the cancelled request was sent")
    }
}
