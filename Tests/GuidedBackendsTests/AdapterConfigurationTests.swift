import Foundation
import Guided
import GuidedJSON
import GuidedManagedServer
import GuidedServerBackends
import Testing

/// Adapters in the configuration: an output type's `adapter` (a name, or `false` for none) and a
/// managed server's `adapters` (names and their files), each bad value a located error.
@Suite struct AdapterConfigurationTests {
    let settings = OutputOverridesTests()

    @Test func anOutputTypeNamesItsAdapterOrTurnsItsSchemasOff() throws {
        let configuration = try settings.load(
            "{\(OutputOverridesTests.backends), \"outputs\": {\"StepSuggestions\": {\"adapter\": \"next-steps\"}, "
                + "\"Caption\": {\"adapter\": false}}}")
        #expect(configuration.outputs["StepSuggestions"]?.adapter == .named("next-steps"))
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

    /// Writes `files` (name → contents) into a fresh folder and returns its path.
    static func folder(_ files: [String: String]) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("guided-installed-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (file, contents) in files {
            _ = FileManager.default.createFile(atPath: folder + "/" + file, contents: Data(contents.utf8))
        }
        return folder
    }

    @Test func aCatalogueModelLoadsTheInstalledAdaptersWhoseMetadataNamesItSortedByName() throws {
        let folder = try Self.folder([
            "next-steps.gguf": "w", "next-steps.json": #"{"model": "gemma-3-270m", "stepSenseFloor": -2.0}"#,
            "captions.gguf": "w", "captions.json": #"{"model": "gemma-3-270m"}"#,
            "coder.gguf": "w", "coder.json": #"{"model": "qwen2.5-coder-1.5b-instruct"}"#,
            "unlabelled.gguf": "w", "notes.txt": "", "Bad Name.gguf": "w",
            "Bad Name.json": #"{"model": "gemma-3-270m"}"#,
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let locator = ManagedServerLocator(environment: ["GUIDED_ADAPTERS": folder, "HOME": "/nowhere"])
        let gemma = try #require(ModelCatalogue.model(named: "gemma-3-270m"))
        // `coder` was trained for another model; `unlabelled` has no metadata, so no model claims it
        // and it is reported (an install from before adapters carried metadata).
        let selection = locator.adapters(configured: nil, for: gemma)
        #expect(
            selection.adapters == [
                AdapterFile(name: "captions", file: folder + "/captions.gguf", calibration: AdapterCalibration()),
                AdapterFile(
                    name: "next-steps", file: folder + "/next-steps.gguf",
                    calibration: AdapterCalibration(stepSenseFloor: -2.0)),
            ])
        #expect(
            selection.leftOut == [
                "unlabelled":
                    "\(folder)/unlabelled.gguf has no metadata beside it (\(folder)/unlabelled.json, naming the model it was trained on): run scripts/setup-model"
            ])
        let qwen = try #require(ModelCatalogue.model(named: "qwen2.5-coder-1.5b-instruct"))
        #expect(locator.adapters(configured: nil, for: qwen).adapters.map(\.name) == ["coder"])
        #expect(
            locator.adapters(configured: ["b": "/x/b.gguf", "a": "/x/a.gguf"], for: gemma).adapters.map(\.name) == [
                "a", "b",
            ])
    }

    @Test func anAdapterWhoseMetadataIsUnusableIsLeftOutAloneWithTheFileAndThePlace() throws {
        let folder = try Self.folder([
            "good.gguf": "w", "good.json": #"{"model": "gemma-3-270m"}"#,
            "typo.gguf": "w", "typo.json": #"{"model": "gemma-3-270m", "stepSenseFlor": -2.0}"#,
            "positive.gguf": "w", "positive.json": #"{"model": "gemma-3-270m", "stepSenseFloor": 2}"#,
            "broken.gguf": "w", "broken.json": #"{"model": "gemma-3-270m","#,
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let locator = ManagedServerLocator(environment: ["GUIDED_ADAPTERS": folder, "HOME": "/nowhere"])
        let gemma = try #require(ModelCatalogue.model(named: "gemma-3-270m"))
        let selection = locator.adapters(configured: nil, for: gemma)
        #expect(selection.adapters.map(\.name) == ["good"])
        #expect(selection.leftOut.keys.sorted() == ["broken", "positive", "typo"])
        #expect(
            selection.leftOut["typo"]?.hasPrefix("\(folder)/typo.json: error: unknown key \"stepSenseFlor\"") == true)
        #expect(selection.leftOut["typo"]?.contains("/stepSenseFlor") == true, "\(selection.leftOut)")
        #expect(selection.leftOut["positive"]?.contains("a number at most 0") == true, "\(selection.leftOut)")
        #expect(selection.leftOut["broken"]?.hasPrefix("\(folder)/broken.json:1:") == true, "\(selection.leftOut)")
        // Configured by hand, the same file is left out the same way; without metadata, loaded uncalibrated.
        let configured = locator.adapters(
            configured: ["typo": folder + "/typo.gguf", "plain": "/x/plain.gguf"], for: nil)
        #expect(configured.adapters == [AdapterFile(name: "plain", file: "/x/plain.gguf")])
        #expect(configured.leftOut.keys.sorted() == ["typo"])
    }

    @Test func aServerOnAFileOfItsOwnLoadsOnlyTheAdaptersItIsConfiguredWith() throws {
        // Installed adapters, with and without metadata, are a catalogue model's only.
        let folder = try Self.folder([
            "plain.gguf": "w", "claimed.gguf": "w", "claimed.json": #"{"model": "gemma-3-270m"}"#,
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let locator = ManagedServerLocator(environment: ["GUIDED_ADAPTERS": folder, "HOME": "/nowhere"])
        #expect(locator.adapters(configured: nil, for: nil) == AdapterSelection(adapters: [], leftOut: [:]))
        #expect(locator.adapters(configured: ["a": "/x/a.gguf"], for: nil).adapters.map(\.file) == ["/x/a.gguf"])
    }

    @Test func theRepositorysAdapterMetadataNamesACatalogueModelAndAFloor() throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
        let files = try FileManager.default.contentsOfDirectory(atPath: repository + "/adapters").filter {
            $0.hasSuffix(".gguf")
        }
        #expect(!files.isEmpty)
        for file in files {
            let metadata = try #require(
                try AdapterMetadata.read(besideWeights: repository + "/adapters/" + file), "\(file) has no metadata")
            #expect(ModelCatalogue.model(named: metadata.model ?? "") != nil, "\(file): \(metadata)")
        }
        let nextSteps = try AdapterMetadata.read(besideWeights: repository + "/adapters/next-steps.gguf")
        #expect(
            nextSteps == AdapterMetadata(model: "gemma-3-270m", calibration: AdapterCalibration(stepSenseFloor: -2.0)))
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
