import Foundation
import Guided
import GuidedJSON
import GuidedLlamaServer
import GuidedOllama
import GuidedOpenAI
import Testing

/// A third-party backend: answers every prompt with the prompt, as a string. It lives in the
/// test target, so building it from a configuration proves the registry is open to plugins.
struct EchoBackend: LanguageModelBackend {
    let name: String
    let kind = "echo"
    let prefix: String
    let capabilities = BackendCapabilities(
        grammar: false, jsonSchema: false, greedy: true, topK: false, topP: false,
        seed: false, streaming: false, tokenCounting: false)

    func availability() async -> BackendAvailability { .available }

    func respond(to request: BackendRequest) async throws(BackendError) -> BackendResponse {
        let text = prefix + request.prompt
        return BackendResponse(
            backend: name, content: GeneratedContent(text), text: text, tokensGenerated: nil, promptTokens: nil,
            stopReason: .endOfSequence, milliseconds: 0, tokensPerSecond: nil)
    }

    func streamResponse(to request: BackendRequest) -> AsyncThrowingStream<BackendStreamEvent, any Error> {
        AsyncThrowingStream { continuation in continuation.finish() }
    }

    func tokenCount(of text: String) async throws(BackendError) -> TokenCount { .exact(text.count) }
    func contextSize() async throws(BackendError) -> Int { 1 }

    /// Keys: `prefix` (optional).
    static func make(_ configuration: BackendConfiguration) throws(ConfigurationError) -> EchoBackend {
        try configuration.rejectUnknownKeys(["prefix"])
        return EchoBackend(name: configuration.name, prefix: try configuration.string("prefix") ?? "")
    }
}

/// Reading configuration documents: the documented example, located errors, files, plugins.
@Suite struct ConfigurationTests {
    static let issueExample = #"""
        {"backends": [{"name": "local", "kind": "llama-server", "url": "http://127.0.0.1:8080"},
                      {"name": "embedded", "kind": "managed-llama-server"},
                      {"name": "o", "kind": "ollama", "url": "http://127.0.0.1:11434", "model": "gemma3:270m"},
                      {"name": "v1", "kind": "openai-compatible", "url": "http://127.0.0.1:8080/v1", "model": "x", "apiKeyEnv": "OPENAI_API_KEY"}],
         "route": ["local", "embedded"]}
        """#

    func load(_ json: String, registry: BackendRegistry = .standard()) throws -> GuidedConfiguration {
        try GuidedConfiguration.from(try JSONReader.parse(json), registry: registry)
    }

    /// The configuration error `json` gives, or nil if it loads.
    func error(_ json: String, registry: BackendRegistry = .standard()) throws -> ConfigurationError? {
        let document = try JSONReader.parse(json)
        do {
            _ = try GuidedConfiguration.from(document, registry: registry)
            return nil
        } catch {
            return error
        }
    }

    func expectError(
        _ json: String, at pointer: String, mentioning words: [String] = [],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let found = try error(json)
        guard let found else {
            Issue.record("loaded without error: \(json)", sourceLocation: sourceLocation)
            return
        }
        #expect(found.pointer.description == pointer, "\(found)", sourceLocation: sourceLocation)
        #expect(found.description.contains("(at #\(pointer))"), "\(found)", sourceLocation: sourceLocation)
        #expect(!found.remedy.isEmpty, sourceLocation: sourceLocation)
        for word in words {
            #expect(found.message.contains(word), "\(found.message) lacks \(word)", sourceLocation: sourceLocation)
        }
    }

    // MARK: The documented example

    @Test func issueExampleLoadsWithTheStandardRegistry() throws {
        let configuration = try load(Self.issueExample)
        #expect(configuration.backends.map(\.name) == ["local", "embedded", "o", "v1"])
        #expect(
            configuration.backends.map(\.kind) == [
                "llama-server", "managed-llama-server", "ollama", "openai-compatible",
            ])
        #expect(configuration.route == ["local", "embedded"])
        #expect(configuration.routedBackends.map(\.name) == ["local", "embedded"])

        let local = try #require(configuration.backend(named: "local") as? LlamaServerBackend)
        #expect(local.baseURL == "http://127.0.0.1:8080")
        let ollama = try #require(configuration.backend(named: "o") as? OllamaBackend)
        #expect(ollama.baseURL == "http://127.0.0.1:11434")
        #expect(ollama.model == "gemma3:270m")
        let openAI = try #require(configuration.backend(named: "v1") as? OpenAICompatibleBackend)
        #expect(openAI.baseURL == "http://127.0.0.1:8080/v1")
        #expect(openAI.model == "x")
        #expect(openAI.apiKeyVariable == "OPENAI_API_KEY")
        #expect(configuration.backend(named: "nope") == nil)
    }

    @Test func standardRegistryKnowsTheFourKindsAndPools() {
        #expect(
            BackendRegistry.standard().kinds == [
                "llama-server", "managed-llama-server", "ollama", "openai-compatible", "pool",
            ])
    }

    @Test func routeDefaultsToFileOrder() throws {
        let configuration = try load(
            #"""
            {"version": 1, "backends": [{"name": "b", "kind": "llama-server", "url": "http://127.0.0.1:9/"},
                                        {"name": "a", "kind": "managed-llama-server"}]}
            """#)
        #expect(configuration.route == ["b", "a"])
        let b = try #require(configuration.backends.first as? LlamaServerBackend)
        #expect(b.baseURL == "http://127.0.0.1:9", "the trailing slash is dropped")
    }

    @Test func builtInDefaultIsTheEmbeddedModel() throws {
        let configuration = try GuidedConfiguration.from(GuidedConfiguration.defaultDocument, registry: .standard())
        #expect(configuration.backends.map(\.kind) == ["managed-llama-server"])
        #expect(configuration.route == ["embedded"])
    }

    // MARK: Located errors

    @Test func unknownTopLevelKey() throws {
        try expectError(
            #"{"backends": [{"name": "e", "kind": "managed-llama-server"}], "routes": ["e"]}"#, at: "/routes",
            mentioning: ["routes"])
    }

    @Test func unknownBackendKey() throws {
        try expectError(
            #"{"backends": [{"name": "local", "kind": "llama-server", "url": "http://127.0.0.1:8080", "colour": "blue"}]}"#,
            at: "/backends/0/colour", mentioning: ["colour"])
    }

    @Test func unknownKind() throws {
        try expectError(
            #"""
            {"backends": [{"name": "e", "kind": "managed-llama-server"}, {"name": "x", "kind": "llama-serve", "url": "http://127.0.0.1:1"}]}
            """#, at: "/backends/1/kind", mentioning: ["llama-serve"])
        let found = try #require(try error(#"{"backends": [{"name": "x", "kind": "gpt"}]}"#))
        #expect(
            found.remedy.contains("llama-server") && found.remedy.contains("openai-compatible"),
            "the remedy lists the kinds: \(found.remedy)")
    }

    @Test func missingKind() throws {
        try expectError(#"{"backends": [{"name": "x"}]}"#, at: "/backends/0/kind")
    }

    @Test func missingName() throws {
        try expectError(#"{"backends": [{"kind": "managed-llama-server"}]}"#, at: "/backends/0/name")
    }

    /// The third probe: a number for a name was reported as a missing name.
    @Test func aNameThatIsNotAStringIsSaidToBeOne() throws {
        try expectError(
            #"{"backends": [{"name": 7, "kind": "managed-llama-server"}]}"#, at: "/backends/0/name",
            mentioning: ["must be a string, not 7"])
    }

    @Test func missingURL() throws {
        try expectError(
            #"{"backends": [{"name": "local", "kind": "llama-server"}]}"#, at: "/backends/0", mentioning: ["url"])
        try expectError(
            #"{"backends": [{"name": "o", "kind": "ollama", "model": "gemma3:270m"}]}"#, at: "/backends/0",
            mentioning: ["url"])
    }

    @Test func missingModel() throws {
        try expectError(
            #"{"backends": [{"name": "o", "kind": "ollama", "url": "http://127.0.0.1:11434"}]}"#, at: "/backends/0",
            mentioning: ["model"])
    }

    @Test(arguments: ["ftp://127.0.0.1:8080", "127.0.0.1:8080", "localhost"])
    func badURLScheme(url: String) throws {
        try expectError(
            #"{"backends": [{"name": "local", "kind": "llama-server", "url": "\#(url)"}]}"#, at: "/backends/0/url",
            mentioning: ["http"])
    }

    @Test func urlOfTheWrongType() throws {
        try expectError(
            #"{"backends": [{"name": "local", "kind": "llama-server", "url": 8080}]}"#, at: "/backends/0/url")
    }

    @Test func nonPositiveTimeout() throws {
        try expectError(
            #"{"backends": [{"name": "local", "kind": "llama-server", "url": "http://127.0.0.1:8080", "timeoutSeconds": 0}]}"#,
            at: "/backends/0/timeoutSeconds")
    }

    @Test func duplicateNames() throws {
        try expectError(
            #"""
            {"backends": [{"name": "a", "kind": "managed-llama-server"}, {"name": "a", "kind": "llama-server", "url": "http://127.0.0.1:1"}]}
            """#, at: "/backends/1/name", mentioning: ["\"a\""])
    }

    @Test(arguments: ["", "A=B", "NUL\u{0}"])
    func anAPIKeyVariableThatCannotBeAnEnvironmentVariableNameIsRefusedAtLoad(name: String) throws {
        let document: GeneratedContent = [
            "backends": [
                [
                    "name": "v1", "kind": "openai-compatible", "url": "http://127.0.0.1:9/v1", "model": "m",
                    "apiKeyEnv": GeneratedContent(name),
                ]
            ]
        ]
        do {
            let configuration = try GuidedConfiguration.from(document, file: "guided.json", registry: .standard())
            Issue.record("loaded: \(configuration.backends.map(\.name))")
        } catch {
            #expect(error.file == "guided.json")
            #expect(error.pointer == JSONPointer("/backends/0/apiKeyEnv"))
            #expect(error.message.contains("apiKeyEnv"), "\(error)")
            #expect(error.remedy.contains("OPENAI_API_KEY"), "\(error)")
        }
    }

    @Test func routeNamingAnUnknownBackend() throws {
        try expectError(
            #"""
            {"backends": [{"name": "local", "kind": "llama-server", "url": "http://127.0.0.1:8080"}], "route": ["local", "cloud"]}
            """#, at: "/route/1", mentioning: ["cloud"])
    }

    @Test func routeThatIsNotAnArrayOfNames() throws {
        try expectError(#"{"backends": [{"name": "e", "kind": "managed-llama-server"}], "route": "e"}"#, at: "/route")
        try expectError(
            #"{"backends": [{"name": "e", "kind": "managed-llama-server"}], "route": ["e", 2]}"#, at: "/route")
    }

    @Test(arguments: [
        #"{"backends": {"name": "e", "kind": "managed-llama-server"}}"#, #"{"backends": []}"#, #"{"route": []}"#,
    ])
    func backendsMustBeANonEmptyArray(json: String) throws {
        try expectError(json, at: "/backends")
    }

    @Test func backendThatIsNotAnObject() throws {
        try expectError(#"{"backends": ["local"]}"#, at: "/backends/0")
    }

    @Test func documentThatIsNotAnObject() throws {
        try expectError(#"[{"name": "e", "kind": "managed-llama-server"}]"#, at: "")
    }

    @Test func version2IsRejected() throws {
        try expectError(
            #"{"version": 2, "backends": [{"name": "e", "kind": "managed-llama-server"}]}"#, at: "/version",
            mentioning: ["2"])
        try expectError(
            #"{"version": "1", "backends": [{"name": "e", "kind": "managed-llama-server"}]}"#, at: "/version")
    }

    // MARK: Files

    func temporaryFile(_ text: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "guided-config-\(UUID().uuidString).json")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    @Test func syntaxErrorInAFileNamesTheFileLineAndColumn() throws {
        // Line 3 lacks the comma between "local" and "kind"; "kind" starts at column 22.
        let path = try temporaryFile(
            "{\n  \"backends\": [\n    {\"name\": \"local\" \"kind\": \"llama-server\"}\n  ]\n}\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            _ = try GuidedConfiguration.load(file: path)
            Issue.record("a file with a syntax error loaded")
        } catch {
            let file = try #require(error.file)
            #expect(file.hasPrefix(path + ":3:"), "\(file)")
            let column = Int(file.split(separator: ":").last ?? "")
            #expect(column == 22, "\(file)")
            #expect(error.description.hasPrefix(file + ": error: "), "\(error.description)")
            #expect(error.remedy.contains("line 3"))
        }
    }

    @Test func errorsInAFileNameTheFile() throws {
        let path = try temporaryFile(
            #"{"backends": [{"name": "local", "kind": "llama-server", "url": "http://127.0.0.1:8080", "colour": 1}]}"#)
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            _ = try GuidedConfiguration.load(file: path)
            Issue.record("an unknown key loaded")
        } catch {
            #expect(error.file == path)
            #expect(error.pointer == JSONPointer(tokens: ["backends", "0", "colour"]))
            #expect(error.description.hasPrefix("\(path): error: "))
        }
    }

    @Test func validFileLoads() throws {
        let path = try temporaryFile(Self.issueExample)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let configuration = try GuidedConfiguration.load(file: path)
        #expect(configuration.routedBackends.map(\.kind) == ["llama-server", "managed-llama-server"])
    }

    @Test func missingFileIsAnError() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "guided-missing-\(UUID().uuidString).json"
        ).path
        #expect(throws: ConfigurationError.self) { try GuidedConfiguration.load(file: path) }
    }

    // MARK: Plugins

    @Test func customKindIsBuiltFromAConfigurationEntry() async throws {
        var registry = BackendRegistry.standard()
        registry.register(kind: "echo") { configuration throws(ConfigurationError) in
            try EchoBackend.make(configuration)
        }
        #expect(registry.kinds.contains("echo"))
        let configuration = try load(
            #"""
            {"backends": [{"name": "parrot", "kind": "echo", "prefix": "you said: "},
                          {"name": "local", "kind": "llama-server", "url": "http://127.0.0.1:8080"}],
             "route": ["parrot", "local"]}
            """#, registry: registry)
        let parrot = try #require(configuration.routedBackends.first as? EchoBackend)
        #expect(parrot.name == "parrot")
        #expect(parrot.prefix == "you said: ")
        let response = try await parrot.respond(to: BackendRequest(prompt: "hello"))
        #expect(response.content.stringValue == "you said: hello")

        // Its own keys are checked, located by the same pointers as the built-in kinds.
        let bad = try #require(
            try error(#"{"backends": [{"name": "parrot", "kind": "echo", "volume": 11}]}"#, registry: registry))
        #expect(bad.pointer.description == "/backends/0/volume")
        // The standard registry alone does not know the kind.
        #expect(
            try error(#"{"backends": [{"name": "parrot", "kind": "echo"}]}"#)?.pointer.description == "/backends/0/kind"
        )
    }
}

/// Numbers a configuration file can hold but the backends cannot use.
extension ConfigurationTests {
    /// A huge timeout used to trap converting seconds to integer milliseconds (a crash, not an error).
    @Test(arguments: ["llama-server", "ollama", "openai-compatible"])
    func hugeTimeoutIsAnErrorNotACrash(kind: String) throws {
        let model = kind == "llama-server" ? "" : #", "model": "m""#
        let json =
            #"{"backends": [{"name": "b", "kind": "\#(kind)", "url": "http://127.0.0.1:1/v1"\#(model), "timeoutSeconds": 1e300}]}"#
        do {
            _ = try GuidedConfiguration.from(try JSONReader.parse(json), registry: .standard())
            Issue.record("a 1e300-second timeout loaded")
        } catch let error as ConfigurationError {
            #expect(error.pointer.description == "/backends/0/timeoutSeconds", "\(error)")
        }
    }

    @Test func hugeMaxTokensIsAnError() throws {
        let json =
            #"{"backends": [{"name": "b", "kind": "llama-server", "url": "http://127.0.0.1:1", "maxTokens": 1e30}]}"#
        do {
            _ = try GuidedConfiguration.from(try JSONReader.parse(json), registry: .standard())
            Issue.record("1e30 max tokens loaded")
        } catch let error as ConfigurationError {
            #expect(error.pointer.description == "/backends/0/maxTokens", "\(error)")
        }
    }
}
