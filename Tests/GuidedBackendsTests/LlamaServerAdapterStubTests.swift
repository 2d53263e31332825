import CanonicalSchemas
import Foundation
import Guided
import GuidedJSON
import GuidedLlamaServer
import GuidedTestSupport
import GuidedTestTraits
import Testing

/// Adapters on llama-server's wire: a request that names an adapter the server has loaded is sent
/// with that adapter at full scale and every other at 0 (`lora`) and without its worked examples,
/// which the adapter stands in for; a server without it gets the examples; once a server's
/// adapters are known, every request lists them all, so none stays on by accident; the response
/// says which adapter generated it.
@Suite(.measuresTime) struct LlamaServerAdapterStubTests {
    static let value = LlamaServerCandidatesStubTests.good
    static let example = BackendRequest.Example(
        input: "Suggest three next steps.", grounding: ["Goal: get better at chess"],
        output: ["steps": ["Study the opening trap", "Solve a few puzzles", "Replay one lost game"]])

    static func request(adapter: ModelAdapter? = "next-steps") -> BackendRequest {
        var request = LlamaServerBackendStubTests.stepsRequest()
        request.examples = [example]
        request.adapter = adapter
        return request
    }

    /// A stub llama-server that has loaded `adapters` (file paths, in id order) and answers every
    /// completion with a good value.
    static func server(adapters: [String]) throws -> StubHTTPServer {
        let server = try StubHTTPServer()
        let listed = adapters.enumerated().map { #"{"id":\#($0.offset),"path":"\#($0.element)","scale":0.0}"# }
        server.route("GET", "/lora-adapters") { _ in .json("[" + listed.joined(separator: ",") + "]") }
        server.route("POST", "/completion") { _ in LlamaServerBackendStubTests.completion(Self.value) }
        return server
    }

    @Test func anAdapterTheServerHasIsAppliedAndTheExamplesAreLeftOut() async throws {
        let server = try Self.server(adapters: ["/models/captions.gguf", "/models/next-steps.gguf"])
        defer { server.stop() }
        let response = try await LlamaServerBackend(name: "local", baseURL: server.baseURL).respond(
            to: Self.request())
        let body = try server.requests(to: "/completion")[0].json()
        #expect(body["lora"]?.jsonText() == #"[{"id":0,"scale":0},{"id":1,"scale":1}]"#)
        let prompt = try #require(body["prompt"]?.stringValue)
        #expect(!prompt.contains("chess"))
        #expect(prompt.hasSuffix("Input: Goal: learn to swim.\nOutput:"))
        #expect(response.adapter == "next-steps")
    }

    @Test func aServerWithoutTheAdapterIsShownTheExamplesWithItsOwnAdaptersOff() async throws {
        let server = try Self.server(adapters: ["/models/captions.gguf"])
        defer { server.stop() }
        let response = try await LlamaServerBackend(name: "local", baseURL: server.baseURL).respond(
            to: Self.request())
        let body = try server.requests(to: "/completion")[0].json()
        #expect(body["lora"]?.jsonText() == #"[{"id":0,"scale":0}]"#)
        #expect(body["prompt"]?.stringValue?.contains("Goal: get better at chess") == true)
        #expect(response.adapter == nil)
    }

    @Test func aServerWithNoAdapterEndpointIsAskedOnceAndShownTheExamples() async throws {
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("POST", "/completion") { _ in LlamaServerBackendStubTests.completion(Self.value) }
        let backend = LlamaServerBackend(name: "local", baseURL: server.baseURL)
        for _ in 0..<2 { _ = try await backend.respond(to: Self.request()) }
        #expect(server.requests(to: "/lora-adapters").count == 1)
        let bodies = try server.requests(to: "/completion").map { try $0.json() }
        #expect(bodies.map { $0["prompt"]?.stringValue?.contains("chess") } == [true, true])
        #expect(bodies.map { $0["lora"] == nil } == [true, true])
    }

    @Test func aServerWhoseAdaptersGuidedKnowsIsToldThatNoneAppliesToARequestWithoutOne() async throws {
        let server = try Self.server(adapters: [])
        defer { server.stop() }
        let backend = LlamaServerBackend(
            name: "embedded", baseURL: server.baseURL, adapters: ["next-steps": LoadedAdapter(id: 0)])
        _ = try await backend.respond(to: Self.request(adapter: nil))
        _ = try await backend.respond(to: Self.request())
        let bodies = try server.requests(to: "/completion").map { try $0.json() }
        #expect(bodies.map { $0["lora"]?.jsonText() } == [#"[{"id":0,"scale":0}]"#, #"[{"id":0,"scale":1}]"#])
        #expect(server.requests(to: "/lora-adapters").isEmpty)
    }

    @Test func aRequestWithoutAnAdapterTurnsOffTheAdaptersOfAServerAlreadyAsked() async throws {
        let server = try Self.server(adapters: ["/models/next-steps.gguf"])
        defer { server.stop() }
        let backend = LlamaServerBackend(name: "local", baseURL: server.baseURL)
        _ = try await backend.respond(to: Self.request(adapter: nil))
        _ = try await backend.respond(to: Self.request())
        _ = try await backend.respond(to: Self.request(adapter: nil))
        let bodies = try server.requests(to: "/completion").map { try $0.json() }
        #expect(
            bodies.map { $0["lora"]?.jsonText() } == [
                nil, #"[{"id":0,"scale":1}]"#, #"[{"id":0,"scale":0}]"#,
            ])
    }

    @Test func everyCandidateOfABatchIsGeneratedWithTheAdapter() async throws {
        let server = try LlamaServerCandidatesStubTests.server(slots: 2, contents: [Self.value])
        defer { server.stop() }
        server.route("GET", "/lora-adapters") { _ in .json(#"[{"id":0,"path":"next-steps.gguf","scale":0.0}]"#) }
        server.route("POST", "/completion") { _ in
            LlamaServerCandidatesStubTests.streamedBatch([Self.value, Self.value])
        }
        var request = LlamaServerCandidatesStubTests.request()
        request.adapter = "next-steps"
        let results = try await LlamaServerBackend(name: "local", baseURL: server.baseURL).respond(
            to: request, candidates: 2)
        #expect(results.map { try? $0.get().adapter } == ["next-steps", "next-steps"])
        #expect(try server.requests(to: "/completion")[0].json()["lora"]?.jsonText() == #"[{"id":0,"scale":1}]"#)
    }

    @Test func theMetadataBesideAnAdaptersFileCalibratesWhatItWritesAndUnusableMetadataKeepsItOff() async throws {
        let folder = NSTemporaryDirectory() + "guided-adapter-metadata-\(UUID())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = FileManager.default.createFile(
            atPath: folder + "/next-steps.json",
            contents: Data(#"{"model": "gemma-3-270m", "stepSenseFloor": -1.5}"#.utf8))
        _ = FileManager.default.createFile(atPath: folder + "/captions.json", contents: Data(#"{"floor": -1}"#.utf8))
        let server = try Self.server(adapters: [folder + "/captions.gguf", folder + "/next-steps.gguf"])
        defer { server.stop() }
        let backend = LlamaServerBackend(name: "local", baseURL: server.baseURL)
        let calibrated = try await backend.respond(to: Self.request())
        #expect(calibrated.adapter == "next-steps")
        #expect(calibrated.adapterCalibration == AdapterCalibration(stepSenseFloor: -1.5))
        // `captions` has a metadata file with an unknown key: it is never applied, so the request
        // is shown its examples, as on a server without it, and it is listed at scale 0.
        let uncalibrated = try await backend.respond(to: Self.request(adapter: "captions"))
        #expect(uncalibrated.adapter == nil)
        #expect(uncalibrated.adapterCalibration == nil)
        let bodies = try server.requests(to: "/completion").map { try $0.json() }
        #expect(
            bodies.map { $0["lora"]?.jsonText() } == [
                #"[{"id":0,"scale":0},{"id":1,"scale":1}]"#, #"[{"id":0,"scale":0},{"id":1,"scale":0}]"#,
            ])
        let table = LlamaServerBackend.adapterTable(
            try JSONReader.parse(
                #"[{"id":0,"path":"\#(folder)/captions.gguf"},{"id":1,"path":"\#(folder)/next-steps.gguf"}]"#))
        #expect(table["captions"]?.unusable?.contains("captions.json") == true, "\(table)")
        #expect(table["captions"]?.unusable?.contains("unknown key \"floor\"") == true, "\(table)")
        #expect(bodies[1]["prompt"]?.stringValue?.contains("Goal: get better at chess") == true)
    }

    @Test func anAdapterIsNamedByItsFileWithoutFolderOrExtension() {
        #expect(
            ["/models/next-steps.gguf", "next-steps.gguf", "/a/b/captions", ""].map(
                LlamaServerBackend.adapterName(ofFile:)) == ["next-steps", "next-steps", "captions", ""])
    }
}
