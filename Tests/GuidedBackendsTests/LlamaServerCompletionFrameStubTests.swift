import CanonicalSchemas
import Guided
import GuidedLlamaServer
import GuidedTestSupport
import GuidedTestTraits
import Testing

/// The completion frame on llama-server's wire: a structured request's grammar accepts the line
/// breaks after the value and the request stops at the first; the value comes back without them
/// even from a server that ignores the stop, answered whole, streamed or in a candidate batch.
@Suite(.measuresTime) struct LlamaServerCompletionFrameStubTests {
    static let value = LlamaServerCandidatesStubTests.good

    @Test func aStructuredRequestStopsAtTheLineBreakAfterItsValue() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("POST", "/completion") { _ in
            LlamaServerBackendStubTests.completion(Self.value, stopType: "word")
        }
        let response = try await LlamaServerBackend(name: "local", baseURL: server.baseURL).respond(
            to: LlamaServerBackendStubTests.stepsRequest())
        #expect(response.text == Self.value)
        #expect(response.stopReason == .stopWord)
        #expect(response.content["steps"]?.arrayValue?.count == 3)
        let body = try server.requests(to: "/completion")[0].json()
        #expect(FreeTextStopTests.strings(body["stop"]) == ["\n"])
        let grammar = body["grammar"]?.stringValue ?? ""
        #expect(grammar.hasPrefix(#"root ::= value "\n"{0,2}"#), "\(grammar)")
    }

    @Test func theLineBreaksOfAServerThatIgnoresTheStopAreNotPartOfTheValue() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("POST", "/completion") { _ in LlamaServerCandidatesStubTests.streamedBatch([Self.value + "\n\n"]) }
        var final: BackendResponse?
        for try await event in LlamaServerBackend(name: "local", baseURL: server.baseURL).streamResponse(
            to: LlamaServerBackendStubTests.stepsRequest())
        {
            if case .complete(let response) = event { final = response }
        }
        #expect(final?.text == Self.value)
    }

    @Test func aCandidateBatchReadsEachValueWithoutTheLineBreaks() async throws {
        let other = #"{"steps":["Swim one width","Float for a minute","Kick along the wall"]}"#
        let server = try LlamaServerCandidatesStubTests.server(slots: 2, contents: [Self.value])
        defer { server.stop() }
        server.route("POST", "/completion") { _ in
            LlamaServerCandidatesStubTests.streamedBatch([Self.value + "\n", other])
        }
        let results = try await LlamaServerBackend(name: "local", baseURL: server.baseURL).respond(
            to: LlamaServerCandidatesStubTests.request(), candidates: 2)
        #expect(results.map { try? $0.get().text } == [Self.value, other])
    }
}
