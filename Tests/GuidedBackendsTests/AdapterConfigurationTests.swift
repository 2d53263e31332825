import Foundation
import Guided
import GuidedJSON
import GuidedManagedServer
import Testing

/// Adapters in the configuration: an output type's `adapter` (a name, or `false` for none) and a
/// managed server's `adapters` (names and their files), each bad value a located error.
@Suite struct AdapterConfigurationTests {
    let settings = OutputSettingsTests()

    @Test func anOutputTypeNamesItsAdapterOrTurnsItsSchemasOff() throws {
        let configuration = try settings.load(
            "{\(OutputSettingsTests.backends), \"outputs\": {\"StepSuggestions\": {\"adapter\": \"next-steps\"}, "
                + "\"Caption\": {\"adapter\": false}}}")
        #expect(configuration.outputs["StepSuggestions"]?.adapter == .named(.nextSteps))
        #expect(configuration.outputs["Caption"]?.adapter == .off)
        #expect(configuration.outputs["Caption"]?.adapter?.adapter == nil)
    }

    @Test(arguments: [#"{"adapter": "Next Steps"}"#, #"{"adapter": 3}"#, #"{"adapter": true}"#])
    func aBadOutputAdapterIsAnErrorAtItsKey(_ entry: String) throws {
        try settings.expectError(entry, at: "/outputs/StepSuggestions/adapter", mentioning: ["adapter"])
    }

    /// A managed backend entry with `adapters`, loaded from `file`.
    func managedError(_ adapters: String, file: String) throws -> ConfigurationError? {
        try settings.loadingError(
            #"{"backends": [{"name": "embedded", "kind": "managed-llama-server", "adapters": \#(adapters)}]}"#,
            file: file)
    }

    @Test func aManagedServersAdaptersAreReadFromTheConfigurationsFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("guided-adapters-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder + "/adapters", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = FileManager.default.createFile(atPath: folder + "/adapters/next-steps.gguf", contents: Data([0]))
        #expect(try managedError(#"{"next-steps": "adapters/next-steps.gguf"}"#, file: folder + "/guided.json") == nil)
        #expect(try managedError("{}", file: folder + "/guided.json") == nil)
    }

    @Test(arguments: [
        (#"{"next-steps": "missing/next-steps.gguf"}"#, "/backends/0/adapters/next-steps", "names no file"),
        (#"{"Next": "a.gguf"}"#, "/backends/0/adapters/Next", "not an adapter name"),
        (#"{"next-steps": 4}"#, "/backends/0/adapters/next-steps", "path of its GGUF file"),
        (#"["next-steps"]"#, "/backends/0/adapters", "object of adapter names and files"),
        (#"{"next-steps": "/a:b/next-steps.gguf"}"#, "/backends/0/adapters/next-steps", "comma or a colon"),
    ])
    func aBadManagedAdapterIsAnErrorAtItsKey(_ adapters: String, _ pointer: String, _ words: String) throws {
        let error = try #require(try managedError(adapters, file: "/nowhere/guided.json"))
        #expect(error.pointer.description == pointer, "\(error)")
        #expect(error.message.contains(words), "\(error.message)")
        #expect(!error.remedy.isEmpty)
    }

    @Test func aCatalogueModelLoadsTheInstalledAdaptersItListsSortedByName() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("guided-installed-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for file in ["next-steps.gguf", "captions.gguf", "notes.txt", "Bad Name.gguf"] {
            _ = FileManager.default.createFile(atPath: folder + "/" + file, contents: Data([0]))
        }
        let locator = ManagedServerLocator(environment: ["GUIDED_ADAPTERS": folder, "HOME": "/nowhere"])
        var model = try #require(ModelCatalogue.model(named: "gemma-3-270m"))
        #expect(model.adapters == ["next-steps"])
        // Trained for another model, `captions` is installed but not this model's.
        #expect(
            locator.adapters(configured: nil, for: model).map { "\($0.name)=\($0.file)" } == [
                "next-steps=\(folder)/next-steps.gguf"
            ])
        model.adapters = ["next-steps", "captions", "Bad Name"]
        #expect(
            locator.adapters(configured: nil, for: model).map { "\($0.name)=\($0.file)" } == [
                "captions=\(folder)/captions.gguf", "next-steps=\(folder)/next-steps.gguf",
            ])
        #expect(
            locator.adapters(configured: ["b": "/x/b.gguf", "a": "/x/a.gguf"], for: model).map(\.name) == ["a", "b"])
    }

    @Test func aServerOnAFileOfItsOwnLoadsOnlyTheAdaptersItIsConfiguredWith() throws {
        let locator = ManagedServerLocator(environment: ["GUIDED_ADAPTERS": "/nowhere", "HOME": "/nowhere"])
        #expect(locator.adapters(configured: nil, for: nil).isEmpty)
        #expect(locator.adapters(configured: ["a": "/x/a.gguf"], for: nil).map(\.file) == ["/x/a.gguf"])
    }

    @Test func adaptersAreLoadedOffInOrderWithoutTheHostMemoryPromptCache() {
        let plain = ManagedServerProcess.serverArguments(
            model: "/m.gguf", port: 8080, contextSize: 4096, threads: 2, slots: 4, adapters: [])
        let adapted = ManagedServerProcess.serverArguments(
            model: "/m.gguf", port: 8080, contextSize: 4096, threads: 2, slots: 4,
            adapters: ["/a/captions.gguf", "/a/next-steps.gguf"])
        #expect(
            plain == [
                "-m", "/m.gguf", "--host", "127.0.0.1", "--port", "8080", "-c", "4096", "--threads", "2", "-np", "4",
                "--kv-unified", "--swa-full", "--no-webui", "-b", "128", "-ub", "128",
            ])
        #expect(
            adapted
                == plain + [
                    "--lora-scaled", "/a/captions.gguf:0,/a/next-steps.gguf:0", "--cache-ram", "0",
                ])
    }
}
