import CanonicalSchemas
import Foundation
import Guided
import GuidedTestSupport
import GuidedTestTraits
import Testing

@testable import GuidedLlamaServer
@testable import GuidedSession

/// A request that waited for a busy server's slot and got it with less of its deadline left than a
/// generation there takes gives the slot to the next waiter instead of being cut halfway (the
/// multi-process benchmark: at 16 processes on one slot, requests sent late were cut by their
/// deadline mid-generation, time the next request could have used).
@Suite(.measuresTime) struct DeadlineTooCloseTests {
    static let request = BackendRequest(
        prompt: "Rewrite: parcel delayed to Friday", schema: RewrittenNotification.generationSchema,
        options: GenerationOptions(maximumResponseTokens: 64))

    /// A one-slot stub llama-server that answers a valid notification at once.
    static func server() throws -> StubHTTPServer {
        let server = try StubHTTPServer()
        server.route("GET", "/health") { _ in .json(#"{"status":"ok"}"#) }
        server.route("GET", "/props") { _ in
            .json(#"{"default_generation_settings":{"n_ctx":4096},"total_slots":1}"#)
        }
        server.route("POST", "/tokenize") { _ in .json(#"{"tokens":[1,2,3,4,5]}"#) }
        server.route("POST", "/completion") { _ in
            .sse(
                [
                    #"data: {"content":"{\"text\":\"Your parcel arrives on Friday.\"}","stop":false}"# + "\n\n",
                    #"data: {"content":"","stop":true,"stop_type":"eos","truncated":false,"tokens_predicted":9,"tokens_evaluated":20}"#
                        + "\n\n",
                ], delay: .milliseconds(10))
        }
        return server
    }

    /// Holds the server's one slot, as another process would, until a request waits in the queue
    /// for it (its ticket is there), and 300 ms more: however slowly a busy test run brings the
    /// request to the queue, it waits.
    static func holdTheSlotUntilARequestWaits(on server: StubHTTPServer) async throws {
        let locks = SlotLocks(baseURL: server.baseURL)
        let folder = try #require(locks.folder)
        let other = try #require(try await locks.acquire(1, of: 1))
        Task {
            let patience = ContinuousClock.now + .seconds(120)
            while SlotLocks.Ticket.waiting(in: folder, before: nil) == 0, ContinuousClock.now < patience {
                try? await Task.sleep(for: .milliseconds(20))
            }
            try? await Task.sleep(for: .milliseconds(300))
            other.release()
        }
    }

    /// Stops the stub and forgets what was recorded for its address, which a later stub of the
    /// test run may be given.
    static func stop(_ server: StubHTTPServer) {
        if let folder = SlotLocks(baseURL: server.baseURL).folder { unlink(folder + "/last-generation") }
        server.stop()
    }

    static func completions(_ server: StubHTTPServer) -> Int {
        server.requests.filter { $0.path == "/completion" }.count
    }

    @Test func aRequestWhoseTurnComesTooLateGivesItBackUnsent() async throws {
        let server = try Self.server()
        defer { Self.stop(server) }
        let backend = LlamaServerBackend(name: "local", baseURL: server.baseURL)
        SlotLocks(baseURL: server.baseURL).record(generation: .seconds(300))
        try await Self.holdTheSlotUntilARequestWaits(on: server)
        let error = await #expect(throws: BackendError.self) {
            try await RequestDeadline.$current.withValue(RequestDeadline(began: .now, instant: .now + .seconds(60))) {
                try await backend.respond(to: Self.request)
            }
        }
        #expect(error?.code == .deadlineTooClose, "\(String(describing: error))")
        #expect(
            error?.message.contains("a generation there lately took 300.0 s") == true, "\(String(describing: error))")
        #expect(Self.completions(server) == 0, "nothing was sent")
        // The slot was given back: the next request has it at once.
        let next = try #require(try await SlotLocks(baseURL: server.baseURL).acquire(1, of: 1))
        next.release()
    }

    @Test func aRequestThatDidNotWaitIsSentAsBefore() async throws {
        let server = try Self.server()
        defer { Self.stop(server) }
        let backend = LlamaServerBackend(name: "local", baseURL: server.baseURL)
        SlotLocks(baseURL: server.baseURL).record(generation: .seconds(300))
        let response = try await RequestDeadline.$current.withValue(
            RequestDeadline(began: .now, instant: .now + .seconds(60))
        ) {
            try await backend.respond(to: Self.request)
        }
        #expect(response.content["text"]?.stringValue == "Your parcel arrives on Friday.")
        #expect(Self.completions(server) == 1)
    }

    @Test func aGenerationIsRecordedForTheNextWaiters() async throws {
        let server = try Self.server()
        defer { Self.stop(server) }
        let backend = LlamaServerBackend(name: "local", baseURL: server.baseURL)
        // A record left by an earlier stub of this address (ports are reused) is not this one's.
        if let folder = SlotLocks(baseURL: server.baseURL).folder { unlink(folder + "/last-generation") }
        #expect(SlotLocks(baseURL: server.baseURL).lastGeneration() == nil)
        _ = try await backend.respond(to: Self.request)
        let recorded = try #require(SlotLocks(baseURL: server.baseURL).lastGeneration())
        #expect(recorded < .seconds(300))
    }

    /// A record older than its lifetime may be another server's that had this address: ignored.
    @Test func anOldRecordIsIgnored() throws {
        let root = NSTemporaryDirectory() + "guided-old-record-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let locks = SlotLocks(baseURL: "http://127.0.0.1:9", root: root)
        locks.record(generation: .seconds(12))
        #expect(locks.lastGeneration() == .seconds(12))
        let folder = try #require(locks.folder)
        let old = time(nil) - Int(SlotLocks.recordLifetime.components.seconds) - 60
        var times = [timeval(tv_sec: old, tv_usec: 0), timeval(tv_sec: old, tv_usec: 0)]
        #expect(utimes(folder + "/last-generation", &times) == 0)
        #expect(locks.lastGeneration() == nil)
    }

    @Test func theRouteEndsAtOnceWithDeadlineExceeded() async throws {
        let server = try Self.server()
        defer { Self.stop(server) }
        let backend = LlamaServerBackend(name: "local", baseURL: server.baseURL)
        SlotLocks(baseURL: server.baseURL).record(generation: .seconds(300))
        try await Self.holdTheSlotUntilARequestWaits(on: server)
        let started = ContinuousClock.now
        let result = await Router(policy: RoutePolicy(deadline: .seconds(60))).route(Self.request, through: [backend])
        guard case .failure(let reason, _) = result else {
            Issue.record("shipped: \(result)")
            return
        }
        #expect(reason.code == .deadlineExceeded)
        #expect(reason.message.contains("it gave its turn to the next request"), "\(reason.message)")
        #expect(started.duration(to: .now) < .seconds(45), "it ended when its turn came, not at the deadline")
    }
}
