import Foundation
import Guided
import GuidedManagedServer
import GuidedTestSupport
import Testing

/// The managed server picks a free port and hands it to llama-server, which binds it a few
/// milliseconds later; another socket on the machine can take it in between (tests running in
/// parallel bind and connect all the time). llama-server then exits at once with "couldn't
/// bind", and the backend tries a new port instead of reporting itself unavailable.
@Suite struct ManagedServerPortRetryTests {
    /// A stand-in llama-server that fails as a taken port does, `binds` times, then fails
    /// otherwise; every run appends its `--port` argument to `runs`.
    static func fakeServer(failingToBind binds: Int) throws -> (binary: String, model: String, runs: String) {
        let directory = NSTemporaryDirectory() + "guided-port-retry-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let runs = directory + "/runs"
        let binary = directory + "/fake-llama-server"
        let script = """
            #!/bin/sh
            while [ "$1" != "--port" ]; do shift; done
            echo "$2" >> '\(runs)'
            if [ "$(wc -l < '\(runs)')" -le \(binds) ]; then
                echo "E srv start: couldn't bind HTTP server socket, hostname: 127.0.0.1, port: $2"
            else
                echo "E the fake server gives up"
            fi
            exit 1

            """
        try script.write(toFile: binary, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: binary)
        let model = directory + "/model.gguf"
        try StandInModel.write(to: model)
        return (binary, model, runs)
    }

    static func reason(binary: String, model: String) async -> UnavailableReason? {
        var settings = ManagedLlamaServerBackend.Settings()
        settings.binary = binary
        settings.model = model
        guard
            case .unavailable(let reason) = await ManagedLlamaServerBackend(name: "m", settings: settings)
                .availability()
        else { return nil }
        return reason
    }

    @Test func aTakenPortIsRetriedOnANewPort() async throws {
        let fake = try Self.fakeServer(failingToBind: 1)
        let reason = try #require(await Self.reason(binary: fake.binary, model: fake.model))
        #expect(reason.message.contains("the fake server gives up"), "\(reason)")
        let ports = try String(contentsOfFile: fake.runs, encoding: .utf8).split(separator: "\n")
        #expect(ports.count == 2, "\(ports)")
    }

    @Test func aPortThatStaysTakenIsTriedThreeTimesThenReported() async throws {
        let fake = try Self.fakeServer(failingToBind: 100)
        let reason = try #require(await Self.reason(binary: fake.binary, model: fake.model))
        #expect(reason.code == .unhealthy)
        #expect(reason.message.contains("couldn't bind"), "\(reason)")
        let ports = try String(contentsOfFile: fake.runs, encoding: .utf8).split(separator: "\n")
        #expect(ports.count == 3, "\(ports)")
    }
}
