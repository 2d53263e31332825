import Guided
import GuidedJSON
import Testing

// The code of Guided's documentation articles (Sources/Guided/Guided.docc), compiled and run here
// so an article cannot drift from the API; ArticleCodeTests (in GuidedSchemaTests) fails when a
// `swift` block of an article is not found in a file under Tests/.

struct NextSteps: Generable {
    static let configuration = GenerableConfiguration(description: "Next steps toward the user's goal")

    @Guide(description: "Exactly three next steps", .count(3), .element(.length(1...100)))
    var steps: [String] = []
}

/// A backend that answers every request with the same JSON text: enough to run the articles'
/// sessions without a model. Its output goes through the same validation as a model's.
struct CannedBackend: LanguageModelBackend {
    let name: String
    let kind = "canned"
    let capabilities = BackendCapabilities(
        grammar: true, jsonSchema: true, greedy: true, topK: true, topP: true, seed: true, streaming: false,
        tokenCounting: false)
    var reply: String
    var isUp = true

    func availability() async -> BackendAvailability {
        isUp ? .available : .unavailable(UnavailableReason(.unreachable, "nothing listens at the URL"))
    }

    func respond(to request: BackendRequest) async throws(BackendError) -> BackendResponse {
        let content = try OutputValidation.content(from: reply, schema: request.schema, backend: name) {
            try JSONReader.parse($0)
        }
        return BackendResponse(
            backend: name, content: content, text: reply, tokensGenerated: nil, promptTokens: nil,
            stopReason: .endOfSequence, milliseconds: 1, tokensPerSecond: nil)
    }

    func contextSize() async throws(BackendError) -> Int { 4096 }
}

@Suite struct RoutingArticleTests {
    static let goodReply = #"{"steps":["Float on your back","Kick while holding the board","Swim one width"]}"#

    @Test func aSessionShipsTheModelsOutput() async throws {
        let configuration = GuidedConfiguration(backends: [CannedBackend(name: "local", reply: Self.goodReply)])
        let session = LanguageModelSession(
            instructions: "Suggest three short, concrete next steps.", configuration: configuration)
        let outcome = try await session.respond(
            to: "Goal: learn to swim", generating: NextSteps.self,
            grounding: ["Goal: learn to swim", "Journal: floated on my back with a board"])
        switch outcome.source {
        case .model(let backend, _, let milliseconds):
            print("from \(backend) in \(milliseconds) ms:", outcome.value.steps)
        case .fallback(let reason): print("fallback (\(reason)):", outcome.value.steps)
        }
        #expect(outcome.isFromModel && outcome.value.steps.count == 3)
    }

    @Test func theRouteSkipsWhatIsDownAndFallsBack() async throws {
        let configuration = GuidedConfiguration(
            backends: [
                CannedBackend(name: "local", reply: Self.goodReply, isUp: false),
                CannedBackend(name: "embedded", reply: #"{"steps":["Unlock your potential","Swim","Float"]}"#),
            ],
            route: ["local", "embedded"])
        let session = LanguageModelSession(configuration: configuration)
        try session.register(
            NextSteps.self,
            policy: OutputPolicy(
                fallback: { _ in NextSteps(steps: ["Book a lesson", "Practise floating", "Swim one width"]) },
                validators: ValidatorChain([MinimumContentValidator(), BlockedPhraseValidator()]),
                cleanup: .all()))
        let outcome = try await session.respond(to: "Goal: learn to swim", generating: NextSteps.self)
        for attempt in outcome.attempts {
            print(attempt) // local: unavailable:unreachable, then embedded: rejected:minimumContent/tooFewWords
        }
        #expect(!outcome.isFromModel && outcome.value.steps.first == "Book a lesson")
        #expect(
            outcome.attempts.map(\.outcomeCode) == ["unavailable:unreachable", "rejected:minimumContent/tooFewWords"])
        guard case .fallback(let reason) = outcome.source else { return }
        #expect(reason.code == .allBackendsFailed)
    }

    @Test func noFallbackMeansAnError() async {
        let configuration = GuidedConfiguration(backends: [CannedBackend(name: "local", reply: "{}", isUp: false)])
        let session = LanguageModelSession(configuration: configuration)
        var shown: [String] = []
        func show(_ value: NextSteps) { shown = value.steps }

        do {
            let outcome = try await session.respond(to: "Goal: learn to swim", generating: NextSteps.self)
            show(outcome.value)
        } catch {
            print(error.reason.code, error.attempts) // noBackendAvailable [local: unavailable:unreachable (0 ms)]
        }
        #expect(shown.isEmpty)
        do {
            _ = try await session.respond(to: "Goal: learn to swim", generating: NextSteps.self)
            Issue.record("a request with no backend and no fallback returned a value")
        } catch {
            #expect(error.reason.code == .noBackendAvailable)
        }
    }

    @Test func noSuggestionLetsThePersonWrite() async {
        let configuration = GuidedConfiguration(backends: [CannedBackend(name: "local", reply: "{}", isUp: false)])
        let session = LanguageModelSession(configuration: configuration)
        _ = try? session.register(NextSteps.self, policy: .noSuggestion())
        let request = GenerationRequest<NextSteps>(
            "Suggest three next steps.", facts: [Fact("Goal: learn to swim", scopes: [.goal("swim")])],
            scope: .goal("swim"))
        do {
            print(try await session.respond(to: request).value.steps)
        } catch {
            print("no suggestion:", error.reason) // "no suggestion: noBackendAvailable: …"
        }
        await #expect(throws: GenerationError.self) { try await session.respond(to: request) }
    }

    @Test func aConfigurationFromAFile() throws {
        let document: GeneratedContent = [
            "backends": [
                ["name": "local", "kind": "llama-server", "url": "http://127.0.0.1:8080"],
                ["name": "embedded", "kind": "managed-llama-server"],
            ],
            "route": ["local", "embedded"],
            "routing": ["deadlineSeconds": 20, "attemptsPerBackend": 2],
        ]
        let configuration = try GuidedConfiguration.from(document, registry: .standard())
        #expect(configuration.route == ["local", "embedded"])
        #expect(configuration.routing.deadline == .seconds(20))
    }
}
