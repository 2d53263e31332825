import GuidedBackends
import GuidedSchema
import Testing

/// A backend that writes only the one-shot requirement (plus its name, kind, capabilities and
/// context size) gets streaming, token counting, availability and candidates from the contract.
@Suite struct ContractDefaultsTests {
    /// Answers `{"text": prompt}`; nothing else is written.
    struct OneShotBackend: LanguageModelBackend {
        let name = "one-shot"
        let kind = "test"
        let capabilities = BackendCapabilities(jsonSchema: true)

        func respond(to request: BackendRequest) async throws(BackendError) -> BackendResponse {
            try BackendResponse(validating: #"{"text":"\#(request.prompt)"}"#, for: request, backend: name)
        }

        func contextSize() async throws(BackendError) -> Int { 4096 }
    }

    static let schema = try! GenerationSchema.fromJSONSchema([
        "type": "object", "properties": ["text": ["type": "string", "maxLength": 10]], "required": ["text"],
    ]).schema

    @Test func streamsTheOneShotResponseAsOneFinalEvent() async throws {
        var events: [BackendStreamEvent] = []
        for try await event in OneShotBackend().streamResponse(to: BackendRequest(prompt: "hello", schema: Self.schema))
        {
            events.append(event)
        }
        #expect(events.count == 1)
        guard case .complete(let response) = try #require(events.first) else {
            Issue.record("the only event is not the final response: \(events)")
            return
        }
        #expect(response.content == ["text": "hello"])
        #expect(response.backend == "one-shot")
    }

    @Test func aRejectedOutputEndsTheStreamWithTheBackendError() async throws {
        var partials = 0
        do {
            for try await event in OneShotBackend().streamResponse(
                to: BackendRequest(prompt: "longer than ten", schema: Self.schema))
            {
                if case .partial = event { partials += 1 }
            }
            Issue.record("the stream finished without an error")
        } catch let error as BackendError {
            #expect(error.code == .invalidOutput)
            #expect(error.violations.map(\.pointer.description) == ["/text"])
        }
        #expect(partials == 0)
    }

    @Test func countsTokensAsAnEstimateThatSaysSo() async throws {
        let count = try await OneShotBackend().tokenCount(of: "thirteen byte")
        #expect(count == .estimated(4))
        #expect(count.isEstimate)
        #expect(count.description == "~4")
    }

    @Test func isAvailableWithNothingToCheck() async {
        #expect(await OneShotBackend().availability() == .available)
    }

    @Test func capabilitiesClaimOnlyWhatIsNamed() {
        let capabilities = OneShotBackend().capabilities
        #expect(capabilities.jsonSchema)
        #expect(!capabilities.grammar && !capabilities.streaming && !capabilities.tokenCounting)
        #expect(!capabilities.greedy && !capabilities.topK && !capabilities.topP && !capabilities.seed)
    }

    @Test func freeTextIsTheOutputItself() async throws {
        let response = try await OneShotBackend().respond(to: BackendRequest(prompt: "plain"))
        #expect(response.content == GeneratedContent(#"{"text":"plain"}"#))
    }

    @Test func outputThatIsNotJSONIsInvalidOutput() {
        let request = BackendRequest(prompt: "p", schema: Self.schema)
        for text in [#"{"text":"cut"#, #"{"text":"a"} trailing"#, "not json"] {
            #expect(throws: BackendError.self, "\(text)") {
                try BackendResponse(validating: text, for: request, backend: "b")
            }
        }
    }
}
