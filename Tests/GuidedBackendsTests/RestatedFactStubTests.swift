import CanonicalSchemas
import Guided
import GuidedLlamaServer
import GuidedTestSupport
import GuidedTestTraits
import Testing

/// A request that quotes one of its facts, through a session to llama-server's wire: the grammar
/// restates the quotation word for word and llama-server gets no repetition penalty; a server
/// that ignores the grammar and changes a quoted word gets its output rejected after generation.
@Suite(.measuresTime) struct RestatedFactStubTests {
    static let grounding = ["Goal: learn to knit a scarf", "3 October 2026: Cast on 30 stitches with thick yarn."]
    static let copy = #"On 3 October you wrote: "Cast on 30 stitches with thick yarn.""#

    /// The session's answer from a two-slot stub whose every completion is `text`, and the first
    /// `/completion` body it was sent.
    static func respond(with text: String, options: GenerationOptions = GenerationOptions()) async throws -> (
        outcome: Result<GenerationOutcome<RewrittenNotification>, GenerationError>, body: GeneratedContent
    ) {
        let server = try LlamaServerCandidatesStubTests.server(slots: 2, contents: [#"{"text":"\#(text)"}"#])
        defer { server.stop() }
        server.route("GET", "/health") { _ in .json(#"{"status":"ok"}"#) }
        let session = LanguageModelSession(
            configuration: GuidedConfiguration(backends: [LlamaServerBackend(name: "local", baseURL: server.baseURL)]))
        let outcome: Result<GenerationOutcome<RewrittenNotification>, GenerationError>
        do throws(GenerationError) {
            outcome = .success(
                try await session.respond(
                    to: GenerationRequest<RewrittenNotification>(Self.copy, grounding: Self.grounding, options: options)
                ))
        } catch {
            outcome = .failure(error)
        }
        let body = try #require(try server.requests(to: "/completion").first?.json())
        return (outcome, body)
    }

    @Test func theGrammarRestatesTheQuotedFactAndTheRestatementShips() async throws {
        let (outcome, body) = try await Self.respond(with: "On 3 October you cast on 30 stitches with thick yarn.")
        #expect(try outcome.get().value.text == "On 3 October you cast on 30 stitches with thick yarn.")
        let grammar = try #require(body["grammar"]?.stringValue)
        #expect(grammar.contains(#""you cast on 30 stitches with thick yarn""#))
        #expect(grammar.contains("rs-lead"))
        #expect(body["dry_multiplier"] == nil, "DRY would punish the restated words")
    }

    @Test func noPenaltyReachesLlamaServerForARestatingRequestEvenWhenAskedFor() async throws {
        let (_, body) = try await Self.respond(
            with: "On 3 October you cast on 30 stitches with thick yarn.",
            options: GenerationOptions(repetitionPenalty: 0.8))
        #expect(body["dry_multiplier"] == nil)
    }

    @Test func aChangedQuotedWordIsRejectedAfterGeneration() async throws {
        let (outcome, _) = try await Self.respond(with: "On 3 October you cast on 30 stitches with thin yarn.")
        let attempts: [Attempt]
        switch outcome {
        case .success(let shipped):
            #expect(!shipped.isFromModel, "a changed fact must not ship")
            attempts = shipped.attempts
        case .failure(let error): attempts = error.attempts
        }
        let verdicts = attempts.flatMap(\.candidates)
        #expect(!verdicts.isEmpty)
        for verdict in verdicts {
            guard case .rejected(let rejections) = verdict.outcome else {
                Issue.record("candidate \(verdict.index) was not rejected: \(verdict.outcomeCode)")
                continue
            }
            #expect(rejections.contains { $0.validator == "restatedQuotation" && $0.reason == "quotationChanged" })
        }
    }
}
