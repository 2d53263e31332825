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

    /// Holds the server's one slot, as another process would, for `duration`.
    static func holdTheSlot(of server: StubHTTPServer, for duration: Duration) async throws {
        let other = try #require(try await SlotLocks(baseURL: server.baseURL).acquire(1, of: 1))
        Task {
            try? await Task.sleep(for: duration)
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
        SlotLocks(baseURL: server.baseURL).record(generation: .seconds(30))
        try await Self.holdTheSlot(of: server, for: .milliseconds(800))
        let error = await #expect(throws: BackendError.self) {
            try await RequestDeadline.$current.withValue(RequestDeadline(began: .now, instant: .now + .seconds(10))) {
                try await backend.respond(to: Self.request)
            }
        }
        #expect(error?.code == .deadlineTooClose, "\(String(describing: error))")
        #expect(
            error?.message.contains("a generation there lately took 30.0 s") == true, "\(String(describing: error))")
        #expect(Self.completions(server) == 0, "nothing was sent")
        // The slot was given back: the next request has it at once.
        let next = try #require(try await SlotLocks(baseURL: server.baseURL).acquire(1, of: 1))
        next.release()
    }

    @Test func aRequestThatDidNotWaitIsSentAsBefore() async throws {
        let server = try Self.server()
        defer { Self.stop(server) }
        let backend = LlamaServerBackend(name: "local", baseURL: server.baseURL)
        SlotLocks(baseURL: server.baseURL).record(generation: .seconds(30))
        let response = try await RequestDeadline.$current.withValue(
            RequestDeadline(began: .now, instant: .now + .seconds(10))
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
        #expect(SlotLocks(baseURL: server.baseURL).lastGeneration() == nil)
        _ = try await backend.respond(to: Self.request)
        let recorded = try #require(SlotLocks(baseURL: server.baseURL).lastGeneration())
        #expect(recorded < .seconds(30))
    }

    @Test func theRouteEndsAtOnceWithDeadlineExceeded() async throws {
        let server = try Self.server()
        defer { Self.stop(server) }
        let backend = LlamaServerBackend(name: "local", baseURL: server.baseURL)
        SlotLocks(baseURL: server.baseURL).record(generation: .seconds(30))
        try await Self.holdTheSlot(of: server, for: .milliseconds(800))
        let started = ContinuousClock.now
        let result = await Router(policy: RoutePolicy(deadline: .seconds(10))).route(Self.request, through: [backend])
        guard case .failure(let reason, _) = result else {
            Issue.record("shipped: \(result)")
            return
        }
        #expect(reason.code == .deadlineExceeded)
        #expect(reason.message.contains("it gave its turn to the next request"), "\(reason.message)")
        #expect(started.duration(to: .now) < .seconds(8), "it ended when its turn came, not at the deadline")
    }
}
