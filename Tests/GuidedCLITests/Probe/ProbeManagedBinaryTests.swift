import Foundation
import GuidedTestSupport
import GuidedTestTraits
import Testing

/// The probe's managed servers that never serve (`cases_hangs`, `managed-binary-*`, `-huge`): a
/// `binary` that is a folder, lacks the execute bit, exits at once saying why, or has quotes,
/// `$(…)` and backquotes in its path; and limits past any real size. `guided backends` reports the
/// backend unavailable with the reason, or refuses a value it cannot honour naming its key, and
/// never runs the path through a shell.
@Suite(.ownThreads) struct ProbeManagedBinaryTests {
    /// What a managed backend's `binary` is in a ``ManagedBinaryProbe``.
    enum StandInBinary: Sendable {
        /// A `#!/bin/sh` script with this body, executable (`PIDS` names a file beside it).
        case script(String)
        /// The folder holding the model.
        case folder
        /// A `#!/bin/sh` file without the execute bit.
        case notExecutable
    }

    /// A probe case whose configuration (`{dir}/guided.json`, with `{managed}` for a folder of the
    /// test's own) runs `binary` as a managed llama-server on a stand-in model.
    struct ManagedBinaryProbe: Sendable, CustomTestStringConvertible {
        var probe: ProbeCase
        var binary: StandInBinary

        var testDescription: String { probe.name }
    }

    /// The probe's managed backend (`managed.py`): `binary`, the stand-in model, a 60-second start,
    /// `memoryLimitMB` 3000, with `extra` keys replacing or following those.
    static func configuration(binary: String, _ extra: [(key: String, value: String)] = []) -> String {
        var entry: [(key: String, value: String)] = [
            ("name", #""m""#), ("kind", #""managed-llama-server""#), ("binary", "\"\(binary)\""),
            ("model", #""{managed}/model.gguf""#), ("startupTimeoutSeconds", "60"), ("timeoutSeconds", "8"),
            ("idleTimeoutSeconds", "4"), ("memoryLimitMB", "3000"),
        ]
        for (key, value) in extra {
            if let index = entry.firstIndex(where: { $0.key == key }) {
                entry[index].value = value
            } else {
                entry.append((key, value))
            }
        }
        return #"{"backends":[{"# + entry.map { "\"\($0.key)\":\($0.value)" }.joined(separator: ",") + "}]}"
    }

    /// `guided backends` of the managed configuration, `binary` at `path`.
    static func row(
        _ name: String, _ binary: StandInBinary, path: String = "{managed}/server.sh",
        extra: [(key: String, value: String)] = [], exits: Set<Int32>, stdout: String? = nil,
        stderrOnUsageError: String? = nil, seconds: Int = 20
    ) -> ManagedBinaryProbe {
        ManagedBinaryProbe(
            probe: ProbeCase(
                name: name, arguments: ["backends", "--config", "{dir}/guided.json"],
                files: ["guided.json": .text(configuration(binary: path, extra))], runsInFolder: true, exits: exits,
                stdout: stdout, stderrOnUsageError: stderrOnUsageError, seconds: seconds),
            binary: binary)
    }

    static let cases: [ManagedBinaryProbe] = [
        row(
            "managed-binary-directory", .folder, path: "{managed}", exits: [0],
            stdout: "binaryMissing|not found|directory|failed to execute"),
        row(
            "managed-binary-not-executable", .notExecutable, path: "{managed}/llama-server", exits: [0],
            stdout: "binaryMissing|not found"),
        row(
            "managed-binary-exits-at-once", .script("echo 'error: unknown model architecture' >&2\nexit 1"),
            exits: [0], stdout: #"exited \(status 1\).*unknown model architecture"#, seconds: 10),
        row(
            "managed-memory-limit-huge", .script("exit 1"), extra: [("memoryLimitMB", "9223372036854775807")],
            exits: [0, 2], stderrOnUsageError: "memoryLimitMB"),
        row(
            "managed-threads-huge", .script("exit 1"),
            extra: [("threads", "1000000"), ("contextSize", "4611686018427387904")], exits: [0, 2]),
        row(
            "managed-startup-timeout-huge", .script("exit 1"), extra: [("startupTimeoutSeconds", "1e+300")],
            exits: [0, 2], stderrOnUsageError: "startupTimeoutSeconds"),
    ]

    @Test(arguments: cases) func aServerThatCannotStartIsReportedNotRun(_ managed: ManagedBinaryProbe) throws {
        let folder = try Self.standInFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        switch managed.binary {
        case .script(let body): try Self.writeScript(body, at: folder + "/server.sh", pids: folder + "/pids")
        case .folder: break
        case .notExecutable:
            try Data("#!/bin/sh\n".utf8).write(to: URL(fileURLWithPath: folder + "/llama-server"))
            try #require(chmod(folder + "/llama-server", 0o644) == 0)
        }
        var probe = managed.probe
        probe.files = probe.files.mapValues { (file: ProbeFile) -> ProbeFile in
            guard case .text(let text) = file else { return file }
            return .text(text.replacingOccurrences(of: "{managed}", with: folder))
        }
        try ProbeRun.check(probe)
    }

    /// managed-binary-path-shell-metacharacters: a script called `my server's $(touch PWNED) `x`.sh`
    /// runs as itself, from the folder it lies in: it says it started, no `PWNED` appears, and its
    /// exit status reaches the report.
    @Test func aBinaryPathWithShellMetacharactersIsRunAsItIs() throws {
        let folder = try Self.standInFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let script = folder + "/my server's $(touch PWNED) `x`.sh"
        try Self.writeScript("echo started >> \"$PIDS.log\"\nexit 3", at: script, pids: folder + "/pids")
        let configuration = Self.configuration(binary: script).replacingOccurrences(of: "{managed}", with: folder)
        try Data(configuration.utf8).write(to: URL(fileURLWithPath: folder + "/guided.json"))
        let probe = ProbeCase(
            name: "managed-binary-path-shell-metacharacters",
            arguments: ["backends", "--config", folder + "/guided.json"], runsInFolder: true, exits: [0],
            stdout: #"exited \(status 3\)"#)
        let guided = try #require(GuidedCommandTests.builtProduct("guided"))
        let run = try ExecutableRun.run(
            guided, probe.arguments, directory: folder, stdinPath: "/dev/null", timeout: .seconds(probe.seconds))
        try probe.verify(run)
        #expect(
            !FileManager.default.fileExists(atPath: folder + "/PWNED"),
            "the binary path was run through a shell: $(touch PWNED) ran")
        #expect(
            FileManager.default.fileExists(atPath: folder + "/pids.log"),
            "the binary with metacharacters in its path never ran")
    }

    /// A fresh folder holding the stand-in model, `model.gguf`.
    static func standInFolder() throws -> String {
        let folder = NSTemporaryDirectory() + "guided-probe-managed-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try StandInModel.write(to: folder + "/model.gguf")
        return folder
    }

    /// Writes an executable `#!/bin/sh` script at `path` running `body`, with `PIDS` set to `pids`.
    static func writeScript(_ body: String, at path: String, pids: String) throws {
        let text = "#!/bin/sh\nPIDS='\(pids)'\nexport PIDS\n\(body)\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        try #require(chmod(path, 0o755) == 0, "chmod \(path)")
    }
}
