import CanonicalSchemas
import Guided
import GuidedLlamaServer
import GuidedTestSupport
import GuidedTestTraits
import Testing

/// Candidates on llama-server: one `/completion` with `n_cmpl` per batch of at most the
/// server's slots, seeds offset per batch, per-candidate failures kept, token log-probabilities
/// passed through, grounded vocabularies compiled into the grammar; a batch streams, its
/// completions' interleaved events told apart by `index`.
@Suite(.measuresTime) struct LlamaServerCandidatesStubTests {
    static let good = #"{"steps":["Float on your back","Swim one length","Book a lesson"]}"#

    /// One completion object of an `n_cmpl` answer.
    static func completion(_ content: String, index: Int, stopType: String = "eos") -> String {
        #"""
        {"index":\#(index),"content":\#(jsonString(content)),"stop":true,"stop_type":"\#(stopType)","truncated":false,\#
        "tokens_predicted":12,"tokens_evaluated":90,\#
        "completion_probabilities":[{"id":1,"token":"Float","logprob":-0.5},{"id":2,"token":" on","logprob":-1.5}]}
        """#
    }

    /// A stub llama-server with `slots` slots that answers each `/completion` with `contents`
    /// (one per requested completion, cycling), and `/props`, `/tokenize` as the real one.
    static func server(slots: Int, contents: [String]) throws -> StubHTTPServer {
        let server = try StubHTTPServer()
        server.route("GET", "/props") { _ in
            .json(#"{"default_generation_settings":{"n_ctx":4096},"total_slots":\#(slots)}"#)
        }
        server.route("POST", "/tokenize") { _ in .json(#"{"tokens":[1,2,3]}"#) }
        server.route("POST", "/completion") { request in
            let count = (try? request.json())?["n_cmpl"]?.intValue ?? 1
            let items = (0..<count).map { completion(contents[$0 % contents.count], index: count - 1 - $0) }
            return .json(count == 1 ? items[0] : "[" + items.reversed().joined(separator: ",") + "]")
        }
        return server
    }

    static func request(seed: UInt64 = 10) -> BackendRequest {
        BackendRequest(
            prompt: "Suggest three next steps.", schema: StepSuggestions.generationSchema,
            options: GenerationOptions(sampling: .random(top: 40, seed: seed), maximumResponseTokens: 100),
            tokenLogProbabilities: true)
    }

    @Test func batchesStayWithinTheSlotsAndOffsetTheSeed() async throws {
        let server = try Self.server(slots: 4, contents: [Self.good])
        defer { server.stop() }
        let results = try await LlamaServerBackend(name: "local", baseURL: server.baseURL).respond(
            to: Self.request(), candidates: 6)
        #expect(results.count == 6)
        let bodies = try server.requests(to: "/completion").map { try $0.json() }
        #expect(bodies.map { $0["n_cmpl"]?.intValue ?? 1 } == [4, 2])
        #expect(bodies.map { $0["seed"]?.intValue } == [10, 14], "llama-server seeds child i with seed + i")
        #expect(bodies.allSatisfy { $0["cache_prompt"] == nil }, "candidates reuse the evaluated prompt")
        #expect(bodies.allSatisfy { $0["n_probs"]?.intValue == 1 })
    }

    @Test func aCandidateThatBreaksTheSchemaIsAFailedCandidateNotAFailedCall() async throws {
        let server = try Self.server(slots: 2, contents: [Self.good, #"{"steps":["only one"]}"#])
        defer { server.stop() }
        let results = try await LlamaServerBackend(name: "local", baseURL: server.baseURL).respond(
            to: Self.request(), candidates: 2)
        #expect(results.count == 2)
        let failures = results.compactMap { if case .failure(let error) = $0 { error } else { nil } }
        #expect(failures.map(\.code) == [.invalidOutput])
    }

    @Test func tokenLogProbabilitiesComeBack() async throws {
        let server = try Self.server(slots: 2, contents: [Self.good])
        defer { server.stop() }
        let results = try await LlamaServerBackend(name: "local", baseURL: server.baseURL).respond(
            to: Self.request(), candidates: 2)
        let response = try #require(try results.first?.get())
        #expect(
            response.tokenLogProbabilities == [
                TokenLogProbability(text: "Float", logProbability: -0.5),
                TokenLogProbability(text: " on", logProbability: -1.5),
            ])
    }

    @Test func greedyMakesOneCandidate() async throws {
        let server = try Self.server(slots: 4, contents: [Self.good])
        defer { server.stop() }
        var request = Self.request()
        request.options.sampling = .greedy
        let results = try await LlamaServerBackend(name: "local", baseURL: server.baseURL).respond(
            to: request, candidates: 4)
        #expect(results.count == 1)
        #expect(try server.requests(to: "/completion").map { try $0.json()["n_cmpl"] } == [nil])
    }

    @Test func aGroundedVocabularyIsCompiledIntoTheGrammar() async throws {
        let server = try Self.server(slots: 1, contents: [Self.good])
        defer { server.stop() }
        var request = Self.request()
        request.groundedVocabulary = GroundedVocabulary(specifics: ["Riverside"], forbiddenWords: ["first"])
        _ = try await LlamaServerBackend(name: "local", baseURL: server.baseURL).respond(to: request)
        let grammar = try #require(try server.requests(to: "/completion").first?.json()["grammar"]?.stringValue)
        #expect(grammar.contains("\"R\" (\"iverside\")"))
        #expect(grammar.contains("gt-lw-firs"))
    }

    @Test func repetitionPenaltyIsTheDRYSamplerOverTheWholeContext() async throws {
        let server = try Self.server(slots: 1, contents: [Self.good])
        defer { server.stop() }
        var request = Self.request()
        request.options.repetitionPenalty = 0.8
        _ = try await LlamaServerBackend(name: "local", baseURL: server.baseURL).respond(to: request)
        let body = try #require(try server.requests(to: "/completion").first?.json())
        #expect(body["dry_multiplier"]?.doubleValue == 0.8)
        #expect(body["dry_allowed_length"]?.intValue == 2)
        #expect((body["dry_penalty_last_n"]?.intValue ?? 0) >= 4096, "the prompt's examples count as repeats too")
    }
    /// llama-server's streamed `n_cmpl` answer: each completion's text in pieces, the completions'
    /// events interleaved (as measured: index 1 may come first), each ending with its own final
    /// event; then, unless `silentAfter` is given, nothing more. With `silentAfter`, only that
    /// many events are sent and the server then goes silent.
    static func streamedBatch(_ contents: [String], silentAfter: Int? = nil) -> StubResponse {
        let pieces = contents.map { content in
            stride(from: 0, to: content.count, by: 7).map { start in
                String(content.dropFirst(start).prefix(7))
            }
        }
        var events: [String] = []
        for step in 0..<(pieces.map(\.count).max() ?? 0) {
            for index in pieces.indices.reversed() where step < pieces[index].count {
                events.append(
                    #"data: {"index":\#(index),"content":\#(jsonString(pieces[index][step])),"stop":false,"#
                        + #""completion_probabilities":[{"id":1,"token":"x","logprob":-0.25}]}"# + "\n\n")
            }
        }
        for index in pieces.indices {
            events.append(
                #"data: {"index":\#(index),"content":"","stop":true,"stop_type":"eos","truncated":false,"#
                    + #""tokens_predicted":12,"tokens_evaluated":90}"# + "\n\n")
        }
        guard let silentAfter else { return .sse(events, delay: .milliseconds(5)) }
        let sent = events.prefix(silentAfter).map { StubChunk($0, after: .milliseconds(5)) }
        return .stream(
            status: 200, headers: [StubHeader("Content-Type", "text/event-stream")],
            chunks: sent + [StubChunk("data: {}\n\n", after: .seconds(120))], framing: .chunked)
    }

    @Test func aStreamedBatchIsToldApartByIndex() async throws {
        let other = #"{"steps":["Swim one width","Float for a minute","Kick along the wall"]}"#
        let server = try Self.server(slots: 2, contents: [Self.good])
        defer { server.stop() }
        server.route("POST", "/completion") { _ in Self.streamedBatch([Self.good, other]) }
        let results = try await LlamaServerBackend(name: "local", baseURL: server.baseURL).respond(
            to: Self.request(), candidates: 2)
        let responses = try results.map { try $0.get() }
        #expect(responses.map(\.text) == [Self.good, other])
        #expect(responses.allSatisfy { $0.tokensGenerated == 12 })
        #expect(responses.allSatisfy { $0.tokenLogProbabilities?.first?.logProbability == -0.25 })
        let body = try #require(try server.requests(to: "/completion").first?.json())
        #expect(body["stream"]?.boolValue == true)
        #expect(body["n_cmpl"]?.intValue == 2)
    }

    @Test func aServerSilentMidBatchIsLeftAfterTheIdleTimeout() async throws {
        let server = try Self.server(slots: 2, contents: [Self.good])
        defer { server.stop() }
        server.route("POST", "/completion") { _ in Self.streamedBatch([Self.good, Self.good], silentAfter: 4) }
        let backend = LlamaServerBackend(name: "local", baseURL: server.baseURL, idleTimeout: .seconds(1))
        let started = ContinuousClock.now
        do {
            let results = try await backend.respond(to: Self.request(), candidates: 2)
            Issue.record("a batch whose server went silent came back: \(results)")
        } catch {
            #expect(error.code == .timeout, "\(error)")
            #expect(error.message.contains("idle timeout"), "\(error)")
        }
        // Left after the 1 s idle timeout, not the 120 s total timeout a whole reply waited for.
        #expect(ContinuousClock.now - started < .seconds(30))
    }

    /// Rejects a completion once its text has the item `"Bad idea"` finished.
    static let earlyCheck = EarlyCheck { text in text.contains(#""Bad idea","#) ? "a bad first step" : nil }

    /// Both completions fail the early check within their first events, and the server then goes
    /// silent for 120 s: the batch ends at once, each a `rejectedEarly` failure with its text so
    /// far, instead of waiting for the rest of two rejected completions (here, the idle timeout).
    @Test func aBatchWhoseCompletionsAllFailTheEarlyCheckEndsAtOnce() async throws {
        let bad = #"{"steps":["Bad idea","Swim one width","Float for a minute"]}"#
        let server = try Self.server(slots: 2, contents: [Self.good])
        defer { server.stop() }
        server.route("POST", "/completion") { _ in Self.streamedBatch([bad, bad], silentAfter: 8) }
        let backend = LlamaServerBackend(name: "local", baseURL: server.baseURL, idleTimeout: .seconds(60))
        var request = Self.request()
        request.earlyCheck = Self.earlyCheck
        let started = ContinuousClock.now
        let results = try await backend.respond(to: request, candidates: 2)
        #expect(ContinuousClock.now - started < .seconds(30))
        let failures = results.compactMap { if case .failure(let error) = $0 { error } else { nil } }
        #expect(failures.map(\.code) == [.rejectedEarly, .rejectedEarly])
        #expect(failures.map(\.partialOutput) == [#"{"steps":["Bad idea","#, #"{"steps":["Bad idea","#])
        #expect(failures.first?.message == "stopped while generating: a bad first step")
    }

    @Test func aCompletionThatFinishesIsKeptBesideOneStoppedEarly() async throws {
        let bad = #"{"steps":["Bad idea","Swim one width","Float for a minute","Kick"]}"#
        let server = try Self.server(slots: 2, contents: [Self.good])
        defer { server.stop() }
        server.route("POST", "/completion") { _ in Self.streamedBatch([Self.good, bad]) }
        var request = Self.request()
        request.earlyCheck = Self.earlyCheck
        let results = try await LlamaServerBackend(name: "local", baseURL: server.baseURL).respond(
            to: request, candidates: 2)
        #expect(try results.first?.get().text == Self.good)
        let failures = results.compactMap { if case .failure(let error) = $0 { error } else { nil } }
        #expect(failures.map(\.code) == [.rejectedEarly])
        // It went on streaming while the other finished; its text is what the check rejected.
        #expect(failures.map(\.partialOutput) == [#"{"steps":["Bad idea","#])
    }

    @Test func withoutAnEarlyCheckEveryCompletionRunsToItsEnd() async throws {
        let bad = #"{"steps":["Bad idea","Swim one width","Float for a minute"]}"#
        let server = try Self.server(slots: 2, contents: [Self.good])
        defer { server.stop() }
        server.route("POST", "/completion") { _ in Self.streamedBatch([bad, bad]) }
        let results = try await LlamaServerBackend(name: "local", baseURL: server.baseURL).respond(
            to: Self.request(), candidates: 2)
        #expect(try results.map { try $0.get().text } == [bad, bad])
    }
}
