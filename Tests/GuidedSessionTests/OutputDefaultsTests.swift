import CanonicalSchemas
import Guided
import GuidedLlamaServer
import Testing

/// A request with nothing set gets the framework's measured defaults (``OutputDefaults``): the
/// type's own examples or ones derived from its shape, candidates, grounded decoding with facts,
/// the measured sampling and token cap, and the default checks — and each can be overridden.
@Suite struct OutputDefaultsTests {
    /// Three steps that pass every default check when no facts are given.
    static let steps: GeneratedContent = [
        "steps": ["Find a pool near your home", "Book a beginner swim lesson", "Practise floating at the pool"]
    ]

    static func session(_ backend: any LanguageModelBackend) -> LanguageModelSession {
        LanguageModelSession(configuration: GuidedConfiguration(backends: [backend]))
    }

    /// A type declared with no examples: a short label and a sentence.
    struct Note: Generable {
        @Guide(description: "A short title", .maximumLength(30))
        var title: String = ""
        @Guide(description: "The note", .maximumLength(120))
        var text: String = ""
    }

    @Test func anUnregisteredTypeIsSentTheMeasuredOptionsItsOwnExamplesAndCandidates() async throws {
        let backend = RecordingBackend(answers: [Self.steps])
        let outcome = try await Self.session(backend).respond(
            to: "Suggest three next steps.", generating: StepSuggestions.self)
        #expect(outcome.isFromModel, "\(outcome.attempts)")
        let sent = try #require(backend.sent.first)
        #expect(sent.options == OutputDefaults.options(for: StepSuggestions.generationSchema))
        #expect(sent.options.repetitionPenalty == 1.4)
        #expect(sent.options.maximumResponseTokens == 49)
        #expect(sent.examples == StepSuggestions.configuration.examples.map(\.backendExample))
        #expect(outcome.attempts.first?.candidates.count == OutputDefaults.candidates.batchSize)
        #expect(sent.groundedVocabulary == nil, "no facts, no grounded decoding")
    }

    @Test func factsTurnGroundedDecodingOnUnlessTheCallSaysOtherwise() async throws {
        let backend = RecordingBackend(answers: [Self.steps])
        let session = Self.session(backend)
        let facts = ["Goal: learn to swim", "Journal: Booked a beginner lesson at the pool near home."]
        _ = try? await session.respond(
            to: "Suggest three next steps.", generating: StepSuggestions.self, grounding: facts)
        #expect(backend.sent.first?.groundedVocabulary != nil)
        _ = try? await session.respond(
            to: "Suggest three next steps.", generating: StepSuggestions.self, grounding: facts,
            options: GenerationOptions(groundedDecoding: false))
        #expect(backend.sent.last?.groundedVocabulary == nil)
    }

    @Test func aTypeWithoutExamplesIsShownExamplesDerivedFromItsShapeWithTheRequestsPrompt() async throws {
        let answer: GeneratedContent = ["title": "Swim", "text": "You floated on your back for the first time."]
        let backend = RecordingBackend(answers: [answer])
        let outcome = try await Self.session(backend).respond(to: "Write a note.", generating: Note.self)
        #expect(outcome.isFromModel, "a two-letter title is a label, not a fragment: \(outcome.attempts)")
        let examples = try #require(backend.sent.first).examples
        #expect(examples.count == 3)
        #expect(examples.allSatisfy { $0.input == "Write a note." && !$0.grounding.isEmpty })
        #expect(examples.allSatisfy { Note.generationSchema.violations(of: $0.output).isEmpty })
        #expect(examples.map { $0.output["text"]?.stringValue?.isEmpty == false } == [true, true, true])
        let prompt = try #require(backend.prompts.first)
        #expect(!prompt.contains("Output: {\"title\":\"\""), "no empty example values")
    }

    @Test func aCallsExamplesReplaceTheTypesOwn() async throws {
        let backend = RecordingBackend(answers: [Self.steps])
        let own = Example<StepSuggestions>(
            "Suggest three next steps.", grounding: ["Goal: read more"],
            output: StepSuggestions(steps: ["Visit the library", "Pick a short novel", "Read ten pages tonight"]))
        _ = try await Self.session(backend).respond(
            to: GenerationRequest<StepSuggestions>("Suggest three next steps.", examples: [own]))
        #expect(backend.sent.first?.examples == [own.backendExample])
    }

    @Test func theDefaultChecksRejectWhatAReaderWouldAndCanBeTurnedOff() async throws {
        let digits: GeneratedContent = ["steps": ["1", "2", "3"]]
        let rejecting = Self.session(RecordingBackend(answers: [digits]))
        await #expect(throws: GenerationError.self) {
            try await rejecting.respond(to: "Suggest three next steps.", generating: StepSuggestions.self)
        }
        let lenient = Self.session(RecordingBackend(answers: [digits]))
        var policy = OutputPolicy<StepSuggestions>.noSuggestion(candidates: .single)
        policy.defaultChecks = false
        try lenient.register(StepSuggestions.self, policy: policy)
        let outcome = try await lenient.respond(to: "Suggest three next steps.", generating: StepSuggestions.self)
        #expect(outcome.value.steps == ["1", "2", "3"])
    }

    @Test func theDefaultCheckSetMatchesTheSchemasProse() {
        let steps = OutputDefaults.checks(for: StepSuggestions.generationSchema, grounded: true).map(\.name)
        #expect(Set(steps).isSuperset(of: ValidatorChain.personLevelNames))
        #expect(Set(steps).isSuperset(of: ["scaffoldingEcho", "exampleLeak", "grounding", "copiedFact"]))
        let label = GenerationSchema(
            root: .object(ObjectConstraints([.init("name", SchemaNode(.string(StringConstraints(maxLength: 20))))])))
        #expect(OutputDefaults.checks(for: label, grounded: false).map(\.name) == ["scaffoldingEcho", "exampleLeak"])
    }

    @Test func anOptionOutOfItsRangeIsRefusedNamingItAndNothingIsSent() async {
        let backend = RecordingBackend(answers: [Self.steps])
        let session = Self.session(backend)
        await #expect {
            try await session.respond(
                to: "Suggest three next steps.", generating: StepSuggestions.self,
                options: GenerationOptions(temperature: 5))
        } throws: { error in
            guard let error = error as? GenerationError else { return false }
            return error.reason.code == .invalidOptions && error.reason.message.contains("temperature is 5")
                && error.reason.message.contains("from 0 to 2")
        }
        #expect(backend.sent.isEmpty)
        #expect(
            GenerationOptions(sampling: .random(probabilityThreshold: .nan)).rangeViolation?.option
                == "sampling.probabilityThreshold")
        #expect(GenerationOptions(sampling: .random(top: 0)).rangeViolation?.option == "sampling.top")
        // llama-server takes 4,294,967,295 as "random": a seed that would not repeat is refused.
        #expect(
            GenerationOptions(sampling: .random(top: 40, seed: 4_294_967_295)).rangeViolation?.description
                == "sampling.seed is 4294967295, but it must be from 0 to 4294967294")
        #expect(GenerationOptions(sampling: .random(probabilityThreshold: 0.9, seed: 1 << 40)).rangeViolation != nil)
        #expect(GenerationOptions(sampling: .random(top: 40, seed: 4_294_967_294)).rangeViolation == nil)
    }

    @Test func aRepetitionPenaltyAboveOneIsKeptAsGiven() async throws {
        #expect(GenerationOptions(temperature: 1.5, repetitionPenalty: 1.4).repetitionPenalty == 1.4)
        #expect(GenerationOptions(temperature: 1.5, repetitionPenalty: 1.4).temperature == 1.5)
        let backend = RecordingBackend(answers: [Self.steps])
        _ = try await Self.session(backend).respond(
            to: "Suggest three next steps.", generating: StepSuggestions.self,
            options: GenerationOptions(repetitionPenalty: 2.5))
        #expect(backend.sent.first?.options.repetitionPenalty == 2.5)
    }

    @Test func structuredRequestsStandAloneFreeTextContinuesAndAPolicyDecides() async throws {
        let structured = Self.session(RecordingBackend(answers: [Self.steps]))
        _ = try await structured.respond(to: "Suggest three next steps.", generating: StepSuggestions.self)
        _ = try await structured.respond(
            to: GenerationRequest(
                "Suggest three next steps.", schema: StepSuggestions.generationSchema, name: "StepSuggestions"))
        #expect(structured.transcript.isEmpty)
        let chat = Self.session(RecordingBackend(answers: ["Hello, Ada."]))
        _ = try await chat.respond(to: "Say hello to Ada.")
        #expect(
            chat.transcript == [TranscriptEntry(.user, "Say hello to Ada."), TranscriptEntry(.model, "Hello, Ada.")])
        let kept = Self.session(RecordingBackend(answers: [Self.steps]))
        try kept.register(StepSuggestions.self, policy: .noSuggestion(history: .kept))
        _ = try await kept.respond(to: "Suggest three next steps.", generating: StepSuggestions.self)
        #expect(kept.transcript.count == 2)
    }

    @Test func anExampleThatBreaksTheSchemaIsRefusedAtRegistration() throws {
        let session = Self.session(RecordingBackend(answers: [Self.steps]))
        var policy = OutputPolicy<StepSuggestions>.noSuggestion()
        policy.examples = [
            Example("Suggest three next steps.", output: StepSuggestions(steps: ["Only one step here"]))
        ]
        let error = try #require(throws: SchemaError.self) {
            try session.register(StepSuggestions.self, policy: policy)
        }
        #expect(error.code == .invalidValue)
        #expect(error.pointer == JSONPointer("/examples/0/output/steps"))
    }

    @Test func theDefaultSamplingNeverMakesABackendUnsupported() async throws {
        let plain = ScriptedBackend(
            "plain", capabilities: BackendCapabilities(grammar: true, jsonSchema: true), answers: [.output(Self.steps)])
        let outcome = try await Self.session(plain).respond(
            to: "Suggest three next steps.", generating: StepSuggestions.self)
        #expect(outcome.isFromModel, "\(outcome.attempts)")
        let chosen = Self.session(
            ScriptedBackend(
                "plain", capabilities: BackendCapabilities(grammar: true, jsonSchema: true),
                answers: [.output(Self.steps)]))
        await #expect(throws: GenerationError.self) {
            try await chosen.respond(
                to: "Suggest three next steps.", generating: StepSuggestions.self,
                options: GenerationOptions(sampling: .random(probabilityThreshold: 0.9, seed: 3)))
        }
    }
}

/// `register` warns, as a located diagnostic, when a type has no examples and its route
/// reaches a base model.
@Suite struct MissingExamplesWarningTests {
    static let baseModel = LlamaServerBackend(name: "local", baseURL: "http://127.0.0.1:9")

    @Test func aTypeWithoutExamplesRoutedToABaseModelIsWarnedAbout() throws {
        let session = LanguageModelSession(configuration: GuidedConfiguration(backends: [Self.baseModel]))
        let warnings = try session.register(OutputDefaultsTests.Note.self, policy: .noSuggestion())
        #expect(warnings.map(\.code) == [.noExamples])
        #expect(warnings.first?.rendered(severity: "warning").contains("warning: Note has no worked examples") == true)
        #expect(warnings.first?.message.contains("local (llama-server)") == true)
    }

    @Test func examplesOrAChatBackendMeanNoWarning() throws {
        let session = LanguageModelSession(configuration: GuidedConfiguration(backends: [Self.baseModel]))
        #expect(try session.register(StepSuggestions.self, policy: .noSuggestion()).isEmpty)
        var policy = OutputPolicy<OutputDefaultsTests.Note>.noSuggestion()
        policy.examples = [Example("Write a note.", output: OutputDefaultsTests.Note())]
        #expect(try session.register(OutputDefaultsTests.Note.self, policy: policy).isEmpty)
        let chat = LanguageModelSession(
            configuration: GuidedConfiguration(backends: [RecordingBackend(answers: [OutputDefaultsTests.steps])]))
        #expect(try chat.register(OutputDefaultsTests.Note.self, policy: .noSuggestion()).isEmpty)
    }
}
