import Foundation
import Guided
import GuidedJSON
import GuidedLlamaServer
import GuidedTestSupport
import GuidedTestTraits
import Synchronization
import Testing

@testable import GuidedBackends

/// A `pool` of replicas: least in-flight spreading, an unhealthy replica skipped with its reason
/// until it recovers, configuration errors located.
@Suite(.measuresTime) struct PoolBackendTests {
    static func replica(holdUntil arrivals: Arrivals? = nil) throws -> StubHTTPServer {
        let server = try StubHTTPServer()
        server.route("GET", "/health") { _ in .json(#"{"status":"ok"}"#) }
        let answer = LlamaServerBackendStubTests.completion(LlamaServerBackendStubTests.validSteps)
        server.route("POST", "/completion") { _ in
            arrivals?.arriveAndWait()
            return answer
        }
        return server
    }

    /// Holds every answer until `expected` requests have arrived over all replicas, so all of
    /// them are in flight at once however slowly a loaded machine starts them (8 s at most: past
    /// the members' 5 s timeout, so a pool that never sends them all fails soon).
    final class Arrivals: Sendable {
        let expected: Int
        private let count = Mutex(0)

        init(expected: Int) { self.expected = expected }

        func arriveAndWait() {
            count.withLock { $0 += 1 }
            let giveUp = ContinuousClock.now + .seconds(8)
            while count.withLock({ $0 }) < expected, ContinuousClock.now < giveUp {
                Thread.sleep(forTimeInterval: 0.01)
            }
        }
    }

    func pool(_ urls: [String], recovery: Double = 5) throws -> PoolBackend {
        let members = urls.map { #"{"kind":"llama-server","url":"\#($0)","timeoutSeconds":5}"# }.joined(separator: ",")
        let document = try JSONReader.parse(
            #"{"backends":[{"name":"replicas","kind":"pool","recoverySeconds":\#(recovery),"members":[\#(members)]}]}"#)
        return try #require(
            try GuidedConfiguration.from(document, registry: .standard()).backends.first as? PoolBackend)
    }

    @Test func concurrentRequestsSpreadOverTheReplicas() async throws {
        let arrivals = Arrivals(expected: 6)
        let first = try Self.replica(holdUntil: arrivals)
        let second = try Self.replica(holdUntil: arrivals)
        defer {
            first.stop()
            second.stop()
        }
        let pool = try pool([first.baseURL, second.baseURL])
        try await withThrowingTaskGroup(of: BackendResponse.self) { group in
            for _ in 0..<6 { group.addTask { try await pool.respond(to: LlamaServerBackendStubTests.stepsRequest()) } }
            for try await response in group { #expect(response.content["steps"]?.arrayValue?.count == 3) }
        }
        #expect(first.requests(to: "/completion").count == 3)
        #expect(second.requests(to: "/completion").count == 3)
        #expect(pool.members.map(\.name) == ["replicas/0", "replicas/1"])
    }

    /// A replica that records the prompts it is sent, in order, and holds a prompt starting
    /// with "hold" until the test releases it.
    final class HoldingReplica: LanguageModelBackend {
        let name: String
        let kind = "test"
        let capabilities: BackendCapabilities
        private let received = Mutex<[String]>([])
        private let released = Mutex(false)

        init(_ name: String, capabilities: BackendCapabilities = BackendCapabilities(jsonSchema: true)) {
            self.name = name
            self.capabilities = capabilities
        }

        var prompts: [String] { received.withLock { $0 } }
        func release() { released.withLock { $0 = true } }

        func availability() async -> BackendAvailability { .available }
        func respond(to request: BackendRequest) async throws(BackendError) -> BackendResponse {
            received.withLock { $0.append(request.prompt) }
            if request.prompt.hasPrefix("hold") {
                while !released.withLock({ $0 }) {
                    do { try await Task.sleep(for: .milliseconds(2)) } catch {
                        throw BackendError(.cancelled, backend: name, "cancelled")
                    }
                }
            }
            return BackendResponse(
                backend: name, content: GeneratedContent(request.prompt), text: request.prompt, tokensGenerated: nil,
                promptTokens: nil, stopReason: .endOfSequence, milliseconds: 0, tokensPerSecond: nil)
        }
        func streamResponse(to request: BackendRequest) -> AsyncThrowingStream<BackendStreamEvent, any Error> {
            AsyncThrowingStream { $0.finish() }
        }
        func tokenCount(of text: String) async throws(BackendError) -> TokenCount { .exact(text.count) }
        func contextSize() async throws(BackendError) -> Int { 4096 }
    }

    /// A pool of an OpenAI-compatible-like member (top-p only) and a llama-server-like one (top-k
    /// too) claims what either can do and sends each request only to a member that can serve it
    /// (issue 23's probe: the pool took its first member's capabilities and refused top-k).
    @Test func aMixedPoolSendsEachRequestToAMemberThatCanServeIt() async throws {
        let chat = HoldingReplica("mixed/0", capabilities: BackendCapabilities(jsonSchema: true, topP: true))
        let llama = HoldingReplica(
            "mixed/1", capabilities: BackendCapabilities(grammar: true, jsonSchema: true, topK: true, topP: true))
        let pool = PoolBackend(name: "mixed", members: [chat, llama])
        #expect(pool.capabilities == BackendCapabilities(grammar: true, jsonSchema: true, topK: true, topP: true))
        let topK = GenerationOptions(sampling: .random(top: 40))
        for index in 1...3 { _ = try await pool.respond(to: BackendRequest(prompt: "top-k \(index)", options: topK)) }
        _ = try await pool.respond(to: BackendRequest(prompt: "any"))
        #expect(llama.prompts == ["top-k 1", "top-k 2", "top-k 3"])
        #expect(chat.prompts == ["any"])
        let greedy = BackendRequest(prompt: "greedy", options: GenerationOptions(sampling: .greedy))
        do {
            _ = try await pool.respond(to: greedy)
            Issue.record("a greedy request was served by a pool with no greedy member")
        } catch {
            #expect(error.code == .unsupportedOption)
            #expect(error.message == "no replica can serve this request: mixed/0: it cannot sample greedily")
        }
        #expect(chat.prompts.count + llama.prompts.count == 4, "nothing was sent for the greedy request")
    }

    /// One replica holds a long request while short ones come one after another: they all go to
    /// the idle replica (round-robin would alternate them onto the busy one), and once both are
    /// idle again ties are taken in turn.
    @Test func requestsGoToTheReplicaWithFewestInFlightNotInTurn() async throws {
        let replicas = [HoldingReplica("replicas/0"), HoldingReplica("replicas/1")]
        let pool = PoolBackend(name: "replicas", members: replicas)
        let long = Task { try await pool.respond(to: BackendRequest(prompt: "hold 1")) }
        #expect(await eventually { replicas[0].prompts == ["hold 1"] })
        for index in 1...3 { _ = try await pool.respond(to: BackendRequest(prompt: "short \(index)")) }
        #expect(pool.pool.inFlight == [1, 0])
        replicas[0].release()
        #expect(try await long.value.text == "hold 1")
        for index in 4...5 { _ = try await pool.respond(to: BackendRequest(prompt: "short \(index)")) }
        // Round-robin would give replicas/0 "hold 1", "short 2", "short 4".
        #expect(replicas[0].prompts == ["hold 1", "short 4"])
        #expect(replicas[1].prompts == ["short 1", "short 2", "short 3", "short 5"])
        #expect(pool.pool.inFlight == [0, 0])
    }

    @Test func aDownReplicaIsSkippedWithItsReasonUntilItRecovers() async throws {
        let live = try Self.replica()
        defer { live.stop() }
        #expect(try pool([live.baseURL], recovery: 0.3).recovery == .milliseconds(300))
        // Recovery runs on a time the test moves, so a slow machine cannot let a mark expire early.
        let time = Mutex(ContinuousClock.now)
        let members: [any LanguageModelBackend] = [try closedPortURL(), live.baseURL].enumerated().map { index, url in
            LlamaServerBackend(name: "replicas/\(index)", baseURL: url, timeout: .seconds(5))
        }
        let timed = PoolBackend(
            name: "replicas", members: members, recovery: .milliseconds(300), now: { time.withLock { $0 } })
        for _ in 0..<4 { _ = try await timed.respond(to: LlamaServerBackendStubTests.stepsRequest()) }
        #expect(live.requests(to: "/completion").count == 4)
        #expect(timed.unhealthyMembers["replicas/0"]?.isEmpty == false, "\(timed.unhealthyMembers)")
        time.withLock { $0 += .milliseconds(299) }
        #expect(timed.unhealthyMembers["replicas/0"]?.isEmpty == false, "the mark lasts recoverySeconds")
        time.withLock { $0 += .milliseconds(1) }
        #expect(timed.unhealthyMembers.isEmpty, "the mark expires after recoverySeconds")
        #expect(await timed.availability() == .available)
    }

    @Test func everyReplicaDownIsUnavailableNamingEach() async throws {
        let pool = try pool([try closedPortURL(), try closedPortURL()])
        let error = try #require(
            await backendError { try await pool.respond(to: LlamaServerBackendStubTests.stepsRequest()) })
        #expect(error.code == .unavailable)
        #expect(error.message.contains("replicas/0") && error.message.contains("replicas/1"), "\(error.message)")
        guard case .unavailable(let reason) = await pool.availability() else {
            Issue.record("available")
            return
        }
        #expect(reason.message.contains("replicas/0"))
    }

    @Test func aPoolWithoutMembersOrWithAPoolInsideIsALocatedError() throws {
        for (members, pointer) in [
            ("[]", "/backends/0/members"), (#"[{"kind":"pool","members":[]}]"#, "/backends/0/members/0/kind"),
        ] {
            let document = try JSONReader.parse(#"{"backends":[{"name":"p","kind":"pool","members":\#(members)}]}"#)
            do {
                _ = try GuidedConfiguration.from(document, registry: .standard())
                Issue.record("accepted \(members)")
            } catch {
                #expect("\(error.pointer)" == pointer, "\(error)")
            }
        }
    }
}
