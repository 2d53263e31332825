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
        for try await snapshot in session.streamResponse(to: GenerationRequest<StepSuggestions>("Goal: learn to swim"))
        {
            switch snapshot {
            case .partial(let partial): seen.append("\(partial.backend): \(partial.content?.steps ?? [])")
            case .restarted(let attempt): seen.append("restarted after \(attempt.outcomeCode)")
            case .complete(let outcome):
                seen.append("complete from \(outcome.isFromModel ? "model" : "fallback"): \(outcome.value.steps)")
            }
        }
        return seen
    }

    static let complete =
        #"complete from model: ["Find a pool near home", "Book a beginner swim lesson", "Practise floating at the pool"]"#

    /// A snapshot says whether its JSON is whole yet (Foundation Models'
    /// `GeneratedContent.isComplete`); free text never is before the outcome.
    @Test func aSnapshotSaysWhetherItsValueIsWhole() {
        let text = #"{"steps":["Find a pool near home","Book a lesson","Float"]}"#
        let growing = [text.prefix(12), text.prefix(40), text.dropLast()].map {
            PartialResponse<StepSuggestions>(backend: "b", text: String($0)).isComplete
        }
        #expect(growing == [false, false, false])
        let whole = PartialResponse<StepSuggestions>(backend: "b", text: text)
        #expect(whole.isComplete && whole.content?.steps?.count == 3)
        #expect(!PartialResponse<String>(backend: "b", text: "A whole sentence.").isComplete)
    }

    @Test func snapshotsAreTypedAndGrow() async throws {
        let live = ScriptedBackend("live", streamChunk: 20, answers: [.output(RouterTests.good)])
        let seen = try await Self.snapshots(LanguageModelSession(configuration: GuidedConfiguration(backends: [live])))
        // Text {"steps":["Find a pool near home","Book a beginner swim lesson",…]} in 20-character prefixes,
        // each read as the typed partial: whole strings, then the one being written.
        #expect(
            seen == [
                #"live: ["Find a po"]"#, #"live: ["Find a pool near home", "Book "]"#,
                #"live: ["Find a pool near home", "Book a beginner swim less"]"#,
                #"live: ["Find a pool near home", "Book a beginner swim lesson", "Practise floati"]"#, Self.complete,
            ])
    }

    @Test func aBackendFailingMidStreamIsAnnouncedAndTheNextStartsFromNothing() async throws {
        let live = ScriptedBackend("live", streamChunk: 30, answers: [.output(RouterTests.good)])
        let session = LanguageModelSession(configuration: GuidedConfiguration(backends: [FailsMidStream(), live]))
        let seen = try await Self.snapshots(session)
        // The next backend's first snapshot holds its own text only, none of "Swim a l".
        #expect(
            seen == [
                #"flaky: ["Swim a l"]"#, "restarted after failed:transport", #"live: ["Find a pool near ho"]"#,
                #"live: ["Find a pool near home", "Book a beginner swim less"]"#,
                #"live: ["Find a pool near home", "Book a beginner swim lesson", "Practise floating at the "]"#,
                Self.complete,
            ])
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
        #expect(
            seen == [
                "repeats: []", #"repeats: ["Swim", "Sw"]"#, #"repeats: ["Swim", "Swim", "Swim"]"#,
                "restarted after rejected:minimumContent/tooFewWords", #"live: ["Find a pool near home", "Book "]"#,
                #"live: ["Find a pool near home", "Book a beginner swim lesson", "Practise floati"]"#, Self.complete,
            ])
    }

    @Test func anAttemptThatStreamedNothingIsNotAnnounced() async throws {
        let down = ScriptedBackend("down", streamChunk: 10, answers: [.failure(.timeout)])
        let live = ScriptedBackend("live", answers: [.output(RouterTests.good)])
        let seen = try await Self.snapshots(
            LanguageModelSession(configuration: GuidedConfiguration(backends: [down, live])))
        // No restart between the failed attempt and the next: the next backend's "{" is its first snapshot.
        #expect(seen == ["live: []", Self.complete])
    }
}
