import Foundation
import GuidedTestSupport
import GuidedTestTraits
import Testing

/// A managed server never outlives the process that started it, even when that process is
/// killed outright (issue 12: no leaked child process). Reproduces the orphan seen when
/// `guided demo` was killed: the death signal was SIGTERM, which the child inherited blocked.
@Suite(.ownThreads) struct OrphanServerTests {
    @Test func killingGuidedMidStartupTakesTheManagedServerWithIt() throws {
        let directory = NSTemporaryDirectory() + "guided-orphan-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // A stand-in "llama-server" that never becomes ready: it records its pid and sleeps.
        let pidFile = directory + "/server.pid"
        let fake = directory + "/fake-llama-server"
        try "#!/bin/sh\necho $$ > '\(pidFile)'\nexec sleep 600\n".write(toFile: fake, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake)
        let model = directory + "/model.gguf"
        try StandInModel.write(to: model)
        let config = directory + "/guided.json"
        try
            #"{"backends":[{"name":"m","kind":"managed-llama-server","binary":"\#(fake)","model":"\#(model)","startupTimeoutSeconds":60}]}"#
            .write(toFile: config, atomically: true, encoding: .utf8)

        let guided = Process()
        guided.executableURL = URL(fileURLWithPath: GuidedCommandTests.repository + "/.build/debug/guided")
        guided.arguments = ["backends", "--config", config]
        guided.standardOutput = FileHandle.nullDevice
        guided.standardError = FileHandle.nullDevice
        try guided.run()
        var serverPID: pid_t?
        for _ in 0..<1500 where serverPID == nil { // up to 30 s on a busy machine
            usleep(20_000)
            serverPID = (try? String(contentsOfFile: pidFile, encoding: .utf8)).flatMap {
                pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines))
            }
        }
        let server = try #require(serverPID, "the managed server never started")
        #expect(kill(server, 0) == 0, "the server runs while guided does")
        kill(guided.processIdentifier, SIGKILL)
        guided.waitUntilExit()
        var gone = false
        for _ in 0..<1500 where !gone { // up to 30 s; SIGKILL on the parent's death is at once
            usleep(20_000)
            gone = kill(server, 0) != 0 || Self.isZombie(server)
        }
        if !gone { kill(server, SIGKILL) }
        #expect(gone, "the managed server outlived guided")
    }

    static func isZombie(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
        return stat.split(separator: ")").last?.split(separator: " ").first == "Z"
    }
}
