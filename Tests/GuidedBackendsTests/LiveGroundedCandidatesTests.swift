import CanonicalSchemas
import Foundation
import Guided
import GuidedManagedServer
import GuidedTestTraits
import Testing

/// Grounded decoding and candidates on a real model: Gemma 3 270M, the catalogue's base model,
/// through the managed llama-server with its `next-steps` adapter — the grammar, the candidate
/// batches and the early check are the same for every model, and this one is the fastest to run
/// them on. Like ``LiveLocalModelTests`` these fail, never skip, when `scripts/setup-model` has
/// not run. The specifics check here is written independently of the grammar compiler and of
/// the grounding validator, so a grammar that lets an invented number or name through fails it.
@Suite(.serialized, .liveModel) struct LiveGroundedCandidatesTests {
    static let backend: ManagedLlamaServerBackend = {
        var settings = ManagedLlamaServerBackend.Settings()
        settings.model = "gemma-3-270m"
        return ManagedLlamaServerBackend(name: "embedded", settings: settings)
    }()

    /// A goal whose entries carry a number, a weekday and a name — the kind of facts the model
    /// likes to vary ("Tuesday", "20 minutes", "Coach Ana").
    static let facts = [
        "Goal: swim a full length of the pool", "Journal: Swam 12 metres on Monday with Coach Lee.",
        "Journal: Floated on my back without the board.",
    ]

    static func request(seed: UInt64, grounded: Bool, logProbabilities: Bool = false) -> BackendRequest {
        var request = BackendRequest(
            prompt: "Suggest three next steps.", instructions: "Suggest three next steps toward the goal.",
            schema: StepSuggestions.generationSchema,
            options: GenerationOptions(
                sampling: .random(probabilityThreshold: 0.95, seed: seed), temperature: 1.0,
                maximumResponseTokens: 60),
            grounding: facts, tokenLogProbabilities: logProbabilities)
        request.groundedVocabulary = grounded ? GroundedVocabulary(grounding: facts) : nil
        // As a session sends it: with the schema's adapter (next-steps), which the embedded server has.
        request.adapter = StepSuggestions.generationSchema.adapter
        return request
    }

    /// Digit runs and capitalised words after a string's first word that the facts do not hold.
    static func inventedSpecifics(in text: String) -> [String] {
        let factWords = Set(facts.joined(separator: " ").split { !$0.isLetter && !$0.isNumber }.map(String.init))
        var invented: [String] = []
        for sentence in text.split(whereSeparator: { ".!?\n".contains($0) }) {
            let words = sentence.split { !$0.isLetter && !$0.isNumber }.map(String.init)
            for (index, word) in words.enumerated() where !factWords.contains(word) {
                let isNumber = word.contains { $0.isNumber }
                let isName = index > 0 && word.first!.isUppercase && word != "I"
                if isNumber || isName { invented.append(word) }
            }
        }
        return invented
    }

    func requireAvailable() async throws {
        let availability = await Self.backend.availability()
        try #require(availability.isAvailable, "embedded model cannot serve: \(availability)")
    }

    @Test func groundedDecodingStatesOnlyTheFactsSpecificsForEightSeeds() async throws {
        try await requireAvailable()
        for seed in UInt64(1)...8 {
            let response = try await Self.backend.respond(to: Self.request(seed: seed, grounded: true))
            let steps = try StepSuggestions(response.content)
            #expect(steps.steps.count == 3, "seed \(seed): \(response.text)")
            for step in steps.steps {
                #expect(
                    Self.inventedSpecifics(in: step).isEmpty,
                    "seed \(seed) invented \(Self.inventedSpecifics(in: step)): \(step)")
            }
        }
    }

    @Test func candidatesComeBackOnePerSeedWithTheirTokenProbabilities() async throws {
        try await requireAvailable()
        let results = try await Self.backend.respond(
            to: Self.request(seed: 1, grounded: true, logProbabilities: true), candidates: 4)
        #expect(results.count == 4)
        var responses: [BackendResponse] = []
        var failures: [BackendError] = []
        for result in results {
            switch result {
            case .success(let response): responses.append(response)
            case .failure(let error): failures.append(error)
            }
        }
        // Counted, not dropped: at most two of four may fail (one does with these seeds), and only
        // as an output the 60-token cap cut short; a transport, timeout or grammar failure is a
        // bug, however many candidates completed.
        #expect(failures.count <= 2, "most candidates should complete: \(failures)")
        #expect(failures.allSatisfy { $0.code == .truncated }, "\(failures.map { "\($0.code): \($0.message)" })")
        #expect(responses.count + failures.count == 4)
        for response in responses {
            let probabilities = try #require(response.tokenLogProbabilities, "no token probabilities: \(response.text)")
            #expect(!probabilities.isEmpty && probabilities.allSatisfy { $0.logProbability <= 0 }, "\(probabilities)")
        }
        #expect(
            Set(responses.map(\.text)).count >= 2, "different seeds gave identical candidates: \(responses.map(\.text))"
        )
    }

    /// The early check on the real server: a check that rejects a step list once its first step
    /// is finished gives each completion up there, the transfer ends once both are given up or
    /// finished, and each given-up one comes back `rejectedEarly` with its text so far — one
    /// finished step, not three. (A completion the server ran to its end before the other began,
    /// as it does when other requests hold its slots, comes back whole: the batch cannot end
    /// while one of it is still to come.) The next request is answered.
    @Test func anEarlyCheckStopsABatchOnTheRealServerOnceEachCompletionFails() async throws {
        try await requireAvailable()
        var request = Self.request(seed: 3, grounded: true)
        request.earlyCheck = EarlyCheck { text in
            text.contains(#"["#) && text.split(separator: "\"", omittingEmptySubsequences: false).count >= 6
                ? "the first step is finished" : nil
        }
        let results = try await Self.backend.respond(to: request, candidates: 2)
        let failures = results.compactMap { if case .failure(let error) = $0 { error } else { nil } }
        #expect(results.count == 2)
        #expect(!failures.isEmpty && failures.allSatisfy { $0.code == .rejectedEarly }, "\(results)")
        for failure in failures {
            let partial = try #require(failure.partialOutput)
            #expect(partial.contains(#""steps""#), "\(partial)")
            #expect(!partial.hasSuffix("]}"), "a stopped completion is not whole: \(partial)")
        }
        let next = try await Self.backend.respond(to: Self.request(seed: 4, grounded: true))
        #expect(try StepSuggestions(next.content).steps.count == 3)
    }
}
