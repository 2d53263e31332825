import CanonicalSchemas
import Guided
import Synchronization
import Testing

/// Streamed sessions yield `Output.PartiallyGenerated` snapshots, and say so when an attempt
/// that was streaming is abandoned, so the snapshots restart cleanly.
@Suite struct TypedSnapshotTests {
    /// Streams the first part of a valid output, then fails as a dropped connection would.
    final class FailsMidStream: LanguageModelBackend {
        let name = "flaky"
        let kind = "test"
        let capabilities = ScriptedBackend.everything
        func availability() async -> BackendAvailability { .available }
        func respond(to request: BackendRequest) async throws(BackendError) -> BackendResponse {
            throw BackendError(.transport, backend: name, "connection reset")
        }
        func streamResponse(to request: BackendRequest) -> AsyncThrowingStream<BackendStreamEvent, any Error> {
            BackendStreaming.stream(backend: name) { continuation in
                continuation.yield(.partial(#"{"steps":["Swim a l"#))
                throw BackendError(.transport, backend: "flaky", "connection reset mid-stream")
            }
        }
        func contextSize() async throws(BackendError) -> Int { 4096 }
    }

    static func snapshots(_ session: LanguageModelSession) async throws -> [String] {
        var seen: [String] = []
        for try await snapshot in session.streamResponse(to: "Goal: learn to swim", generating: StepSuggestions.self) {
            switch snapshot {
            case .partial(let partial): seen.append("\(partial.backend): \(partial.content?.steps ?? [])")
            case .restarted(let attempt): seen.append("restarted after \(attempt.outcomeCode)")
            case .complete(let outcome): seen.append("complete from model: \(outcome.isFromModel)")
            }
        }
        return seen
    }

    @Test func snapshotsAreTypedAndGrow() async throws {
        let live = ScriptedBackend("live", streamChunk: 20, answers: [.output(RouterTests.good)])
        let seen = try await Self.snapshots(LanguageModelSession(configuration: GuidedConfiguration(backends: [live])))
        // Text {"steps":["Find a pool near home","Book a beginner swim lesson",…]} in 20-character prefixes.
        #expect(seen.first == #"live: ["Find a po"]"#)
        #expect(seen[1] == #"live: ["Find a pool near home", "Book "]"#)
        #expect(seen.count == 5)
        #expect(seen.last == "complete from model: true")
    }

    @Test func aBackendFailingMidStreamIsAnnouncedAndTheNextStartsFromNothing() async throws {
        let live = ScriptedBackend("live", streamChunk: 30, answers: [.output(RouterTests.good)])
        let session = LanguageModelSession(configuration: GuidedConfiguration(backends: [FailsMidStream(), live]))
        let seen = try await Self.snapshots(session)
        #expect(seen.first == #"flaky: ["Swim a l"]"#)
        #expect(seen[1] == "restarted after failed:transport")
        #expect(seen[2].hasPrefix("live: "))
        #expect(!seen[2].contains("Swim a l"))
        #expect(seen.last == "complete from model: true")
    }

    @Test func anOutputRejectedByACheckIsAnnouncedToo() async throws {
        let repeats = ScriptedBackend(
            "repeats", streamChunk: 10, answers: [.output(["steps": ["Swim", "Swim", "Swim"]])])
        let live = ScriptedBackend("live", streamChunk: 40, answers: [.output(RouterTests.good)])
        let session = LanguageModelSession(configuration: GuidedConfiguration(backends: [repeats, live]))
        try session.register(
            StepSuggestions.self,
            policy: OutputPolicy(
                fallback: SessionTests.fallback.fallback!,
                validators: ValidatorChain([MinimumContentValidator()])))
        let seen = try await Self.snapshots(session)
        let restart = try #require(seen.firstIndex { $0.hasPrefix("restarted after rejected:") })
        #expect(seen[..<restart].allSatisfy { $0.hasPrefix("repeats: ") })
        #expect(seen[(restart + 1)...].dropLast().allSatisfy { $0.hasPrefix("live: ") })
        #expect(seen.last == "complete from model: true")
    }

    @Test func anAttemptThatStreamedNothingIsNotAnnounced() async throws {
        let down = ScriptedBackend("down", streamChunk: 10, answers: [.failure(.timeout)])
        let live = ScriptedBackend("live", answers: [.output(RouterTests.good)])
        let seen = try await Self.snapshots(
            LanguageModelSession(configuration: GuidedConfiguration(backends: [down, live])))
        #expect(!seen.contains { $0.hasPrefix("restarted") })
    }
}
