import Foundation
import Guided
import GuidedJSON
import GuidedManagedServer
import GuidedTestSupport
import Testing

/// What a `managed-llama-server` configuration's `threads` and `memoryLimitMB` do to the server
/// it launches: a stand-in llama-server records the arguments it was given and the address-space
/// limit (`ulimit -v`, in KiB) it runs under, then fails, so nothing is served.
@Suite struct ManagedServerLaunchTests {
    struct Launch: Equatable {
        var arguments: [String]
        var addressSpaceKiB: String
    }

    /// The stand-in and an empty model file, in a directory of their own.
    static func standIn() throws -> (binary: String, model: String, directory: String) {
        let directory = NSTemporaryDirectory() + "guided-launch-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let binary = directory + "/fake-llama-server"
        let script = """
            #!/bin/sh
            ulimit -v > '\(directory)/limit'
            log=$(readlink /proc/$$/fd/1)
            printf '%s\\n' "$log" > '\(directory)/log'
            stat -c %a "$(dirname "$log")" > '\(directory)/log-folder-mode'
            printf '%s\\n' "$@" > '\(directory)/arguments'
            echo "E the stand-in serves nothing"
            exit 1

            """
        try script.write(toFile: binary, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: binary)
        let model = directory + "/model.gguf"
        try StandInModel.write(to: model)
        return (binary, model, directory)
    }

    /// Builds the backend from a configuration entry with `extra` keys, asks for its
    /// availability (which launches the stand-in) and reads what the stand-in recorded.
    static func launch(_ extra: String) async throws -> (launch: Launch, model: String) {
        let fake = try standIn()
        let document = try JSONReader.parse(
            #"{"backends":[{"name":"m","kind":"managed-llama-server","binary":"\#(fake.binary)","model":"\#(fake.model)"\#(extra)}]}"#
        )
        let backend = try #require(try GuidedConfiguration.from(document, registry: .standard()).backends.first)
        let availability = await backend.availability()
        #expect(!availability.isAvailable, "the stand-in serves nothing: \(availability)")
        let arguments = try String(contentsOfFile: fake.directory + "/arguments", encoding: .utf8)
            .split(separator: "\n").map(String.init)
        let limit = try String(contentsOfFile: fake.directory + "/limit", encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return (Launch(arguments: arguments, addressSpaceKiB: limit), fake.model)
    }

    /// The server's log is written in a fresh folder of its own (mode 0700), not at a predictable
    /// path in the shared temporary folder, and stopping removes that file and folder only.
    @Test func theLogIsInAFreshPrivateFolderRemovedWithIt() async throws {
        let fake = try Self.standIn()
        let document = try JSONReader.parse(
            #"{"backends":[{"name":"m","kind":"managed-llama-server","binary":"\#(fake.binary)","model":"\#(fake.model)"}]}"#
        )
        let backend = try #require(try GuidedConfiguration.from(document, registry: .standard()).backends.first)
        _ = await backend.availability()
        let log = try String(contentsOfFile: fake.directory + "/log", encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let folder = (log as NSString).deletingLastPathComponent
        #expect((folder as NSString).lastPathComponent.hasPrefix("guided-llama-server-"), "\(log)")
        #expect(log.hasSuffix("/server.log"), "\(log)")
        let mode = try String(contentsOfFile: fake.directory + "/log-folder-mode", encoding: .utf8)
        #expect(mode.trimmingCharacters(in: .whitespacesAndNewlines) == "700", "\(folder)")
        #expect(!FileManager.default.fileExists(atPath: folder), "the server stopped and its log went")
    }

    /// The arguments the launch should have, with the free port it picked.
    static func expected(model: String, port: String, threads: Int, limitMB: Int) -> Launch {
        Launch(
            arguments: [
                "-m", model, "--host", "127.0.0.1", "--port", port, "-c", "4096", "--threads", String(threads), "-np",
                "4", "--kv-unified", "--swa-full", "--no-webui", "-b", "128", "-ub", "128",
            ], addressSpaceKiB: String(limitMB * 1024))
    }

    static func port(of launch: Launch) -> String {
        guard let index = launch.arguments.firstIndex(of: "--port"), index + 1 < launch.arguments.count else {
            return "none"
        }
        return launch.arguments[index + 1]
    }

    @Test func threadsAndMemoryLimitReachTheLaunchedServer() async throws {
        let (launch, model) = try await Self.launch(#","threads":3,"memoryLimitMB":1234"#)
        #expect(Int(Self.port(of: launch)) != nil, "\(launch.arguments)")
        #expect(launch == Self.expected(model: model, port: Self.port(of: launch), threads: 3, limitMB: 1234))
    }

    @Test func withoutThemTheServerGetsTwoThreadsAndFourThousandMegabytes() async throws {
        let (launch, model) = try await Self.launch("")
        #expect(launch == Self.expected(model: model, port: Self.port(of: launch), threads: 2, limitMB: 4000))
    }
}
