import CanonicalSchemas
import Guided
import GuidedJSON
import Synchronization
import Testing

/// `outputs.<T>.judge` in the configuration: read with a located error for every bad value,
/// applied over the type's own judge key by key, turned off with `false`, and its `backend`
/// judging instead of the generating one.
@Suite struct ConfiguredJudgeTests {
    typealias JudgingBackend = JudgeRoutingTests.JudgingBackend

    /// The outcome of one step request whose candidate the judge backend scores `score` (every
    /// step alike), under the type's own judge `own` and the configuration's `judge` entry, and
    /// the questions the judge backend was asked.
    /// The type has no fallback, so a refusal is the "no suggestion" error and its reason.
    static func run(_ json: String?, over own: Judge? = nil, score: Double = 0.8) async throws
        -> (refusal: FallbackReason?, questions: [BackendRequest])
    {
        let judge = JudgingBackend(["assistant": score])
        var outputs: [String: OutputOverrides] = [:]
        if let json {
            outputs["StepSuggestions"] = try ConfiguredOutputTests.settings(
                #"{"judge": \#(json)}"#, backends: ["recording", "judge"])
        }
        let session = LanguageModelSession(
            instructions: "Suggest next steps.",
            configuration: GuidedConfiguration(
                backends: [RecordingBackend(answers: [RouterTests.good]), judge], route: ["recording"],
                outputs: outputs))
        var policy = OutputPolicy<StepSuggestions>.noSuggestion().ownChecksOnly
        var candidates = CandidatePolicy(count: 1)
        candidates.judge = own
        policy.candidates = candidates
        try session.register(StepSuggestions.self, policy: policy)
        var refusal: FallbackReason?
        do {
            let outcome = try await session.respond(
                to: "Goal: learn to swim", generating: StepSuggestions.self, grounding: RouterTests.grounding)
            #expect(outcome.isFromModel, "without a fallback, only the model's words ship")
        } catch {
            refusal = error.reason
        }
        return (refusal, judge.questions.withLock { $0 })
    }

    static let own = Judge(threshold: 0.9, question: "Would a coach keep it?", unit: .whole, backend: "judge")

    @Test func theTypesOwnJudgeRefusesAndAConfiguredThresholdReplacesOnlyTheThreshold() async throws {
        let refused = try await Self.run(nil, over: Self.own)
        #expect(refused.refusal?.code == .judgeRefused)
        let shipped = try await Self.run(#"{"threshold": 0.7}"#, over: Self.own)
        #expect(shipped.refusal == nil, "\(String(describing: shipped.refusal))")
        #expect(shipped.questions.count == 1, "still the whole value, by the type's judge backend")
        #expect(shipped.questions.first?.prompt.hasSuffix("Would a coach keep it?") == true)
    }

    @Test func aConfiguredQuestionAndUnitReplaceTheTypes() async throws {
        let asked = try await Self.run(#"{"question": "Is it kind?", "unit": "items"}"#, over: Self.own)
        #expect(asked.questions.count == 3, "one per step")
        #expect(asked.questions.allSatisfy { $0.prompt.hasSuffix("\n\nIs it kind?") })
        #expect(asked.refusal?.code == .judgeRefused, "the type's threshold, 0.9, stays")
    }

    @Test func falseTurnsTheTypesJudgeOffAndAnEmptyEntryTurnsTheFrameworksOn() async throws {
        let off = try await Self.run("false", over: Self.own)
        #expect(off.refusal == nil && off.questions.isEmpty)
        let on = try await Self.run(#"{"backend": "judge"}"#, score: 0.45)
        #expect(on.refusal?.code == .judgeRefused, "the framework's threshold, 0.5")
        #expect(on.questions.first?.prompt.hasSuffix(Judge.defaultQuestion) == true)
    }

    @Test(arguments: [
        (#"true"#, "", "object"),
        (#"{"threshold": 1.5}"#, "/threshold", "0 to 1"),
        (#"{"threshold": "high"}"#, "/threshold", "number"),
        (#"{"question": "  "}"#, "/question", "empty"),
        (#"{"unit": "steps"}"#, "/unit", "items"),
        (#"{"backend": "oracle"}"#, "/backend", "unknown backend \"oracle\""),
        (#"{"threshold": 0.5, "model": "x"}"#, "/model", "unknown key"),
    ])
    func aBadJudgeIsALocatedError(_ json: String, at pointer: String, mentioning word: String) throws {
        do {
            _ = try ConfiguredOutputTests.settings(#"{"judge": \#(json)}"#, backends: ["recording", "judge"])
            Issue.record("loaded without error: \(json)")
        } catch let error as ConfigurationError {
            #expect(error.pointer.description == "/outputs/StepSuggestions/judge" + pointer, "\(error)")
            #expect(error.description.contains(word), "\(error)")
            #expect(!error.remedy.isEmpty)
        }
    }

    /// What a session answers a step request whose registered policy has `judge`, and the
    /// requests the generating backend was sent.
    static func refusal(by judge: Judge) async throws -> (reason: FallbackReason?, sent: Int) {
        let generating = RecordingBackend(answers: [RouterTests.good])
        let session = ConfiguredOutputTests.session([generating], [:])
        var policy = OutputPolicy<StepSuggestions>.noSuggestion()
        var candidates = CandidatePolicy(count: 1)
        candidates.judge = judge
        policy.candidates = candidates
        try session.register(StepSuggestions.self, policy: policy)
        do {
            _ = try await session.respond(to: "Goal", generating: StepSuggestions.self)
            return (nil, generating.sent.count)
        } catch {
            return (error.reason, generating.sent.count)
        }
    }

    @Test func aJudgeNamingAnUnconfiguredBackendIsAnInvalidOptionBeforeAnythingIsSent() async throws {
        let (reason, sent) = try await Self.refusal(by: Judge(threshold: 0.5, backend: "oracle"))
        #expect(
            reason?.code == .invalidOptions && reason?.message.contains("\"oracle\"") == true,
            "\(String(describing: reason))")
        #expect(sent == 0)
    }

    @Test(arguments: [
        (Judge(threshold: 1.5), "the judge's threshold is 1.5, but it must be from 0 to 1"),
        (Judge(threshold: -0.1), "the judge's threshold is -0.1, but it must be from 0 to 1"),
        (Judge(threshold: .nan), "the judge's threshold is nan, but it must be from 0 to 1"),
        (Judge(threshold: 0.5, question: " \n"), "the judge's question is empty"),
    ])
    func aJudgeInCodeThatCannotJudgeIsAnInvalidOptionBeforeAnythingIsSent(_ judge: Judge, _ message: String)
        async throws
    {
        let (reason, sent) = try await Self.refusal(by: judge)
        #expect(reason?.code == .invalidOptions && reason?.message == message, "\(String(describing: reason))")
        #expect(sent == 0)
    }
}
