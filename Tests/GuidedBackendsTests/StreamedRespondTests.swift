import CanonicalSchemas
import Guided
import GuidedLlamaServer
import GuidedTestSupport
import Testing

/// `respond(to:)` streams on the wire (so the idle timeout can tell silence from slowness):
/// what a whole reply carried must survive the stream, and a server that answers whole anyway
/// must still be understood.
@Suite struct StreamedRespondTests {
    static func server(completion: @escaping @Sendable (StubRequest) -> StubResponse) throws -> StubHTTPServer {
        let server = try StubHTTPServer()
        server.route("GET", "/props") { _ in LlamaServerBackendStubTests.props(nCtx: 4096) }
        server.route("POST", "/tokenize") { _ in LlamaServerBackendStubTests.tokens(20) }
        server.route("POST", "/completion", completion)
        return server
    }

    @Test func tokenLogProbabilitiesAreGatheredFromEveryEvent() async throws {
        // As llama-server streams with n_probs: each event carries its token's entry, the final one none.
        let pieces = [
            #"{"steps": ["Swim in the sea for 30 minutes", "#, #""Learn to float", "#, #""Go to the pool at 7"]}"#,
        ]
        let events =
            pieces.enumerated().map { index, piece in
                #"data: {"index":0,"content":\#(jsonString(piece)),"stop":false,"completion_probabilities":[{"id":\#(index),"token":\#(jsonString(piece)),"logprob":-0.\#(index + 1)}]}"#
                    + "\n\n"
            } + [
                #"data: {"index":0,"content":"","stop":true,"stop_type":"eos","truncated":false,"tokens_predicted":3}"#
                    + "\n\n"
            ]
        let server = try Self.server { _ in .sse(events, delay: .milliseconds(1)) }
        defer { server.stop() }
        var request = LlamaServerBackendStubTests.stepsRequest()
        request.tokenLogProbabilities = true
        let response = try await LlamaServerBackend(name: "local", baseURL: server.baseURL).respond(to: request)
        #expect(response.tokenLogProbabilities?.map(\.logProbability) == [-0.1, -0.2, -0.3])
        #expect(response.content["steps"]?.arrayValue?.count == 3)
        #expect(try server.requests(to: "/completion").first?.json()["n_probs"]?.intValue == 1)
    }

    @Test func aServerThatIgnoresStreamAndAnswersWholeIsUnderstood() async throws {
        let server = try Self.server { _ in
            LlamaServerBackendStubTests.completion(LlamaServerBackendStubTests.validSteps)
        }
        defer { server.stop() }
        let response = try await LlamaServerBackend(name: "local", baseURL: server.baseURL).respond(
            to: LlamaServerBackendStubTests.stepsRequest())
        #expect(response.content["steps"]?.arrayValue?.count == 3)
        #expect(response.tokensGenerated == 26)
    }

    @Test func plainTextAnsweredToAStreamIsAMalformedResponseNotACutStream() async throws {
        let server = try Self.server { _ in .text(status: 200, "not json") }
        defer { server.stop() }
        let error = try #require(
            await backendError {
                try await LlamaServerBackend(name: "local", baseURL: server.baseURL).respond(
                    to: LlamaServerBackendStubTests.stepsRequest())
            })
        #expect(error.code == .malformedResponse, "\(error)")
    }
}
